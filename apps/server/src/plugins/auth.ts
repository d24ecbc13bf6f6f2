import { API_KEY_PREFIX, ERROR_CODES } from '@panelwright/contract';
import type { FastifyRequest } from 'fastify';
import type { Authenticator, AuthMode } from '../lib/auth-mode';
import { forbidden, HttpError, unauthorized } from '../lib/errors';
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

/**
 * What a signed-in user must do before anything else: change a temporary or expired password, or set
 * up the second factor the settings (or an administrator) require; null when nothing is owed.
 */
export type OwedStep = 'password' | 'fa2' | null;
export type OwedStepCheck = (user: AuthContext['user']) => Promise<OwedStep>;

/**
 * The calls a session owing a step may still make, besides those a guest may make: the step itself,
 * reading one's profile, keeping the session alive, signing out, and the menu and configuration
 * version the web app's shell asks for (they hold no records).
 */
const ALLOWED_WHILE_OWING: Record<Exclude<OwedStep, null>, ReadonlySet<string>> = {
  password: new Set([
    'Account/ChangePassword',
    'Account/Logout',
    'Account/KeepAlive',
    'Account/MyProfile',
    'ConfigMenu/CategoryScreenList',
    'Configuration/LiveVersion',
  ]),
  fa2: new Set([
    'Account/Logout',
    'Account/KeepAlive',
    'Account/MyProfile',
    'ConfigMenu/CategoryScreenList',
    'Configuration/LiveVersion',
  ]),
};

/** The refusal of a call a session owing a step may not make: its code names the step to take. */
const OWED_REFUSALS: Record<Exclude<OwedStep, null>, { error: string; message: string }> = {
  password: {
    error: ERROR_CODES.passwordChangeRequired,
    message: 'Change your password first: until then you may only change it or sign out.',
  },
  fa2: {
    error: ERROR_CODES.secondFactorRequired,
    message: 'Set up your second factor first: until then you may only set it up or sign out.',
  },
};

/** Checks an API key (modules/api-keys); throws a 401 or 429 HttpError. */
export type ApiKeyCheck = (token: string, request: FastifyRequest) => Promise<AuthContext>;

/**
 * Calls an API key may never make: a key is no session, so it cannot sign out, change a password,
 * set up a second factor or make more keys; and the web app's sign-in stays the web app's.
 */
const REFUSED_TO_KEYS = ['Account/', 'Aauth2FA/', 'ApiKey/'];
const ALLOWED_TO_KEYS = new Set(['Account/MyProfile']);

/** The action a route serves (`Account/ChangePassword` of `/api/v1/Account/ChangePassword`). */
function actionOf(request: FastifyRequest): string {
  const url = request.routeOptions.url ?? request.url;
  return url.startsWith('/api/v1/') ? url.slice('/api/v1/'.length) : url;
}

export function createAuthenticator(
  sessions: SessionService,
  isAdministrator: AdministratorCheck,
  /** Whether a user may use the studio (the `studio` grant; see modules/access). */
  mayUseStudio: AdministratorCheck = isAdministrator,
  /** What the user owes before any other call (issue 20, point 5); nothing by default. */
  owedStep: OwedStepCheck = async () => null,
  /** How a `Bearer pwk_…` API key is checked; keys are refused without it. */
  apiKey: ApiKeyCheck | null = null,
): Authenticator {
  return (mode: AuthMode, options: { allowQueryToken?: boolean } = {}) =>
    async (request: FastifyRequest): Promise<void> => {
      const token = bearerToken(request, options.allowQueryToken);
      if (token === null) throw unauthorized('The Authorization header must be "Bearer <token>".');
      if (token === undefined) {
        if (mode === 'public') return;
        throw unauthorized('Sign in first: this call needs an access token.');
      }
      if (token.startsWith(API_KEY_PREFIX)) {
        const action = actionOf(request);
        const refused =
          apiKey === null ||
          mode === 'fa2' ||
          options.allowQueryToken === true ||
          (REFUSED_TO_KEYS.some((prefix) => action.startsWith(prefix)) && !ALLOWED_TO_KEYS.has(action));
        if (refused)
          throw unauthorized('An API key cannot be used for this call: it needs a signed-in session.');
        request.auth = await apiKey(token, request);
      } else {
        request.auth = await sessions.verify(token, SCOPES[mode]);
      }
      // A session owing a step does that step and nothing else, whatever client holds the token. A
      // guest's calls stay open (they answer the same without the token); the two-factor calls are
      // the enrolment itself.
      if (mode !== 'public' && request.auth.session.scope === 'access' && !request.auth.apiKey) {
        const owed = await owedStep(request.auth.user);
        if (
          owed !== null &&
          !(owed === 'fa2' && mode === 'fa2') &&
          !ALLOWED_WHILE_OWING[owed].has(actionOf(request))
        ) {
          throw new HttpError(403, OWED_REFUSALS[owed].error, OWED_REFUSALS[owed].message);
        }
      }
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
