// Issue 20, point 1: the freeze loop. A private PostgreSQL cluster frozen (SIGSTOP on every process of
// it) FREEZES times (20) for 20 to 40 s each, while sign-ins, writes, notifications and a live stream
// run against the built product; after each thaw the product must serve again by itself (a sign-in,
// a write and a live event), and at the end it must still be the same process, serving. Before the
// fix the process ended with code 1 on an uncaught 25P03 5-8 s after the first such thaw.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type FreezeRound,
  runFreezeLoop,
  type StatusCounts,
} from '../../apps/server/src/testing/freeze-loop';
import {
  ADMIN_PASSWORD,
  call,
  ms,
  type PrivateCluster,
  type ProductProcess,
  percentile,
  section,
  signIn,
  startPrivateCluster,
  startProduct,
} from './support';

const FREEZES = Number(process.env.FREEZES ?? 20);
const SHORTEST_S = Number(process.env.FREEZE_MIN_SECONDS ?? 20);
const LONGEST_S = Number(process.env.FREEZE_MAX_SECONDS ?? 40);

/** Freeze lengths spread evenly over the range, in a shuffled but repeatable order. */
function freezeSeconds(index: number): number {
  if (FREEZES <= 1) return SHORTEST_S;
  const step = (LONGEST_S - SHORTEST_S) / (FREEZES - 1);
  const slot = (index * 7) % FREEZES;
  return Math.round(SHORTEST_S + slot * step);
}

const show = (counts: StatusCounts) =>
  Object.entries(counts)
    .map(([status, count]) => `${count}×${status === '0' ? 'none' : status}`)
    .join(' ') || '-';

function printRound(round: FreezeRound): void {
  const { signIn: signIns, write, send, stream } = round.during;
  console.log(
    `   ${String(round.index + 1).padStart(2)}. frozen ${(round.frozenMs / 1000).toFixed(0)} s · sign-ins ${show(signIns)} · writes ${show(write)} · sends ${show(send)} · streams ${show(stream)} · slowest ${ms(round.slowestMs)} · serving again after ${round.recoveredAfterMs === null ? 'NOT in time' : ms(round.recoveredAfterMs)} · ${round.alive ? 'alive' : 'PROCESS ENDED'}`,
  );
}

async function freezeLoop(server: ProductProcess, cluster: PrivateCluster): Promise<void> {
  const pid = server.child.pid;
  const rssBefore = server.rss();
  const started = performance.now();
  const report = await runFreezeLoop({
    url: server.url,
    cluster,
    alive: () => server.child.exitCode === null && server.child.signalCode === null,
    username: 'admin',
    password: ADMIN_PASSWORD,
    freezes: FREEZES,
    freezeMs: (index) => freezeSeconds(index) * 1000,
    settleMs: 5_000,
    recoveryLimitMs: 60_000,
    watchMs: 10_000,
    streamLifeMs: 5_000,
    hangMs: 30_000,
    onRound: printRound,
  });
  const minutes = (performance.now() - started) / 60_000;
  const rounds = report.rounds;
  const recovered = rounds.map((round) => round.recoveredAfterMs).filter((v): v is number => v !== null);
  const sum = (kind: keyof FreezeRound['during'], status: string) =>
    rounds.reduce((total, round) => total + (round.during[kind][status] ?? 0), 0);
  const alive = server.child.exitCode === null && server.child.signalCode === null;
  // The end: the same process signs in and writes.
  let servingAtEnd = false;
  if (alive) {
    const token = await signIn(server.url);
    const code = `END${Date.now().toString(36).toUpperCase()}`;
    const answer = await call(server.url, 'Category/AddNew', { Name: code, Code: code }, token, 10_000);
    servingAtEnd = answer.status === 200 && answer.body?.StatusCode === 1;
  }
  console.log(`\n   ${rounds.length} freezes of ${SHORTEST_S}-${LONGEST_S} s in ${minutes.toFixed(1)} min`);
  console.log(
    `   during the freezes: sign-ins ${sum('signIn', '200')}×200 ${sum('signIn', '503')}×503 · writes ${sum('write', '200')}×200 ${sum('write', '503')}×503 · sends ${sum('send', '200')}×200 ${sum('send', '503')}×503 · stream opens ${sum('stream', '503')}×503`,
  );
  console.log(
    `   slowest call during a freeze: ${ms(Math.max(0, ...rounds.map((r) => r.slowestMs)))}; serving again after a thaw: median ${ms(percentile(recovered, 50))}, slowest ${ms(Math.max(0, ...recovered))}`,
  );
  console.log(
    `   over the loop: ${report.signIns} sign-ins, ${report.acknowledgedWrites} acknowledged writes, ${report.liveEvents} live events received`,
  );
  console.log(
    `   process ${pid}: ${alive ? 'alive' : `ENDED (code ${server.child.exitCode}, signal ${server.child.signalCode})`}, serving at the end: ${servingAtEnd ? 'yes' : 'NO'}; resident memory ${(rssBefore / 2 ** 20).toFixed(0)} MB before, ${alive ? `${(server.rss() / 2 ** 20).toFixed(0)} MB after` : '-'}`,
  );
  console.log(`   findings: ${report.findings.length === 0 ? 'none' : ''}`);
  for (const finding of report.findings) console.log(`     - ${finding}`);
  const uncaught = server
    .output()
    .split('\n')
    .filter((line) => line.includes('uncaught'));
  for (const line of uncaught.slice(0, 3)) console.log(`     ${line.slice(0, 300)}`);
  if (!alive || !servingAtEnd || report.findings.length > 0 || rounds.length < FREEZES) {
    throw new Error('the freeze loop broke a guarantee');
  }
}

export async function freezeSuite(): Promise<boolean> {
  let cluster: PrivateCluster | null = null;
  let server: ProductProcess | null = null;
  try {
    cluster = await startPrivateCluster();
    const active = cluster;
    server = await startProduct({
      DATABASE_URL: active.url,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'pw-freeze-')),
      // Each call refused during a freeze is a warning; only what is worse is kept.
      LOG_LEVEL: 'error',
    });
    const product = server;
    return await section(
      `Freeze loop: PostgreSQL frozen ${FREEZES} times for ${SHORTEST_S}-${LONGEST_S} s under sign-ins, writes and live streams`,
      () => freezeLoop(product, active),
    );
  } finally {
    await server?.stop();
    cluster?.destroy();
  }
}
