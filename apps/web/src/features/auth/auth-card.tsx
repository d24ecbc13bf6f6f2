import type { ReactNode } from 'react';
import { LanguageSelect } from '../../components/language-select';
import { useAppStore } from '../../state/app-store';
import { applyLanguage } from '../../state/local-preferences';

/**
 * The centred card every sign-in, registration and recovery page sits in, with margins on a phone,
 * and the language switch above it when the product offers a choice (`languageChange`).
 */
export function AuthCard({ children }: { children: ReactNode }) {
  const config = useAppStore((s) => s.dataFirstSetting?.UIAppConfig);
  const languages = useAppStore((s) => s.dataFirstSetting?.LanguageList ?? []);
  return (
    <main className="auth-page d-flex flex-column align-items-center justify-content-center px-3 py-4">
      {config?.languageChange && languages.length > 1 && (
        <div className="auth-language d-flex justify-content-end mb-2">
          {/* Signed out, the choice is this browser's; the account's own applies at sign-in. */}
          <LanguageSelect languages={languages} onChange={(code) => void applyLanguage(code)} />
        </div>
      )}
      <div className="card auth-card shadow-sm">
        <div className="card-body p-4">{children}</div>
      </div>
    </main>
  );
}
