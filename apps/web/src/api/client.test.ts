import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PageContext } from '../engine/api-rules';
import { type ApiHost, type CallFailure, createApiClient } from './client';

const page: PageContext = {
  firstId: 'first',
  appName: 'Admin',
  url: 'http://localhost/home',
  documentWidth: 1200,
  startAt: 1,
  timezoneOffset: 0,
  language: 'en',
};

type Recorded = { url: string; init: RequestInit };

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function setup(
  answer: (request: Recorded) => Response | Promise<Response>,
  overrides: Partial<ApiHost> = {},
) {
  const requests: Recorded[] = [];
  const host = {
    baseUrl: () => 'http://api.test',
    credentials: () => ({ token: 'tok', type: 'Bearer' }),
    page: () => page,
    notify: vi.fn(),
    showMaintenance: vi.fn(),
    onUnauthorized: vi.fn(),
    fetch: (async (url: string, init: RequestInit) => {
      const request = { url, init };
      requests.push(request);
      return answer(request);
    }) as unknown as typeof fetch,
    ...overrides,
  } satisfies ApiHost;
  return { client: createApiClient(host), host, requests };
}

async function failureOf(promise: Promise<unknown>): Promise<CallFailure> {
  try {
    await promise;
  } catch (error) {
    return error as CallFailure;
  }
  throw new Error('the call did not fail');
}

afterEach(() => {
  vi.useRealTimers();
});

describe('API client: requests', () => {
  it('posts JSON to {base}/api/v1/{path}/{name} with the common fields and the headers', async () => {
    const { client, requests } = setup(() =>
      json(200, { StatusCode: 1, Msg: '', Data: { ok: true }, TotalMili: 1 }),
    );
    const data = await client.post('Account', 'MyProfile', { Extra: 1 });
    expect(data).toEqual({ ok: true });
    const [request] = requests;
    expect(request?.url).toBe('http://api.test/api/v1/Account/MyProfile');
    expect(request?.init.method).toBe('POST');
    const headers = request?.init.headers as Record<string, string>;
    expect(headers.Accept).toBe('application/json');
    expect(headers['Content-Type']).toBe('application/json');
    expect(headers.Authorization).toBe('Bearer tok');
    expect(JSON.parse(String(request?.init.body))).toEqual({
      Extra: 1,
      UI_FirstID: 'first',
      AppName: 'Admin',
      Url: 'http://localhost/home',
      DocumentWidth: 1200,
      UI_StartAt: 1,
      UI_TimezoneOffset: 0,
      UI_Language: 'en',
    });
  });

  it('reports every answer with its time and size in bytes', async () => {
    const observe = vi.fn();
    const { client } = setup(() => json(200, { StatusCode: 1, Msg: 'é', Data: null }), { observe });
    await client.post('A', 'B');
    expect(observe).toHaveBeenCalledWith(
      expect.objectContaining({ url: 'http://api.test/api/v1/A/B', bytes: 39 }),
    );
    expect(observe.mock.calls[0]?.[0].ms).toBeGreaterThanOrEqual(0);
  });

  it('sends no Authorization header without a token', async () => {
    const { client, requests } = setup(() => json(200, { StatusCode: 1, Data: null }), {
      credentials: () => ({ token: null, type: null }),
    });
    await client.post('GlobalAppSetting', 'FisrtSetting');
    expect((requests[0]!.init.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('sends a form body when asked (the token call) and accepts an answer with a user_id', async () => {
    const { client, requests } = setup(() =>
      json(200, { access_token: 'a', token_type: 'Bearer', user_id: 1 }),
    );
    const answer = await client.call<{ access_token: string }>({
      url: 'http://api.test/oauth2/token',
      form: true,
      body: { grant_type: 'password', username: 'u', password: 'p' },
    });
    expect(answer.access_token).toBe('a');
    const headers = requests[0]?.init.headers as Record<string, string>;
    expect(headers['Content-Type']).toBe('application/x-www-form-urlencoded');
    const form = new URLSearchParams(String(requests[0]?.init.body));
    expect(form.get('grant_type')).toBe('password');
    expect(form.get('UI_Language')).toBe('en');
  });

  it('sends a multipart body as it is, leaving the content type to the browser (uploads)', async () => {
    const { client, requests } = setup(() => json(200, { StatusCode: 1, Msg: '', Data: { Photos: [] } }));
    const files = new FormData();
    files.append('file[]', new Blob(['x']), 'a.png');
    await client.post('ProjectPhoto', 'FileUploadFile', {}, { multipart: files });
    expect(requests[0]?.url).toBe('http://api.test/api/v1/ProjectPhoto/FileUploadFile');
    expect(requests[0]?.init.body).toBe(files);
    const headers = requests[0]?.init.headers as Record<string, string>;
    expect(headers['Content-Type']).toBeUndefined();
    expect(headers.Authorization).toBe('Bearer tok');
  });

  it('aborts a request after the time-out and treats it as a network error', async () => {
    vi.useFakeTimers();
    const { client, host } = setup(
      (request) =>
        new Promise<Response>((_resolve, reject) => {
          request.init.signal?.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          );
        }),
    );
    const pending = failureOf(client.post('Slow', 'Call'));
    await vi.advanceTimersByTimeAsync(299_999);
    expect(host.notify).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect((await pending).code).toBe('network');
    await vi.advanceTimersByTimeAsync(500);
    expect(host.notify).toHaveBeenCalledWith('Network error!!!', 'error');
  });
});

describe('API client: the error catalogue', () => {
  it('logs out on 401', async () => {
    const { client, host } = setup(() => json(401, { status: 401, title: 'Unauthorized' }));
    const failure = await failureOf(client.post('ConfigMenu', 'CategoryScreenList'));
    expect(host.onUnauthorized).toHaveBeenCalledTimes(1);
    expect(failure.status).toBe(401);
  });

  it('leads to enrolment on a 403 that says a second factor must be set up first, without a toast', async () => {
    const onSecondFactorOwed = vi.fn();
    const { client, host } = setup(
      () =>
        json(403, {
          status: 403,
          title: 'Forbidden',
          error: 'second_factor_required',
          error_description:
            'Set up your second factor first: until then you may only set it up or sign out.',
        }),
      { onSecondFactorOwed },
    );
    const failure = await failureOf(client.post('Sale', 'List'));
    expect(failure.status).toBe(403);
    expect(onSecondFactorOwed).toHaveBeenCalledTimes(1);
    expect(host.notify).not.toHaveBeenCalled();
    // Any other 403 is a refusal as before.
    const other = setup(() => json(403, { status: 403, title: 'Forbidden', error: 'forbidden' }), {
      onSecondFactorOwed,
    });
    await failureOf(other.client.post('Sale', 'List'));
    expect(onSecondFactorOwed).toHaveBeenCalledTimes(1);
    expect(other.host.notify).toHaveBeenCalled();
  });

  it('toasts the 404 text naming the API', async () => {
    const { client, host } = setup(() => json(404, { status: 404, title: 'Not Found' }));
    await failureOf(client.post('Nope', 'Thing'));
    expect(host.notify).toHaveBeenCalledWith('Connect server error!!! Api [Nope/Thing] not found', 'error');
  });

  it('toasts the error_description of a 400, unless hidden', async () => {
    const body = { status: 400, title: 'Bad Request', error_description: 'Password: too short' };
    const shown = setup(() => json(400, body));
    const failure = await failureOf(shown.client.post('Account', 'ChangePassword'));
    expect(shown.host.notify).toHaveBeenCalledWith('Password: too short', 'error');
    expect(failure.msg).toBe('Password: too short');
    const hidden = setup(() => json(400, body));
    const hiddenFailure = await failureOf(
      hidden.client.post('Account', 'ChangePassword', {}, { hideError: true }),
    );
    expect(hidden.host.notify).not.toHaveBeenCalled();
    expect(hiddenFailure.msg).toBe('Password: too short');
  });

  it('toasts other HTTP errors as {status} - {title}', async () => {
    const { client, host } = setup(() => json(500, { status: 500, title: 'Internal Server Error' }));
    const failure = await failureOf(client.post('A', 'B'));
    expect(host.notify).toHaveBeenCalledWith('500 - Internal Server Error', 'error');
    expect(failure.code).toBe('http');
  });

  it("keeps the server's error_description of any HTTP error for the caller", async () => {
    const { client, host } = setup(() =>
      json(429, { status: 429, title: 'Too Many Requests', error_description: 'Try again in 10 minutes.' }),
    );
    const failure = await failureOf(client.post('A', 'B', {}, { silent: true }));
    expect(failure).toMatchObject({
      msg: '429 - Too Many Requests',
      description: 'Try again in 10 minutes.',
    });
    expect(host.notify).not.toHaveBeenCalled();
  });

  it('debounces the network-error toast by 500 ms and opens the maintenance dialog after more than 3', async () => {
    vi.useFakeTimers();
    const { client, host } = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    for (let i = 0; i < 3; i++) expect((await failureOf(client.post('A', 'B'))).code).toBe('network');
    expect(host.showMaintenance).not.toHaveBeenCalled();
    await failureOf(client.post('A', 'B'));
    expect(host.showMaintenance).toHaveBeenCalledTimes(1);
    expect(host.notify).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(500);
    expect(host.notify).toHaveBeenCalledTimes(1);
    expect(host.notify).toHaveBeenCalledWith('Network error!!!', 'error');
  });

  it('rejects an envelope failure with code 2 and its Msg, toasting it unless silent', async () => {
    const { client, host } = setup(() => json(200, { StatusCode: 0, Msg: 'Duplicate name', Data: null }));
    const failure = await failureOf(client.post('Product', 'AddNew'));
    expect(failure).toMatchObject({ code: 2, msg: 'Duplicate name' });
    expect(host.notify).toHaveBeenCalledWith('Duplicate name', 'error');
    const silent = setup(() => json(200, { StatusCode: 0, Msg: 'Duplicate name', Data: null }));
    await failureOf(silent.client.post('Product', 'AddNew', {}, { silent: true }));
    expect(silent.host.notify).not.toHaveBeenCalled();
  });

  it("uses 'Error from server' when a failed envelope has no Msg", async () => {
    const { client } = setup(() => json(200, { StatusCode: 0, Msg: null, Data: null }));
    expect(await failureOf(client.post('A', 'B'))).toMatchObject({ code: 2, msg: 'Error from server' });
  });

  it("rejects with code 1 'No response data' when the answer has no data", async () => {
    const { client } = setup(() => new Response('', { status: 200 }));
    expect(await failureOf(client.post('A', 'B'))).toMatchObject({ code: 1, msg: 'No response data' });
  });

  it('passes any answer when no status check is requested', async () => {
    const { client } = setup(() => json(200, { StatusCode: 0, Msg: 'x', Data: 5 }));
    const answer = await client.call<{ Data: number }>({ path: 'A', name: 'B', checkStatus: false });
    expect(answer.Data).toBe(5);
  });

  it('toasts a successful Msg only outside admin v5', async () => {
    const v5 = setup(() => json(200, { StatusCode: 1, Msg: 'Saved', Data: 1 }));
    await v5.client.post('A', 'B');
    expect(v5.host.notify).not.toHaveBeenCalled();
    const v4 = setup(() => json(200, { StatusCode: 1, Msg: 'Saved', Data: 1 }), { adminVersion: 'v4' });
    await v4.client.post('A', 'B');
    expect(v4.host.notify).toHaveBeenCalledWith('Saved', 'success');
  });
});
