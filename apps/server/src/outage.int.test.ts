// A database that stops answering (frozen, as under SIGSTOP) or goes away: every call answers 503
// with a message naming the database, none hangs, and the server recovers on its own (issue 14).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgresDatabase } from './db/client';
import { DATABASE_UNAVAILABLE } from './plugins/errors';
import { openTestDatabase, type TestDatabase } from './testing/database';
import { startTestServer, type TestServer } from './testing/harness';
import { TcpProxy } from './testing/tcp-proxy';

const postgresOnly = process.env.PW_TEST_DB === 'postgres' ? describe : describe.skip;
/** Long enough to tell "answered" from "hung"; the limits under test are a few seconds. */
const HANG = 20_000;

postgresOnly('PostgreSQL out of reach', () => {
  let direct: TestDatabase;
  let proxy: TcpProxy;
  let server: TestServer;
  let token = '';

  beforeAll(async () => {
    direct = await openTestDatabase();
    const url = new URL(process.env.TEST_DATABASE_URL as string);
    const scratchName = (await direct.db.execute('select current_database() as name')) as unknown as {
      rows: { name: string }[];
    };
    proxy = new TcpProxy(url.hostname, Number(url.port || 5432));
    await proxy.start();
    const relayed = new URL(url);
    relayed.port = String(proxy.port);
    relayed.pathname = `/${scratchName.rows[0]?.name}`;
    const limited = await openPostgresDatabase(relayed.toString(), {
      queryTimeoutMs: 2_000,
      connectTimeoutMs: 1_000,
    });
    server = await startTestServer({
      database: {
        ...limited,
        openSibling: () => direct.openSibling(),
        close: async () => {
          await limited.close();
          await direct.close();
        },
      },
    });
    token = await server.signIn();
  });
  afterAll(async () => {
    await server?.close();
    await proxy?.close();
  });

  const call = () =>
    server.fetch('/api/v1/Account/MyProfile', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: '{}',
      signal: AbortSignal.timeout(HANG),
    });
  const ready = () => server.fetch('/health/ready', { signal: AbortSignal.timeout(HANG) });

  it('answers 503 naming the database while it is frozen, without hanging, and recovers without a restart', async () => {
    expect((await call()).status).toBe(200);
    proxy.freeze();
    const readiness = await ready();
    expect(readiness.status).toBe(503);
    const frozen = await Promise.all([call(), call(), call()]);
    for (const answer of frozen) {
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toBe('5');
      expect(await answer.json()).toEqual({
        status: 503,
        title: 'Service Unavailable',
        error: 'database_unavailable',
        error_description: DATABASE_UNAVAILABLE,
      });
    }
    proxy.resume();
    let recovered = false;
    for (let attempt = 0; attempt < 40 && !recovered; attempt++) {
      recovered = (await ready()).status === 200 && (await call()).status === 200;
      if (!recovered) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(recovered).toBe(true);
  }, 60_000);

  it('answers 503, not 500, while it is stopped, and recovers when it is back', async () => {
    proxy.stop();
    expect((await ready()).status).toBe(503);
    const answer = await call();
    expect(answer.status).toBe(503);
    expect(((await answer.json()) as { error: string }).error).toBe('database_unavailable');
    proxy.resume();
    let recovered = false;
    for (let attempt = 0; attempt < 40 && !recovered; attempt++) {
      recovered = (await call()).status === 200;
      if (!recovered) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(recovered).toBe(true);
  }, 60_000);
});
