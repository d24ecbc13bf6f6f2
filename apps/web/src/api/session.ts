import type { AuthInfo, TokenResponse } from '@panelwright/contract';
import { DEFAULT_TOKEN_TYPE } from '@panelwright/contract/constants';
import { STORAGE_KEYS } from '../engine/storage-keys';

/** The credentials kept locally: token, token type and the info object (part 1 section 3). */
export const session = {
  token(): string | null {
    return localStorage.getItem(STORAGE_KEYS.authToken);
  },
  tokenType(): string {
    return localStorage.getItem(STORAGE_KEYS.authType) || DEFAULT_TOKEN_TYPE;
  },
  info(): Partial<AuthInfo> | null {
    const raw = localStorage.getItem(STORAGE_KEYS.authInfo);
    if (!raw) return null;
    try {
      return JSON.parse(raw) as Partial<AuthInfo>;
    } catch {
      return null;
    }
  },
  isLoggedIn(): boolean {
    return Boolean(localStorage.getItem(STORAGE_KEYS.authToken));
  },
  save(answer: TokenResponse): void {
    const { access_token, token_type, ...info } = answer;
    localStorage.setItem(STORAGE_KEYS.authToken, access_token);
    localStorage.setItem(STORAGE_KEYS.authType, token_type || DEFAULT_TOKEN_TYPE);
    localStorage.setItem(STORAGE_KEYS.authInfo, JSON.stringify(info));
    const homeUrl = readHomeUrl(info.configs);
    if (homeUrl) localStorage.setItem(STORAGE_KEYS.homeUrl, homeUrl);
    else localStorage.removeItem(STORAGE_KEYS.homeUrl);
  },
  /** Logout's local part: token, type and info, cached first settings and home URL, menus and logo. */
  clear(): void {
    session.clearCredentials();
    session.clearCachedState();
  },
  /** Logout's first step: the token, its type and the user's info. */
  clearCredentials(): void {
    for (const key of [STORAGE_KEYS.authToken, STORAGE_KEYS.authType, STORAGE_KEYS.authInfo]) {
      localStorage.removeItem(key);
    }
  },
  /** Logout's step after the after-logout hooks: cached first settings and home URL, menus and logo. */
  clearCachedState(): void {
    for (const key of [
      STORAGE_KEYS.firstSetting,
      STORAGE_KEYS.homeUrl,
      STORAGE_KEYS.sideMenu,
      STORAGE_KEYS.appMenu,
      STORAGE_KEYS.appLogo,
    ]) {
      localStorage.removeItem(key);
    }
  },
  homeUrl(): string | null {
    return localStorage.getItem(STORAGE_KEYS.homeUrl);
  },
};

/** `configs` is JSON text holding `home_url`; anything else means no home URL. */
export function readHomeUrl(configs: string | undefined): string | null {
  if (!configs) return null;
  try {
    const parsed = JSON.parse(configs) as { home_url?: unknown };
    return typeof parsed.home_url === 'string' && parsed.home_url.startsWith('/') ? parsed.home_url : null;
  } catch {
    return null;
  }
}
