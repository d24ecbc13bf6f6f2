import type { ReactNode } from 'react';

/** The centred card every sign-in, registration and recovery page sits in. */
export function AuthCard({ children }: { children: ReactNode }) {
  return (
    <main className="auth-page d-flex align-items-center justify-content-center">
      <div className="card auth-card shadow-sm">
        <div className="card-body p-4">{children}</div>
      </div>
    </main>
  );
}
