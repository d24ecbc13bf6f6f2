// Issue 14, item 15: PostgreSQL frozen (SIGSTOP) and then stopped, each for OUTAGE_SECONDS under a
// steady load, on a private cluster of this suite; and Redis stopped under two instances. Prints the
// time to the first 503, the slowest answer during the outage (no call may hang), any answer other
// than 503 during it, and how long the product took to serve again, without a restart.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openEventStream } from '../../apps/server/src/testing/sse';
import {
  call,
  ms,
  type PrivateCluster,
  type ProductProcess,
  percentile,
  section,
  signIn,
  sleep,
  startPrivateCluster,
  startPrivateRedis,
  startProduct,
} from './support';

const OUTAGE_S = Number(process.env.OUTAGE_SECONDS ?? 30);
const LOOPS = 6;

type Sample = { at: number; status: number; ms: number; ready: boolean };

/** Calls the product without pause from a few loops (and its readiness from one) until stopped. */
function steadyLoad(server: ProductProcess, token: string) {
  const samples: Sample[] = [];
  let running = true;
  const loop = async (index: number) => {
    while (running) {
      const at = performance.now();
      if (index === 0) {
        const started = performance.now();
        let status = 0;
        try {
          status = (await fetch(`${server.url}/health/ready`, { signal: AbortSignal.timeout(60_000) }))
            .status;
        } catch {
          status = 0;
        }
        samples.push({ at, status, ms: performance.now() - started, ready: true });
        await sleep(100);
      } else {
        const name = index % 2 === 0 ? 'Account/MyProfile' : 'Category/List';
        const answer = await call(server.url, name, { PageSize: 20 }, token);
        samples.push({ at, status: answer.status, ms: answer.ms, ready: false });
      }
    }
  };
  const loops = Array.from({ length: LOOPS }, (_, index) => loop(index));
  return {
    samples,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

async function outagePhase(
  label: string,
  server: ProductProcess,
  cluster: PrivateCluster,
  token: string,
  cut: () => void,
  restore: () => void,
): Promise<void> {
  const load = steadyLoad(server, token);
  await sleep(3000);
  const cutAt = performance.now();
  cut();
  await sleep(OUTAGE_S * 1000);
  const restoredAt = performance.now();
  restore();
  let recoveredAt = 0;
  while (!recoveredAt && performance.now() - restoredAt < 120_000) {
    const answer = await call(server.url, 'Account/MyProfile', {}, token, 10_000);
    if (answer.status === 200) recoveredAt = performance.now();
    else await sleep(100);
  }
  await sleep(2000);
  await load.stop();
  // Calls started during the outage, and those in flight when it began.
  const during = load.samples.filter((s) => s.at + s.ms >= cutAt && s.at < restoredAt);
  const api = during.filter((s) => !s.ready);
  const ready = during.filter((s) => s.ready);
  const first503 = during.filter((s) => s.status === 503).sort((a, b) => a.at + a.ms - (b.at + b.ms))[0];
  const other = api.filter((s) => s.status !== 503 && s.status !== 200);
  console.log(`   ${label} for ${OUTAGE_S} s, ${LOOPS - 1} callers and a readiness probe`);
  console.log(`   first 503 after:         ${first503 ? ms(first503.at + first503.ms - cutAt) : 'none'}`);
  console.log(
    `   calls during the outage: ${api.length} (503: ${api.filter((s) => s.status === 503).length}, 200 before it bit: ${api.filter((s) => s.status === 200).length}, other: ${other.length}${other.length ? ` ${[...new Set(other.map((s) => s.status))].join(',')}` : ''})`,
  );
  console.log(
    `   slowest call:            ${ms(Math.max(0, ...api.map((s) => s.ms)))} (p99 ${ms(
      percentile(
        api.map((s) => s.ms),
        99,
      ),
    )})`,
  );
  console.log(
    `   /health/ready:           slowest ${ms(Math.max(0, ...ready.map((s) => s.ms)))}, 503 ${ready.filter((s) => s.status === 503).length} of ${ready.length}`,
  );
  console.log(
    `   serving again after:     ${recoveredAt ? ms(recoveredAt - restoredAt) : 'NOT within 120 s'} (no restart)`,
  );
  void cluster;
}

async function redisPhase(cluster: PrivateCluster): Promise<void> {
  const redis = await startPrivateRedis();
  const database = `${cluster.url.replace(/\/postgres$/, '')}/postgres`;
  const env = {
    DATABASE_URL: database,
    REDIS_URL: redis.url,
    JWT_SECRET: 'outage-suite-secret-of-at-least-32-chars',
  };
  const a = await startProduct({ ...env, DATA_DIR: mkdtempSync(join(tmpdir(), 'pw-outage-a-')) });
  const b = await startProduct({ ...env, DATA_DIR: mkdtempSync(join(tmpdir(), 'pw-outage-b-')) });
  try {
    const token = await signIn(a.url);
    await call(a.url, 'GlobalAppSetting/SaveSettings', { UIAppConfig: { hasSignalR: true } }, token);
    const stream = await openEventStream(`${b.url}/api/v1/NotificationHub?access_token=${token}`);
    await stream.next();
    const send = (title: string) => call(a.url, 'Notification/Send', { Title: title }, token);
    await send('before');
    await stream.next((f) => f.event === 'notification' && f.data.includes('before'), 10_000);
    await redis.stop();
    let served = 0;
    let failed = 0;
    const started = performance.now();
    while (performance.now() - started < 10_000) {
      for (const server of [a, b]) {
        const answer = await call(server.url, 'Account/MyProfile', {}, token, 10_000);
        if (answer.status === 200) served++;
        else failed++;
      }
      await sleep(100);
    }
    console.log(`   Redis stopped for 10 s: ${served} calls served, ${failed} failed, on both instances`);
    await redis.start();
    const back = performance.now();
    let resumedAt = 0;
    for (let attempt = 0; attempt < 60 && !resumedAt; attempt++) {
      await send(`after-${attempt}`);
      try {
        await stream.next((f) => f.event === 'notification' && f.data.includes(`after-${attempt}`), 1000);
        resumedAt = performance.now();
      } catch {
        // Not reconnected yet; the next attempt sends again.
      }
    }
    console.log(
      `   events from A reach B again after: ${resumedAt ? ms(resumedAt - back) : 'NOT within 60 s'}`,
    );
    stream.close();
  } finally {
    await a.stop();
    await b.stop();
    await redis.stop();
  }
}

export async function outageSuite(): Promise<boolean> {
  let cluster: PrivateCluster | null = null;
  try {
    cluster = await startPrivateCluster();
    const active = cluster;
    const server = await startProduct({
      DATABASE_URL: active.url,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'pw-outage-')),
    });
    const token = await signIn(server.url);
    let ok = await section('Outage: PostgreSQL frozen (SIGSTOP on the private cluster)', () =>
      outagePhase('frozen', server, active, token, active.freeze, active.thaw),
    );
    ok =
      (await section('Outage: PostgreSQL stopped (pg_ctl stop -m immediate)', () =>
        outagePhase('stopped', server, active, token, active.stop, active.start),
      )) && ok;
    await server.stop();
    ok = (await section('Outage: Redis stopped under two instances', () => redisPhase(active))) && ok;
    return ok;
  } finally {
    cluster?.destroy();
  }
}
