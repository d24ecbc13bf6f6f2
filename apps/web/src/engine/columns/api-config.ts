import type { ApiConfig } from '@panelwright/contract';
import { buildApiUrl } from '../api-rules';
import { fillTemplate, fillUrlTemplate, hasValue, type Row, readObject, readText } from '../values';
import { isFollowableLink } from './link';

/** Method of a configured call when the config gives none. */
export const DEFAULT_API_METHOD = 'POST';

/** A configured call, ready for the API client. */
export type ApiCallPlan = {
  /** The filled `url`, or `path` and `name` under /api/v1/ (what the API client takes). */
  target: { url?: string; path?: string; name?: string };
  /** The address relative to the API base: the filled url, or `/api/v1/{path}/{name}`. */
  url: string;
  method: 'POST' | 'GET';
  body: Record<string, unknown>;
};

export type ApiCallContext = {
  /** The row (or form values) that fills `[field]` placeholders, `query` and `queryByField`. */
  row: Row;
  /** The screen's `APIName`: the default `path`. */
  screenApiName: string;
  /** Fields the body starts with (the screen's RequestData, DefaultValues...). */
  baseBody?: Record<string, unknown>;
  /** Start the body with the row's `Id` (true by default; a form sends its values in DataForm instead). */
  includeRowId?: boolean;
  /** The page's shared query (filters and search), sent as `SharedQueryData` when `sendSharedQuery`. */
  sharedQuery?: unknown;
  sendSharedQuery?: boolean;
};

const WHOLE_PLACEHOLDER = /^\[([^[\]]+)\]$/;

/** A `query` value: a text is a template; a text that is one placeholder keeps the field's own type. */
function queryValue(value: unknown, row: Row): unknown {
  if (typeof value !== 'string') return value;
  const whole = WHOLE_PLACEHOLDER.exec(value.trim());
  if (whole?.[1]) {
    const fieldValue = row[whole[1].trim()];
    return hasValue(fieldValue) ? fieldValue : '';
  }
  return fillTemplate(value, row);
}

/**
 * Builds a configured action call: `url` or `/api/v1/{path}/{name}` (path defaults to the screen's
 * APIName) with `[field]` placeholders filled from the row (URL-encoded); method POST unless the config
 * says GET. The body: the row's `Id`, then `baseBody`, then `request`, then `query` (templates), then
 * `queryByField` (`{param: rowField}`), later ones winning.
 */
export function buildApiCall(config: ApiConfig, context: ApiCallContext): ApiCallPlan {
  const { row } = context;
  const url = readText(config.url)?.trim();
  const target = url
    ? { url: fillUrlTemplate(url, row) }
    : {
        path: fillUrlTemplate(readText(config.path)?.trim() || context.screenApiName, row),
        name: fillUrlTemplate(readText(config.name)?.trim() ?? '', row),
      };
  const body: Record<string, unknown> = {};
  if (context.includeRowId !== false && hasValue(row.Id)) body.Id = row.Id;
  Object.assign(body, context.baseBody, readObject(config.request));
  for (const [param, value] of Object.entries(readObject(config.query) ?? {})) {
    body[param] = queryValue(value, row);
  }
  for (const [param, field] of Object.entries(readObject(config.queryByField) ?? {})) {
    if (typeof field === 'string') body[param] = row[field];
  }
  if (context.sendSharedQuery && context.sharedQuery !== undefined)
    body.SharedQueryData = context.sharedQuery;
  return {
    target,
    url: buildApiUrl('', target),
    method: readText(config.method)?.trim().toUpperCase() === 'GET' ? 'GET' : DEFAULT_API_METHOD,
    body,
  };
}

/** A link an action's answer brought back. */
export type FullPathLink = { url: string; name: string | undefined; info: string | undefined };

/** What to do with the full-path fields of an answer's `Data`. */
export type FullPathOutcome =
  | { kind: 'nothing' }
  | {
      kind: 'open';
      /** `FullPath` first, then the items of `FullPathList`; links that may not be followed are left out. */
      links: FullPathLink[];
      /** `FullPathTitle`, else `FullPathListName`. */
      title: string | undefined;
      newWindow: boolean;
      download: boolean;
      /** Open at once (`autoOpenLink`, and a single link); otherwise show the links. */
      autoOpen: boolean;
    };

/**
 * Reads `FullPath`, `FullPathList` and their companions from an answer's `Data`. The answer's
 * `FullPathNewWindow` wins over the column's `newWindow`; either way a new window unless false.
 * No followable link: nothing to show.
 */
export function fullPathOutcome(
  data: unknown,
  options: { newWindow?: boolean; autoOpenLink?: boolean } = {},
): FullPathOutcome {
  const result = readObject(data);
  if (!result) return { kind: 'nothing' };
  const candidates: FullPathLink[] = [];
  const single = readText(result.FullPath)?.trim();
  if (single) {
    candidates.push({
      url: single,
      name: readText(result.FullPathName),
      info: readText(result.FullPathInfo),
    });
  }
  if (Array.isArray(result.FullPathList)) {
    for (const item of result.FullPathList) {
      const entry = readObject(item);
      const url = readText(entry?.FullPath)?.trim();
      if (url)
        candidates.push({ url, name: readText(entry?.FullPathName), info: readText(entry?.FullPathInfo) });
    }
  }
  const links = candidates.filter((link) => isFollowableLink(link.url));
  if (links.length === 0) return { kind: 'nothing' };
  const newWindow =
    typeof result.FullPathNewWindow === 'boolean' ? result.FullPathNewWindow : options.newWindow !== false;
  return {
    kind: 'open',
    links,
    title: readText(result.FullPathTitle) ?? readText(result.FullPathListName),
    newWindow,
    download: result.FullPathDownload === true,
    autoOpen: options.autoOpenLink === true && links.length === 1,
  };
}

/** What the UI does after a configured call succeeded. */
export type ApiAfterSuccess = {
  reloadPage: boolean;
  reloadList: boolean;
  reloadOptionsAndList: boolean;
  /** Re-expand the row the call came from. */
  reExpand: boolean;
  /** Re-fetch the row through `Detail`. */
  reloadRow: boolean;
  /** The answer's `Msg` to toast (`needSendMsg`), or undefined; never when a secret is shown. */
  toast: string | undefined;
  /**
   * A value shown once (`secretField`: a temporary password, a key), with the answer's `Msg`: kept in a
   * dialog until closed, with a Copy button, rather than in a toast that vanishes.
   */
  secret: { value: string; message: string | undefined } | undefined;
  fullPath: FullPathOutcome;
};

/** The after-success decisions of an api config, given the answer (the envelope). */
export function decideAfterApiSuccess(
  config: ApiConfig,
  answer: unknown,
  linkOptions: { newWindow?: boolean; autoOpenLink?: boolean } = {},
): ApiAfterSuccess {
  const envelope = readObject(answer) ?? {};
  const msg = readText(envelope.Msg);
  const secretValue =
    typeof config.secretField === 'string'
      ? readText(readObject(envelope.Data)?.[config.secretField])
      : undefined;
  const secret = secretValue ? { value: secretValue, message: msg?.trim() || undefined } : undefined;
  return {
    reloadPage: config.needReloadPage === true,
    reloadList: config.needReloadList === true,
    reloadOptionsAndList: config.needReloadOptionsAndList === true,
    reExpand: config.needReExpand === true,
    reloadRow: config.needReloadRow === true,
    toast: !secret && config.needSendMsg === true && msg?.trim() ? msg : undefined,
    secret,
    fullPath: fullPathOutcome(envelope.Data, linkOptions),
  };
}
