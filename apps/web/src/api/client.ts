import type { Envelope, ErrorBody } from '@panelwright/contract';
import { ERROR_CODES } from '@panelwright/contract/constants';
import {
  ADMIN_VERSION,
  API_TEXTS,
  apiNameOf,
  apiNotFoundText,
  authorizationHeader,
  buildApiUrl,
  fillText,
  httpErrorText,
  isSuccessfulAnswer,
  type PageContext,
  REQUEST_TIMEOUT_MS,
  shouldToastSuccessMsg,
  type Translate,
  withCommonFields,
} from '../engine/api-rules';
import { isReportableFailure } from '../engine/error-reporting';
import { createNetworkErrorTracker } from '../engine/network-errors';
import type { ToastKind } from '../engine/toast-prefix';

/** One call: either `path`/`name` under /api/v1/, or a full `url`. */
export type CallOptions = {
  path?: string;
  name?: string;
  url?: string;
  method?: 'POST' | 'GET';
  body?: Record<string, unknown>;
  /** Send the body form-urlencoded (the token call). */
  form?: boolean;
  /** Send this multipart body instead (uploads: files in `file[]`); `body` is then ignored. */
  multipart?: FormData;
  headers?: Record<string, string>;
  /** false: any answer counts as success. */
  checkStatus?: boolean;
  /** No toast for an envelope failure. */
  silent?: boolean;
  /** No toast for a 400 (the caller shows `error_description` itself). */
  hideError?: boolean;
  timeoutMs?: number;
};

/** Why a call failed; `code` 1 and 2 are the envelope failure codes of the specification. */
export type CallFailure = {
  /** 1: no response data; 2: envelope failure; 'http': an HTTP error status; 'network': no answer. */
  code: 1 | 2 | 'http' | 'network';
  msg: string;
  status?: number;
  /** The server's `error_description`, when it sent one. */
  description?: string;
  data?: unknown;
};

export function isCallFailure(value: unknown): value is CallFailure {
  return typeof value === 'object' && value !== null && 'code' in value && 'msg' in value;
}

/** What the client needs from its host: injected, so the rules stay testable and UI-free. */
export type ApiHost = {
  baseUrl: () => string;
  credentials: () => { token: string | null; type: string | null };
  page: () => PageContext;
  /** Shows a toast; the text may carry a kind prefix such as [Warning]. */
  notify: (text: string, kind: ToastKind) => void;
  showMaintenance: () => void;
  /** A 401 answer: log out (or run a custom handler). */
  onUnauthorized: () => void;
  /**
   * A 403 `second_factor_required`: the session must set up its second factor (required since it
   * began) before anything else; the app leads the user to enrolment instead of showing refusals.
   */
  onSecondFactorOwed?: () => void;
  fetch?: typeof fetch;
  adminVersion?: string;
  /** Sees every answer's URL, time and size (slow and large responses are reported). */
  observe?: (response: { url: string; ms: number; bytes: number }) => void;
  /**
   * Sees every failed call worth a report (no answer, a missing API, a server error, an answer
   * without data), token requests included, with the body it sent (passwords still in it: the
   * report hides them).
   */
  onFailure?: (failure: FailedCall) => void;
  timers?: Parameters<typeof createNetworkErrorTracker>[0]['timers'];
  /** Translates the texts the client assembles ('Connect server error!!! Api [{{api}}] not found'). */
  translate?: Translate;
  /** Headers every call carries (the studio's preview names its role). */
  headers?: () => Record<string, string>;
};

/** A failed call, as the error report receives it. */
export type FailedCall = { url: string; status?: number; msg: string; body: string };

export type ApiClient = {
  /** Calls the server and resolves with the answer (envelope or raw) when the success rule holds. */
  call<T = unknown>(options: CallOptions): Promise<T>;
  /** Calls `path/name` and resolves with the envelope's Data. */
  post<T = unknown>(
    path: string,
    name: string,
    body?: Record<string, unknown>,
    options?: CallOptions,
  ): Promise<T>;
};

const utf8 = new TextDecoder();

async function readJson(response: Response): Promise<{ data: unknown; bytes: number }> {
  // Read as bytes to count them: encoding the text again to measure it cost 25 ms on a 10,000-row List.
  const body = await response.arrayBuffer();
  const bytes = body.byteLength;
  const text = utf8.decode(body);
  if (!text) return { data: undefined, bytes };
  try {
    return { data: JSON.parse(text), bytes };
  } catch {
    return { data: undefined, bytes };
  }
}

/** The API client: every generic call rule of part 1 section 7 and the error catalogue of section 8. */
export function createApiClient(host: ApiHost): ApiClient {
  const doFetch = host.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const adminVersion = host.adminVersion ?? ADMIN_VERSION;
  const translate = host.translate ?? fillText;
  const network = createNetworkErrorTracker({
    onToast: () => host.notify(API_TEXTS.networkError, 'error'),
    onMaintenance: host.showMaintenance,
    ...(host.timers ? { timers: host.timers } : {}),
  });

  async function call<T>(options: CallOptions): Promise<T> {
    const method = options.method ?? 'POST';
    const url = buildApiUrl(host.baseUrl(), options);
    const { token, type } = host.credentials();
    const headers: Record<string, string> = {
      Accept: 'application/json',
      ...host.headers?.(),
      ...options.headers,
    };
    const authorization = authorizationHeader(token, type);
    if (authorization && !headers.Authorization) headers.Authorization = authorization;
    let body: string | FormData | undefined;
    if (method === 'POST' && options.multipart) {
      // The browser writes the multipart Content-Type with its boundary.
      body = options.multipart;
    } else if (method === 'POST') {
      const full = withCommonFields(options.body ?? {}, host.page());
      if (options.form) {
        headers['Content-Type'] = 'application/x-www-form-urlencoded';
        body = new URLSearchParams(
          Object.entries(full).map(([key, value]) => [
            key,
            typeof value === 'string' ? value : JSON.stringify(value),
          ]),
        ).toString();
      } else {
        headers['Content-Type'] = 'application/json';
        body = JSON.stringify(full);
      }
    }

    const started = performance.now();
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? REQUEST_TIMEOUT_MS);
    let response: Response;
    try {
      response = await doFetch(url, { method, headers, body, signal: controller.signal });
    } catch {
      network.report();
      const failure = { code: 'network', msg: API_TEXTS.networkError } satisfies CallFailure;
      reportFailure(url, failure, body);
      throw failure;
    } finally {
      clearTimeout(timer);
    }
    network.reset();
    const { data, bytes } = await readJson(response);
    host.observe?.({ url, ms: performance.now() - started, bytes });

    if (!response.ok) {
      const failure = handleHttpError(response.status, data, options);
      reportFailure(url, failure, body);
      throw failure;
    }
    if (data === undefined || data === null) {
      const failure = { code: 1, msg: API_TEXTS.noResponseData } satisfies CallFailure;
      reportFailure(url, failure, body);
      throw failure;
    }
    const checkStatus = options.checkStatus ?? true;
    if (isSuccessfulAnswer(data, checkStatus)) {
      const msg = (data as Envelope).Msg;
      if (shouldToastSuccessMsg(adminVersion, msg)) host.notify(msg, 'success');
      return data as T;
    }
    const msg = (data as Partial<Envelope>).Msg || API_TEXTS.defaultEnvelopeError;
    if (!options.silent && !options.hideError) host.notify(msg, 'error');
    throw { code: 2, msg, data } satisfies CallFailure;
  }

  function reportFailure(url: string, failure: CallFailure, body: string | FormData | undefined): void {
    if (!host.onFailure || !isReportableFailure(failure)) return;
    host.onFailure({
      url,
      ...(failure.status !== undefined ? { status: failure.status } : {}),
      msg: failure.msg,
      // A multipart body is files: its names are enough, the bytes are not sent again.
      body: typeof body === 'string' ? body : body ? '[multipart]' : '',
    });
  }

  function handleHttpError(status: number, data: unknown, options: CallOptions): CallFailure {
    const errorBody = (typeof data === 'object' && data !== null ? data : {}) as Partial<ErrorBody>;
    const described = errorBody.error_description ? { description: errorBody.error_description } : {};
    if (status === 401) {
      host.onUnauthorized();
      return { code: 'http', status, msg: API_TEXTS.authorizationFailed, data, ...described };
    }
    if (status === 403 && errorBody.error === ERROR_CODES.secondFactorRequired && host.onSecondFactorOwed) {
      host.onSecondFactorOwed();
      return { code: 'http', status, msg: errorBody.error_description ?? '', data, ...described };
    }
    if (status === 404) {
      const msg = apiNotFoundText(apiNameOf(options), translate);
      host.notify(msg, 'error');
      return { code: 'http', status, msg, data, ...described };
    }
    if (status === 400) {
      const msg = errorBody.error_description ?? httpErrorText(status, errorBody.title, translate);
      if (!options.hideError) host.notify(msg, 'error');
      return { code: 'http', status, msg, data, ...described };
    }
    const msg = httpErrorText(status, errorBody.title, translate);
    if (!options.silent) host.notify(msg, 'error');
    return { code: 'http', status, msg, data, ...described };
  }

  return {
    call,
    async post<T>(path: string, name: string, body: Record<string, unknown> = {}, options: CallOptions = {}) {
      const envelope = await call<Envelope<T>>({ ...options, path, name, body });
      return envelope.Data;
    },
  };
}
