import { oidcStart } from '../../api/account';

const PENDING_KEY = 'OidcSignInPending';

/** What the provider's return carries to `Account/OidcLogin`. */
export type OidcReturn = { Code: string; State: string; Iss?: string; Pending: string };

/**
 * OpenID Connect sign-in: the server makes the provider's address (code flow with PKCE, state and
 * nonce) and a sealed copy of what it must check on the return; this browser keeps that copy for the
 * tab (sessionStorage) and goes to the provider, which comes back to /redirect with `code` and `state`.
 */
export async function startOidcSignIn(): Promise<void> {
  const start = await oidcStart();
  sessionStorage.setItem(PENDING_KEY, JSON.stringify({ state: start.State, pending: start.Pending }));
  window.location.assign(start.Url);
}

/**
 * The provider's answer in /redirect's query, when this tab started an OpenID sign-in (null
 * otherwise: the social sign-in's return). The state must be the one this tab sent.
 */
export function readOidcRedirect(search: string): OidcReturn | { error: string } | null {
  const stored = sessionStorage.getItem(PENDING_KEY);
  const params = new URLSearchParams(search);
  if (!stored || !(params.has('code') || params.has('error'))) return null;
  sessionStorage.removeItem(PENDING_KEY);
  let started: { state?: unknown; pending?: unknown };
  try {
    started = JSON.parse(stored) as typeof started;
  } catch {
    started = {};
  }
  const error = params.get('error');
  if (error) return { error: params.get('error_description') || error };
  const code = params.get('code');
  const state = params.get('state');
  if (!code || !state || typeof started.pending !== 'string' || state !== started.state)
    return { error: 'The sign-in could not be completed. Please start it again.' };
  const iss = params.get('iss');
  return { Code: code, State: state, Pending: started.pending, ...(iss ? { Iss: iss } : {}) };
}
