// What the reliability suites share: the built product as a real process (restartable on one data
// folder), a private PostgreSQL cluster started from the machine's binaries, a private Redis, and
// small measuring helpers. Everything listens on loopback only.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { freePort } from '../../e2e/support/server';

const ROOT = resolve(import.meta.dirname, '..', '..');
const MAIN = join(ROOT, 'apps', 'server', 'dist', 'main.js');
export const ADMIN_PASSWORD = 'Reliability-Admin-Password-1';

export type ProductProcess = {
  url: string;
  port: number;
  child: ChildProcess;
  output(): string;
  /** Resident memory of the process in bytes, from /proc. */
  rss(): number;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
};

/** Starts the built product (`npm start` without the build) and waits until it serves. */
export async function startProduct(env: Record<string, string>, port?: number): Promise<ProductProcess> {
  if (!existsSync(MAIN)) throw new Error('Build first: npm run build');
  const chosen = port ?? (await freePort());
  const child = spawn(process.execPath, [MAIN], {
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(chosen),
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'false',
      ADMIN_PASSWORD,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const deadline = Date.now() + 120_000;
  while (!output.includes('Panelwright is running')) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the product did not start:\n${output}`);
    }
    await sleep(50);
  }
  return {
    url: `http://127.0.0.1:${chosen}`,
    port: chosen,
    child,
    output: () => output,
    rss: () => {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
    },
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

export const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

export async function signIn(url: string, username = 'admin', password = ADMIN_PASSWORD): Promise<string> {
  const response = await fetch(`${url}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username, password }),
  });
  const body = (await response.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return body.access_token;
}

export type CallResult = { status: number; body: any; ms: number };

/** One API call; a network failure or time-out is status 0. */
export async function call(
  url: string,
  name: string,
  body: object,
  token?: string,
  timeoutMs = 60_000,
): Promise<CallResult> {
  const started = performance.now();
  try {
    const response = await fetch(`${url}/api/v1/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
    return { status: response.status, body: parsed, ms: performance.now() - started };
  } catch {
    return { status: 0, body: null, ms: performance.now() - started };
  }
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

export const ms = (value: number) => `${value.toFixed(0)} ms`;

// The private PostgreSQL cluster is the tests' own (the freeze test uses it too).
export { type PrivateCluster, startPrivateCluster } from '../../apps/server/src/testing/private-cluster';

export type PrivateRedis = { url: string; stop(): Promise<void>; start(): Promise<void> };

/** A Redis of the suite's own on a free loopback port, keeping nothing on disk. */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    for (let i = 0; i < 100; i++) {
      try {
        execFileSync('redis-cli', ['-p', String(port), 'ping'], { stdio: 'pipe' });
        return;
      } catch {
        await sleep(50);
      }
    }
    throw new Error('the private Redis did not start');
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    start,
    async stop() {
      const running = child;
      if (!running) return;
      const exited = new Promise((done) => running.once('exit', done));
      running.kill('SIGKILL');
      await exited;
      child = null;
    },
  };
}

/** Runs `work` as a named step, printing its heading; a failure is printed, not thrown further. */
export async function section(title: string, work: () => Promise<void>): Promise<boolean> {
  console.log(`\n== ${title}`);
  try {
    await work();
    return true;
  } catch (error) {
    console.log(`   FAILED: ${(error as Error).stack ?? error}`);
    return false;
  }
}
