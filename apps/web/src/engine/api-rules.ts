import type { CommonBody } from '@panelwright/contract';
import { COMMON_BODY_FIELDS, STATUS_SUCCESS } from '@panelwright/contract/constants';

/** Request time-out of the main client (part 1 section 9). */
export const REQUEST_TIMEOUT_MS = 300_000;
/**
 * Time-out of the building blocks' generic API helper: configured action calls, form submits and cell
 * updates (part 2 section 7 gives 120000 ms there; both readings stand, each for its own calls).
 */
export const HELPER_TIMEOUT_MS = 120_000;
/** Network-error toasts are debounced by this much. */
export const NETWORK_ERROR_DEBOUNCE_MS = 500;
/** The maintenance dialog appears after more than this many network errors. */
export const MAINTENANCE_AFTER_NETWORK_ERRORS = 3;
/** The admin version; only versions other than v5 toast the Msg of a successful call. */
export const ADMIN_VERSION = 'v5';

export const API_TEXTS = {
  networkError: 'Network error!!!',
  maintenance: 'The server is under maintenance. Please try again later',
  defaultEnvelopeError: 'Error from server',
  noResponseData: 'No response data',
  authorizationFailed: 'Your authorization failed!\nPlease try login again',
} as const;

/** Translates a text keyed by its English wording, `{{name}}` parts filled from `values`. */
export type Translate = (key: string, values?: Record<string, string | number>) => string;
/** The English text itself, parts filled in (when no translation is at hand). */
export const fillText: Translate = (key, values = {}) =>
  key.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));

/** Texts assembled at run time: translation keys with parameters. */
export const API_TEMPLATES = {
  apiNotFound: 'Connect server error!!! Api [{{api}}] not found',
  httpError: '{{status}} - {{title}}',
} as const;

/** The 404 toast text. */
export const apiNotFoundText = (apiName: string, t: Translate = fillText) =>
  t(API_TEMPLATES.apiNotFound, { api: apiName });
/** The toast text of any other HTTP error; the status title is translated too. */
export const httpErrorText = (status: number, title: string | undefined, t: Translate = fillText) =>
  t(API_TEMPLATES.httpError, { status, title: title ? t(title) : '' }).trim();

/** `{base}/api/v1/{path}/{name}`, or the full url when one is given. */
export function buildApiUrl(base: string, target: { url?: string; path?: string; name?: string }): string {
  if (target.url) return target.url;
  const trimmedBase = base.replace(/\/+$/, '');
  const segments = [target.path, target.name]
    .filter((s): s is string => Boolean(s))
    .map((s) => s.replace(/^\/+|\/+$/g, ''));
  return `${trimmedBase}/api/v1/${segments.join('/')}`;
}

/** The API name a user sees in the 404 toast: `path/name`, or the url's part after /api/v1/. */
export function apiNameOf(target: { url?: string; path?: string; name?: string }): string {
  if (target.path || target.name) return [target.path, target.name].filter(Boolean).join('/');
  const url = target.url ?? '';
  const index = url.indexOf('/api/v1/');
  return index >= 0 ? url.slice(index + '/api/v1/'.length) : url;
}

export type PageContext = {
  firstId: string;
  appName: string;
  url: string;
  documentWidth: number;
  startAt: number;
  timezoneOffset: number;
  language: string;
};

/** Extends a POST body with the common fields; the caller's own values win. */
export function withCommonFields<T extends Record<string, unknown>>(
  body: T,
  page: PageContext,
): T & CommonBody {
  const common: Required<CommonBody> = {
    UI_FirstID: page.firstId,
    AppName: page.appName,
    Url: page.url,
    DocumentWidth: page.documentWidth,
    UI_StartAt: page.startAt,
    UI_TimezoneOffset: page.timezoneOffset,
    UI_Language: page.language,
  };
  const result: Record<string, unknown> = { ...body };
  for (const field of COMMON_BODY_FIELDS) {
    if (result[field] === undefined) result[field] = common[field];
  }
  return result as T & CommonBody;
}

/** `Authorization: {type} {token}`, with the default type Bearer. */
export function authorizationHeader(token: string | null, type: string | null): string | undefined {
  if (!token) return undefined;
  return `${type || 'Bearer'} ${token}`;
}

/**
 * The success rule: StatusCode 1 or 200, or no status check requested, or a user_id in the answer
 * (the token call answers without an envelope).
 */
export function isSuccessfulAnswer(data: unknown, checkStatus: boolean): boolean {
  if (!checkStatus) return true;
  if (data === null || typeof data !== 'object') return false;
  const record = data as Record<string, unknown>;
  if (record.StatusCode === STATUS_SUCCESS || record.StatusCode === 200) return true;
  return record.user_id !== undefined && record.user_id !== null;
}

/** Whether a successful call shows its Msg as a toast (only outside admin v5). */
export function shouldToastSuccessMsg(adminVersion: string, msg: unknown): msg is string {
  return adminVersion !== ADMIN_VERSION && typeof msg === 'string' && msg.trim() !== '';
}
