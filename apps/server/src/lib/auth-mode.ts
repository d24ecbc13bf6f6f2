import type { FastifyRequest } from 'fastify';

/**
 * Who may call an action:
 * - `public`: anyone; a valid token, if sent, identifies the caller (a bad one is still a 401).
 * - `user`: a full session.
 * - `fa2`: a full session or the short-lived two-factor step token.
 * - `admin`: a full session of an administrator; other users get a 403.
 * - `studio`: a full session of a user granted the studio (administrators are); others get a 403.
 */
export type AuthMode = 'public' | 'user' | 'fa2' | 'admin' | 'studio';

/** Makes the `onRequest` hook that authenticates the calls of one mode (the auth plugin builds it). */
export type Authenticator = (
  mode: AuthMode,
  options?: { allowQueryToken?: boolean },
) => (request: FastifyRequest) => Promise<void>;
