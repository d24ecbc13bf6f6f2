// Issue 14, item 18: two instances on one PostgreSQL (a private cluster) and one Redis (a private
// one), behind a small round-robin proxy, behave as one: a session, its end, throttling, saved
// settings, Cache/Refresh and live events.

import { mkdtempSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openEventStream } from '../../apps/server/src/testing/sse';
import { freePort } from '../../e2e/support/server';
import {
  call,
  ms,
  type ProductProcess,
  section,
  signIn,
  sleep,
  startPrivateCluster,
  startPrivateRedis,
  startProduct,
} from './support';

/** Round robin over the instances, adding X-Forwarded-For as a real proxy does. */
async function startProxy(targets: ProductProcess[]): Promise<{ url: string; server: Server }> {
  let next = 0;
  const server = createServer((incoming, outgoing) => {
    const target = targets[next++ % targets.length] as ProductProcess;
    const forwarded = request(
      {
        host: '127.0.0.1',
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, 'x-forwarded-for': incoming.socket.remoteAddress ?? '' },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', () => {
      outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(forwarded);
  });
  const port = await freePort();
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  return { url: `http://127.0.0.1:${port}`, server };
}

async function timeUntil(check: () => Promise<boolean>, limitMs = 10_000): Promise<number | null> {
  const started = performance.now();
  while (performance.now() - started < limitMs) {
    if (await check()) return performance.now() - started;
    await sleep(20);
  }
  return null;
}

function report(what: string, ok: boolean, detail: string): boolean {
  console.log(`   ${ok ? 'ok  ' : 'FAIL'} ${what}: ${detail}`);
  return ok;
}

export async function scaleOutSuite(): Promise<boolean> {
  return section('Scale-out: two instances, one PostgreSQL, one Redis, behind a proxy', async () => {
    const cluster = await startPrivateCluster();
    const redis = await startPrivateRedis();
    const env = {
      DATABASE_URL: cluster.url,
      REDIS_URL: redis.url,
      JWT_SECRET: 'scale-out-suite-secret-of-at-least-32-chars',
      TRUST_PROXY: '127.0.0.1',
    };
    const a = await startProduct({ ...env, DATA_DIR: mkdtempSync(join(tmpdir(), 'pw-scale-a-')) });
    const b = await startProduct({ ...env, DATA_DIR: mkdtempSync(join(tmpdir(), 'pw-scale-b-')) });
    const proxy = await startProxy([a, b]);
    const failures: string[] = [];
    const check = (what: string, ok: boolean, detail: string) => {
      if (!report(what, ok, detail)) failures.push(what);
    };
    try {
      const token = await signIn(proxy.url);
      const onA = await call(a.url, 'Account/MyProfile', {}, token);
      const onB = await call(b.url, 'Account/MyProfile', {}, token);
      check(
        'a session from the proxy works on both',
        onA.status === 200 && onB.status === 200,
        `${onA.status} / ${onB.status}`,
      );

      const other = await signIn(a.url);
      await call(proxy.url, 'Account/Logout', {}, other);
      const endedA = await call(a.url, 'Account/MyProfile', {}, other);
      const endedB = await call(b.url, 'Account/MyProfile', {}, other);
      check(
        'a logout ends the session on both',
        endedA.status === 401 && endedB.status === 401,
        `${endedA.status} / ${endedB.status}`,
      );

      const guesses = await Promise.all(
        Array.from({ length: 40 }, (_, index) =>
          fetch(`${proxy.url}/oauth2/token`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({
              grant_type: 'password',
              username: 'admin',
              password: `guess-${index}`,
            }),
          }).then((answer) => answer.status),
        ),
      );
      const checked = guesses.filter((status) => status === 400).length;
      check(
        'throttling counts across instances',
        checked <= 10,
        `${checked} of 40 parallel guesses checked (limit 10), ${guesses.filter((s) => s === 429).length} refused`,
      );

      const siteNameOn = async (server: ProductProcess) =>
        (await call(server.url, 'GlobalAppSetting/FisrtSetting', {})).body?.Data?.UIAppConfig?.siteName;
      await call(a.url, 'GlobalAppSetting/SaveSettings', { UIAppConfig: { siteName: 'Scaled' } }, token);
      const saved = await timeUntil(async () => (await siteNameOn(b)) === 'Scaled');
      check(
        'settings saved on A hold on B',
        saved !== null,
        saved === null ? 'not within 10 s' : `after ${ms(saved)}`,
      );

      const client = new (await import('pg')).default.Client({ connectionString: cluster.url });
      await client.connect();
      await client.query(
        `update app_settings set value = jsonb_set(value, '{siteName}', '"Edited in SQL"') where key = 'ui_app_config'`,
      );
      await client.end();
      await call(a.url, 'Cache/Refresh', { Id: 'ALL' }, token);
      const refreshed = await timeUntil(async () => (await siteNameOn(b)) === 'Edited in SQL');
      check(
        'Cache/Refresh on A clears B',
        refreshed !== null,
        refreshed === null ? 'not within 10 s' : `after ${ms(refreshed)}`,
      );

      await call(a.url, 'GlobalAppSetting/SaveSettings', { UIAppConfig: { hasSignalR: true } }, token);
      const stream = await openEventStream(`${b.url}/api/v1/NotificationHub?access_token=${token}`);
      await stream.next();
      const sentAt = performance.now();
      await call(a.url, 'Notification/Send', { Title: 'across' }, token);
      let delivered: number | null = null;
      try {
        await stream.next((frame) => frame.event === 'notification' && frame.data.includes('across'), 10_000);
        delivered = performance.now() - sentAt;
      } catch {
        delivered = null;
      }
      stream.close();
      check(
        'a notification sent on A reaches a stream on B',
        delivered !== null,
        delivered === null ? 'not within 10 s' : `after ${ms(delivered)}`,
      );
    } finally {
      proxy.server.close();
      await a.stop();
      await b.stop();
      await redis.stop();
      cluster.destroy();
    }
    if (failures.length > 0) throw new Error(`failed: ${failures.join(', ')}`);
  });
}
