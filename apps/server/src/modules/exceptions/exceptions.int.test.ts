import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exceptionLogs } from '../../db/schema';
import { startTestServer, type TestServer } from '../../testing/harness';
import { SAVE_LOG_LIMIT } from './service';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const latest = async () => {
  const [row] = await server.database.db
    .select()
    .from(exceptionLogs)
    .orderBy(desc(exceptionLogs.id))
    .limit(1);
  return row!;
};

describe('Exception/SaveLog', () => {
  it('stores a guest’s report with its secrets masked', async () => {
    const token = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJlLW9mLXRoZS10b2tlbg';
    const res = await server.call('Exception/SaveLog', {
      LogBy: 'web',
      AIPUrl: `/api/v1/NotificationHub?access_token=${token}`,
      Url: 'https://admin.example.com/login',
      Error: 'Request failed with status code 500',
      Data: JSON.stringify({
        url: '/oauth2/token',
        body: 'grant_type=password&username=eve&password=Hunter2-Secret&app_name=Admin',
        headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
        request: JSON.stringify({
          UserName: 'eve',
          Password: 'Json-Secret-1',
          ConfirmPassword: 'Json-Secret-1',
        }),
      }),
    });
    expect(res.body).toMatchObject({ StatusCode: 1, Data: true });
    const row = await latest();
    const stored = JSON.stringify(row);
    for (const secret of ['Hunter2-Secret', 'Json-Secret-1', token, 'c2lnbmF0dXJl']) {
      expect(stored).not.toContain(secret);
    }
    const data = JSON.parse(row.data);
    expect(data.body).toBe('grant_type=password&username=eve&password=***&app_name=Admin');
    expect(data.headers).toEqual({ Authorization: '***', Accept: 'application/json' });
    expect(JSON.parse(data.request)).toEqual({ UserName: 'eve', Password: '***', ConfirmPassword: '***' });
    expect(row).toMatchObject({
      logBy: 'web',
      apiUrl: '/api/v1/NotificationHub?access_token=***',
      url: 'https://admin.example.com/login',
      error: 'Request failed with status code 500',
      userId: null,
    });
  });

  it('masks secrets in free text too, and records who reported when a token is sent', async () => {
    const token = await server.signIn();
    await server.call(
      'Exception/SaveLog',
      { Error: 'boom', Data: 'POST /x\nAuthorization: Bearer abc.def.ghi\n{"password":"Text-Secret"}' },
      token,
    );
    const row = await latest();
    expect(row.data).toBe('POST /x\nAuthorization: Bearer ***\n{"password":"***"}');
    expect(row.userId).not.toBeNull();
  });

  it('refuses oversized fields', async () => {
    const res = await server.call('Exception/SaveLog', { Data: 'x'.repeat(100_001) });
    expect(res.status).toBe(400);
    expect(res.body.error_description).toMatch(/^Data:/);
  });

  it('limits how many reports one address may file in a minute', async () => {
    const results: number[] = [];
    for (let i = 0; i < SAVE_LOG_LIMIT + 2; i++) {
      results.push((await server.call('Exception/SaveLog', { Error: `e${i}` })).status);
    }
    expect(results.filter((s) => s === 429).length).toBeGreaterThanOrEqual(2);
    const refused = await server.call('Exception/SaveLog', { Error: 'more' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.body).toMatchObject({ status: 429, error: 'rate_limited' });
  });
});
