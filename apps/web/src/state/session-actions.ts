import type { FirstSettingData, TokenResponse } from '@panelwright/contract';
import { APP_DEFAULTS } from '@panelwright/contract/constants';
import { revokeSession } from '../api/auth';
import { session } from '../api/session';
import { fetchFirstSetting } from '../api/settings';
import { localCacheFlag, shouldClearLocalCache } from '../engine/screens';
import { STORAGE_KEYS } from '../engine/storage-keys';
import { applyLanguageSources } from '../texts';
import { runAfterLogoutHooks } from './after-logout';
import { getAppState, setAppState } from './app-store';
import { clearIdleDeadline } from './idle-storage';
import { applyLanguage, clearLocalStorageCache } from './local-preferences';
import { navigate } from './navigation';

/** After logout the app goes to / after this long. */
export const LOGOUT_REDIRECT_DELAY_MS = 500;

function readCachedFirstSetting(): FirstSettingData | null {
  const raw = localStorage.getItem(STORAGE_KEYS.firstSetting);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as FirstSettingData;
  } catch {
    return null;
  }
}

/**
 * Loads the first settings: a cached copy shows at once, the server's answer replaces it. Without a
 * cache the shell waits (spinner); if the server cannot answer either, the configuration is missing.
 */
export async function loadFirstSetting(): Promise<void> {
  const cached = readCachedFirstSetting();
  if (cached && !getAppState().dataFirstSetting) setAppState({ dataFirstSetting: cached });
  try {
    const fresh = await fetchFirstSetting();
    applyLocalCacheRule(fresh);
    localStorage.setItem(STORAGE_KEYS.firstSetting, JSON.stringify(fresh));
    // The server steers the languages: where their files are, the extra files, and (once signed in)
    // the account's language (part 1 section 4).
    void applyLanguageSources(fresh.LanguageList, fresh.DefaultValues.listExtLng);
    if (session.isLoggedIn() && fresh.UserLanguageCode) void applyLanguage(fresh.UserLanguageCode);
    // A forced password change is read from the server's answer only, never from a cached copy.
    setAppState({
      dataFirstSetting: fresh,
      firstSettingSettled: true,
      mustChangePassword: session.isLoggedIn() && fresh.IsNeedCheckChangePass,
    });
  } catch {
    setAppState({ firstSettingSettled: true });
  }
}

/** Drops what this browser keeps locally when the server asks for it (part 1 section 4). */
function applyLocalCacheRule(fresh: FirstSettingData): void {
  const userId = session.info()?.user_id ?? null;
  const flag = localCacheFlag(fresh.DefaultValues, userId);
  // A lifted flag is forgotten, so that setting it again is a new value.
  if (flag === null) localStorage.removeItem(STORAGE_KEYS.localCacheClearedFor);
  const memory = {
    clearedAt: Number(localStorage.getItem(STORAGE_KEYS.localCacheClearedAt)) || null,
    clearedFor: localStorage.getItem(STORAGE_KEYS.localCacheClearedFor),
  };
  if (!shouldClearLocalCache(fresh.DefaultValues, userId, Date.now(), memory)) return;
  clearLocalStorageCache();
  localStorage.setItem(STORAGE_KEYS.localCacheClearedAt, String(Date.now()));
  if (flag !== null) localStorage.setItem(STORAGE_KEYS.localCacheClearedFor, flag);
}

/** The saved redirect-after-login address, consumed once; only same-site paths are followed. */
function takeRedirectAfterLogin(): string | null {
  const target = localStorage.getItem(STORAGE_KEYS.redirectAfterLogin);
  localStorage.removeItem(STORAGE_KEYS.redirectAfterLogin);
  return target?.startsWith('/') && !target.startsWith('//') ? target : null;
}

/** Set while a deliberate logout runs: the page the user left is not an address to come back to. */
let signingOut = false;
/** The page a logout is leaving, until the app has gone to / (part 1 section 2: after 500 ms). */
let leavingPath: string | null = null;

/**
 * Whether a private page is the one a logout is leaving: it then shows nothing for its last 500 ms,
 * rather than sending the new guest to /login on the way to /.
 */
export function isBeingLeft(pathname: string): boolean {
  return leavingPath === pathname;
}

export function rememberRedirectAfterLogin(path: string): void {
  if (path !== '/login' && !signingOut) localStorage.setItem(STORAGE_KEYS.redirectAfterLogin, path);
}

/** Where a user lands after signing in: the saved address, else the configured home URL. */
export function landingPath(): string {
  return (
    takeRedirectAfterLogin() ??
    session.homeUrl() ??
    getAppState().dataFirstSetting?.DefaultHomeURL ??
    APP_DEFAULTS.homeUrl
  );
}

export type SignInOutcome =
  | { kind: 'two-factor'; answer: TokenResponse }
  | { kind: 'signed-in'; path: string };

/** A token answer either asks for the second factor or completes the sign-in. */
export function handleTokenResponse(answer: TokenResponse): SignInOutcome {
  if (answer.fa2_needenable || answer.fa2_needverify) return { kind: 'two-factor', answer };
  return { kind: 'signed-in', path: completeLogin(answer) };
}

/** Keeps a successful token response and refreshes what depends on the user. */
export function completeLogin(answer: TokenResponse): string {
  signingOut = false;
  leavingPath = null;
  expiredByIdleCheck = false;
  session.save(answer);
  localStorage.removeItem(STORAGE_KEYS.just401);
  setAppState((state) => ({ isAuthenticated: true, loginRefreshCount: state.loginRefreshCount + 1 }));
  // The account's language wins over this browser's choice.
  if (answer.language_code) void applyLanguage(answer.language_code);
  void loadFirstSetting();
  return landingPath();
}

/**
 * The local end of a session (part 1 section 4): token, type and info, then the after-logout hooks,
 * then the cached first settings, home URL, menus and logo.
 */
async function endSessionLocally(): Promise<void> {
  session.clearCredentials();
  const failures = await runAfterLogoutHooks();
  session.clearCachedState();
  for (const failure of failures) console.error('An after-logout hook failed', failure);
}

/** Logout: revoke the session on the server, clear what is kept locally, go to / after 500 ms. */
export async function logout(): Promise<void> {
  signingOut = true;
  localStorage.removeItem(STORAGE_KEYS.redirectAfterLogin);
  await revokeSession();
  await endSessionLocally();
  // The page being left stays empty until the app is at /, instead of sending a guest to /login.
  leavingPath = window.location.pathname;
  setAppState({ isAuthenticated: false, mustChangePassword: false });
  void loadFirstSetting();
  // A tab that was watching for idleness reloads, so that no timer of the old session survives.
  const reload = clearIdleDeadline();
  setTimeout(() => {
    if (reload) {
      window.location.assign('/');
      return;
    }
    // Forgotten without a render: a guard that renders once more before / is drawn stays empty.
    void navigate('/').finally(() => {
      leavingPath = null;
    });
  }, LOGOUT_REDIRECT_DELAY_MS);
}

/**
 * Set while the idle check ends the session and until the next sign-in: the expiry dialog is the one
 * message then, and calls refused because the session ended say nothing more.
 */
let expiredByIdleCheck = false;

/** The idle countdown ran out: the session ends here and on the server; the dialog stays open. */
export async function expireSession(): Promise<void> {
  expiredByIdleCheck = true;
  await revokeSession();
  await endSessionLocally();
  clearIdleDeadline();
  setAppState({ isAuthenticated: false, mustChangePassword: false });
}

/** A 401: the user is logged out, and the next login page says the authorization failed. */
export function handleUnauthorized(): void {
  if (signingOut || expiredByIdleCheck) {
    // The session was ended on purpose: a call that was under way is refused, as expected.
    void endSessionLocally();
    setAppState({ isAuthenticated: false, mustChangePassword: false });
    return;
  }
  void endSessionLocally();
  localStorage.setItem(STORAGE_KEYS.just401, '1');
  setAppState({ isAuthenticated: false, mustChangePassword: false });
  if (window.location.pathname !== '/login') {
    rememberRedirectAfterLogin(window.location.pathname + window.location.search);
    navigate('/login');
  }
}

/** True once: whether the previous page ended with a 401. */
export function consumeJust401(): boolean {
  const flagged = localStorage.getItem(STORAGE_KEYS.just401) !== null;
  localStorage.removeItem(STORAGE_KEYS.just401);
  return flagged;
}
