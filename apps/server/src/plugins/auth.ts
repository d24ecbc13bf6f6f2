import type { FastifyRequest } from 'fastify';
import type { Authenticator, AuthMode } from '../lib/auth-mode';
import { forbidden, unauthorized } from '../lib/errors';
import type { AuthContext, SessionScope, SessionService } from '../modules/sessions/service';

export type { Authenticator, AuthMode } from '../lib/auth-mode';

const SCOPES: Record<AuthMode, readonly SessionScope[]> = {
  public: ['access'],
  user: ['access'],
  fa2: ['access', 'fa2'],
  admin: ['access'],
  studio: ['access'],
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

export function createAuthenticator(
  sessions: SessionService,
  isAdministrator: AdministratorCheck,
  /** Whether a user may use the studio (the `studio` grant; see modules/access). */
  mayUseStudio: AdministratorCheck = isAdministrator,
): Authenticator {
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
      if (mode === 'studio' && !(await mayUseStudio(request.auth.user))) {
        throw forbidden('Your role may not change the configuration (permission missing: Studio).');
      }
    };
}

/** The caller of an action whose mode demands a session (`user`, `fa2`, `admin`). */
export function signedIn(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized('Sign in first: this call needs an access token.');
  return request.auth;
}
