// Issue 20, point 1: a frozen PostgreSQL (SIGSTOP on a private cluster of this test, never the shared
// one) that comes back must not end the process. Before the fix, the first thaw after a freeze longer
// than the idle-in-transaction limit ended it with code 1 on an uncaught 25P03. The quick slice of
// the bench's freeze loop: the real entry point as a child process, sign-ins, writes and a live
// stream running, two short freezes with a short DB_TIMEOUT_MS (so that the server-side limits fire).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_ROOT } from './paths';
import { runFreezeLoop } from './testing/freeze-loop';
import { type PrivateCluster, postgresBinaries, startPrivateCluster } from './testing/private-cluster';

/** One run is enough: the cluster is this file's own, whichever database the project tests. */
const runs = process.env.PW_TEST_DB !== 'postgres' && postgresBinaries() !== null;
const ADMIN_PASSWORD = 'Freeze-Admin-Password-1';
/** The server's idle-in-transaction limit is twice this: a 4 s freeze outlasts it. */
const DB_TIMEOUT_MS = 1_000;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

describe.runIf(runs)('PostgreSQL frozen and thawed under traffic', () => {
  let cluster: PrivateCluster;
  let child: ChildProcess;
  let output = '';
  let url = '';

  beforeAll(async () => {
    cluster = await startPrivateCluster();
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['--import', 'tsx', join(SERVER_ROOT, 'src', 'main.ts')], {
      env: {
        PATH: process.env.PATH ?? '',
        PORT: String(port),
        DATA_DIR: mkdtempSync(join(tmpdir(), 'pw-freeze-')),
        DATABASE_URL: cluster.url,
        DB_TIMEOUT_MS: String(DB_TIMEOUT_MS),
        ADMIN_PASSWORD,
        DEMO_DATA: 'false',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    const deadline = Date.now() + 90_000;
    while (!output.includes('Panelwright is running')) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }, 120_000);
  afterAll(() => {
    child?.kill('SIGKILL');
    cluster?.destroy();
  });

  it('lives through two freezes longer than the server-side limits, answering 503 and serving again', async () => {
    const report = await runFreezeLoop({
      url,
      cluster,
      alive: () => child.exitCode === null && child.signalCode === null,
      username: 'admin',
      password: ADMIN_PASSWORD,
      freezes: 2,
      freezeMs: () => 4 * DB_TIMEOUT_MS,
      settleMs: 1_500,
      recoveryLimitMs: 30_000,
      watchMs: 4_000,
      streamLifeMs: 1_500,
      hangMs: 20_000,
    });
    const fatal = output.split('\n').filter((line) => line.includes('"level":60'));
    expect(report.findings, fatal.join('\n').slice(0, 4000)).toEqual([]);
    expect(report.rounds.map((round) => round.alive)).toEqual([true, true]);
    // The freeze bit: calls during it were refused with 503 (and nothing else, per the findings).
    const refused = report.rounds.flatMap((round) =>
      Object.values(round.during).map((counts) => counts['503'] ?? 0),
    );
    expect(refused.reduce((sum, n) => sum + n, 0)).toBeGreaterThan(0);
    expect(report.acknowledgedWrites).toBeGreaterThan(0);
    expect(report.liveEvents).toBeGreaterThan(0);
    expect(fatal).toEqual([]);
  }, 180_000);
});
