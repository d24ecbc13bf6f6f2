import { APP_DEFAULTS } from '@panelwright/contract/constants';
import type { PageContext } from '../engine/api-rules';
import { translate } from '../texts';
import { appConfig } from './app-config';
import { type ApiHost, createApiClient } from './client';
import { previewHeaders } from './preview';
import { session } from './session';

const startedAt = Date.now();
/** One id per page load, sent as UI_FirstID so the server can tie a page's calls together. */
const firstId = `${startedAt.toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/** The developer tools' base-URL simulator keeps its choice here (development builds only). */
export const BASE_URL_OVERRIDE_KEY = 'ApiBaseUrl';

/**
 * The API base, read at every call: in development the simulator's choice first; then the run-time app
 * configuration (`/config/app-config.json`); then the build's VITE_API_BASE; else the same origin.
 */
export function apiBaseUrl(): string {
  if (import.meta.env.DEV) {
    const override = localStorage.getItem(BASE_URL_OVERRIDE_KEY);
    if (override) return override;
  }
  const configured = appConfig()?.apiBaseUrl;
  if (configured) return configured;
  return (import.meta.env.VITE_API_BASE as string | undefined) ?? '';
}

/**
 * The document's width, kept up to date as layout changes it rather than read on each call: reading
 * `clientWidth` right after a large change of the page (a list drawn) forces the browser to lay the
 * page out there and then, which cost 25 ms while 10,000 rows were being drawn.
 */
let documentWidth = document.documentElement.clientWidth;
if (typeof ResizeObserver !== 'undefined') {
  new ResizeObserver(() => {
    // Called after layout, when the width is known without forcing it.
    documentWidth = document.documentElement.clientWidth;
  }).observe(document.documentElement);
}

function pageContext(): PageContext {
  return {
    firstId,
    appName: APP_DEFAULTS.siteName,
    url: window.location.href,
    documentWidth,
    startAt: startedAt,
    timezoneOffset: new Date().getTimezoneOffset(),
    language: document.documentElement.lang || APP_DEFAULTS.defaultLanguage,
  };
}

type UiHooks = Pick<
  ApiHost,
  'notify' | 'showMaintenance' | 'onUnauthorized' | 'onSecondFactorOwed' | 'observe' | 'onFailure'
>;
let hooks: UiHooks = {
  notify: () => {},
  showMaintenance: () => {},
  onUnauthorized: () => {},
  observe: () => {},
};

/** The shell installs the UI side of the client (toasts, dialogs, logout) once it is mounted. */
export function installApiHooks(next: UiHooks): void {
  hooks = next;
}

/** The app's one API client. */
export const api = createApiClient({
  baseUrl: apiBaseUrl,
  credentials: () => ({ token: session.token(), type: session.tokenType() }),
  page: pageContext,
  notify: (text, kind) => hooks.notify(text, kind),
  showMaintenance: () => hooks.showMaintenance(),
  onUnauthorized: () => hooks.onUnauthorized(),
  onSecondFactorOwed: () => hooks.onSecondFactorOwed?.(),
  observe: (response) => hooks.observe?.(response),
  translate: (key, values) => translate(key, values),
  onFailure: (failure) => hooks.onFailure?.(failure),
  headers: previewHeaders,
});
