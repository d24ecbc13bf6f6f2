import type { UIAppConfig } from '@panelwright/contract';

const STATE_KEY = 'SocialSignInState';

/**
 * Sends the browser to the provider's authorization endpoint (OAuth 2.0 implicit grant); the
 * provider comes back to /redirect with an access token in the fragment. The `state` value ties the
 * answer to this browser.
 */
export function startSocialSignIn(
  config: Pick<UIAppConfig, 'socialAuthorizeUrl' | 'socialClientId' | 'socialProvider'>,
): void {
  if (!config.socialAuthorizeUrl) return;
  const state = crypto.randomUUID();
  sessionStorage.setItem(STATE_KEY, state);
  const url = new URL(config.socialAuthorizeUrl);
  url.searchParams.set('client_id', config.socialClientId ?? '');
  url.searchParams.set('redirect_uri', `${window.location.origin}/redirect`);
  url.searchParams.set('response_type', 'token');
  url.searchParams.set('scope', 'openid email profile');
  url.searchParams.set('state', state);
  window.location.assign(url.toString());
}

/** The access token of the fragment, if its state is the one this browser sent. */
export function readSocialRedirect(hash: string): { token: string } | { error: string } {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const expected = sessionStorage.getItem(STATE_KEY);
  sessionStorage.removeItem(STATE_KEY);
  const token = params.get('access_token');
  if (params.get('error')) return { error: params.get('error_description') ?? params.get('error') ?? '' };
  if (!token || !expected || params.get('state') !== expected)
    return { error: 'The sign-in could not be completed.' };
  return { token };
}
