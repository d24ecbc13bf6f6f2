// Failed calls reach the error report (part 1 section 7): token requests included, with their body.
import { describe, expect, it, vi } from 'vitest';
import { buildErrorLog, developerNoticeText, isReportableFailure } from '../engine/error-reporting';
import { type ApiHost, createApiClient, type FailedCall } from './client';

function setup(answer: () => Response | Promise<Response>) {
  const failures: FailedCall[] = [];
  const host = {
    baseUrl: () => 'http://api.test',
    credentials: () => ({ token: null, type: null }),
    page: () => ({
      firstId: 'first',
      appName: 'Admin',
      url: 'http://admin.test/login',
      documentWidth: 1200,
      startAt: 1,
      timezoneOffset: 0,
      language: 'en',
    }),
    notify: vi.fn(),
    showMaintenance: vi.fn(),
    onUnauthorized: vi.fn(),
    onFailure: (failure: FailedCall) => failures.push(failure),
    fetch: (async () => answer()) as unknown as typeof fetch,
  } satisfies ApiHost;
  return { client: createApiClient(host), failures };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const tokenRequest = {
  url: 'http://api.test/oauth2/token',
  form: true,
  silent: true,
  hideError: true,
  body: { grant_type: 'password', username: 'ann', password: 'S3cret pass&word', app_name: 'Admin' },
};

describe('failed calls in the error report', () => {
  it('reports a token request that got no answer, and the report hides the password', async () => {
    const { client, failures } = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    await client.call(tokenRequest).catch(() => undefined);
    expect(failures).toHaveLength(1);
    const [failure] = failures as [FailedCall];
    expect(failure).toMatchObject({ url: 'http://api.test/oauth2/token', msg: 'Network error!!!' });
    expect(failure.body).toContain('username=ann');
    const log = buildErrorLog({
      user: '',
      pageUrl: 'http://admin.test/login',
      apiUrl: failure.url,
      message: failure.msg,
      userAgent: 'UA',
      data: failure.body,
    });
    expect(log.Data).toContain('password=***');
    expect(log.Data).not.toContain('S3cret');
    expect(log.AIPUrl).toBe('http://api.test/oauth2/token');
  });

  it('reports a missing API and a server error, with the JSON body sent', async () => {
    for (const status of [404, 500, 503]) {
      const { client, failures } = setup(() => json(status, { title: 'Oops' }));
      await client.post('Product', 'List', { Page: 1 }).catch(() => undefined);
      expect(failures).toHaveLength(1);
      expect(failures[0]).toMatchObject({ url: 'http://api.test/api/v1/Product/List', status });
      expect(JSON.parse(failures[0]?.body ?? '{}')).toMatchObject({ Page: 1 });
    }
  });

  it("does not report what is the user's matter: a refused input, a refused sign-in, a business refusal", async () => {
    for (const answer of [
      () =>
        json(400, { error: 'invalid_grant', error_description: 'The user name or password is incorrect.' }),
      () => json(401, {}),
      () => json(403, {}),
      () => json(200, { StatusCode: 2, Msg: 'This record is locked.', Data: null }),
    ]) {
      const { client, failures } = setup(answer);
      await client.call(tokenRequest).catch(() => undefined);
      await client.post('Product', 'UpdateFields', {}).catch(() => undefined);
      expect(failures).toEqual([]);
    }
  });
});

describe('the rules of reports', () => {
  it('reports no answer, 404, 5xx and an answer without data; not 400, 401, 403 or envelope failures', () => {
    expect(isReportableFailure({ code: 'network' })).toBe(true);
    expect(isReportableFailure({ code: 1 })).toBe(true);
    expect(isReportableFailure({ code: 'http', status: 404 })).toBe(true);
    expect(isReportableFailure({ code: 'http', status: 502 })).toBe(true);
    for (const status of [400, 401, 403, 409, 429])
      expect(isReportableFailure({ code: 'http', status })).toBe(false);
    expect(isReportableFailure({ code: 2 })).toBe(false);
  });

  it('writes developer notices with the page address first and no password', () => {
    expect(developerNoticeText('http://admin.test/login', 'API call failed: password=abc')).toBe(
      'http://admin.test/login\nAPI call failed: password=***',
    );
  });
});
