import type { FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../lib/errors';
import type { AuthContext, SessionScope, SessionService } from '../modules/sessions/service';

/**
 * Who may call an action:
 * - `public`: anyone; a valid token, if sent, identifies the caller (a bad one is still a 401).
 * - `user`: a full session.
 * - `fa2`: a full session or the short-lived two-factor step token.
 * - `admin`: a full session of an administrator; other users get a 403.
 */
export type AuthMode = 'public' | 'user' | 'fa2' | 'admin';

const SCOPES: Record<AuthMode, readonly SessionScope[]> = {
  public: ['access'],
  user: ['access'],
  fa2: ['access', 'fa2'],
  admin: ['access'],
};

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** The token of `Authorization: Bearer x`, or of `?access_token=x` where a header cannot be sent (SSE). */
export function bearerToken(request: FastifyRequest, allowQuery = false): string | null | undefined {
  const header = request.headers.authorization;
  if (header !== undefined) {
    const match = /^Bearer\s+([A-Za-z0-9._~+/=-]+)\s*$/i.exec(header);
    return match?.[1] ?? null;
  }
  if (allowQuery) {
    const value = (request.query as Record<string, unknown> | undefined)?.access_token;
    if (typeof value === 'string') return value;
  }
  return undefined;
}

/** Whether a user may administer (the access service decides; see modules/access). */
export type AdministratorCheck = (user: AuthContext['user']) => Promise<boolean>;

export function createAuthenticator(sessions: SessionService, isAdministrator: AdministratorCheck) {
  return (mode: AuthMode, options: { allowQueryToken?: boolean } = {}) =>
    async (request: FastifyRequest): Promise<void> => {
      const token = bearerToken(request, options.allowQueryToken);
      if (token === null) throw unauthorized('The Authorization header must be "Bearer <token>".');
      if (token === undefined) {
        if (mode === 'public') return;
        throw unauthorized('Sign in first: this call needs an access token.');
      }
      request.auth = await sessions.verify(token, SCOPES[mode]);
      if (mode === 'admin' && !(await isAdministrator(request.auth.user))) {
        throw forbidden('Only an administrator may do this (permission missing: Administration).');
      }
    };
}
export type Authenticator = ReturnType<typeof createAuthenticator>;

/** The caller of an action whose mode demands a session (`user`, `fa2`, `admin`). */
export function signedIn(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized('Sign in first: this call needs an access token.');
  return request.auth;
}
