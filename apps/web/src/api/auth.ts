import type { TokenResponse } from '@panelwright/contract';
import { api, apiBaseUrl } from './api';

/** `POST /oauth2/token`, the password grant. A wrong password rejects with the server's description. */
export function requestToken(username: string, password: string): Promise<TokenResponse> {
  return api.call<TokenResponse>({
    url: `${apiBaseUrl()}/oauth2/token`,
    form: true,
    hideError: true,
    silent: true,
    body: { grant_type: 'password', username, password, app_name: 'Admin' },
  });
}

/** Revokes the current session on the server; failures are ignored (the local logout goes on). */
export async function revokeSession(): Promise<void> {
  await api.post('Account', 'Logout', {}, { silent: true, hideError: true }).catch(() => {});
}
