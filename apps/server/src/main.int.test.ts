import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SERVER_ROOT } from './paths';
import { createScratchPostgresDatabase } from './testing/database';

/** The real entry point as a child process, the way `npm start` runs it. */
type Started = {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
};

const running: ChildProcess[] = [];
afterEach(() => {
  for (const child of running.splice(0)) child.kill('SIGKILL');
});

function startMain(env: Record<string, string>): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', join(SERVER_ROOT, 'src', 'main.ts')], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', DEMO_DATA: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk) => {
    out += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    err += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, stdout: () => out, stderr: () => err, exited };
}

async function waitFor(check: () => boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const tempDir = () => mkdtempSync(join(tmpdir(), 'pw-main-'));
const embeddedOnly = process.env.PW_TEST_DB === 'postgres' ? describe.skip : describe;

async function signIn(port: number, password: string): Promise<Response> {
  return fetch(`http://127.0.0.1:${port}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: 'admin', password }),
  });
}

describe('process start-up', () => {
  it('stops with a message naming a bad variable, touching nothing', async () => {
    const dataDir = join(tempDir(), 'never-created');
    const started = startMain({ PORT: 'eighty', DATA_DIR: dataDir });
    expect(await started.exited).toBe(2);
    expect(started.stderr()).toContain('PORT: must be a whole number');
    expect(existsSync(dataDir)).toBe(false);
  });
});

embeddedOnly('process on the embedded database', () => {
  it('prints the address and working credentials, refuses a second process and a busy port, and stops cleanly', async () => {
    const dataDir = tempDir();
    const port = await freePort();
    const first = startMain({ PORT: String(port), DATA_DIR: dataDir });
    await waitFor(() => first.stdout().includes('Panelwright is running'));
    expect(first.stdout()).toContain(`http://127.0.0.1:${port}/`);
    const password = /password:\s+(\S+)/.exec(first.stdout())?.[1];
    expect(password).toBeDefined();
    expect((await signIn(port, password!)).status).toBe(200);

    const second = startMain({ PORT: String(await freePort()), DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.stderr()).toContain(`in use by another Panelwright process (pid ${first.child.pid})`);

    const otherDir = tempDir();
    const busy = startMain({ PORT: String(port), DATA_DIR: otherDir });
    expect(await busy.exited).toBe(1);
    expect(busy.stderr()).toContain(`Port ${port} on 127.0.0.1 is already in use`);
    expect(existsSync(join(otherDir, 'panelwright.lock'))).toBe(false);

    // An in-flight request finishes after SIGTERM; then the process exits, releasing the folder.
    const inFlight = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const body = JSON.stringify({ UIAppConfig: {} });
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/v1/GlobalAppSetting/FisrtSetting',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          let text = '';
          res.on('data', (c) => {
            text += c;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 5));
      setTimeout(() => {
        first.child.kill('SIGTERM');
        setTimeout(() => req.end(body.slice(5)), 300);
      }, 200);
    });
    const stopStarted = Date.now();
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body).StatusCode).toBe(1);
    expect(await first.exited).toBe(0);
    expect(Date.now() - stopStarted).toBeLessThan(10_000);
    expect(existsSync(join(dataDir, 'panelwright.lock'))).toBe(false);

    // The data survived: a restart does not create the administrator again, and the password still works.
    const again = startMain({ PORT: String(port), DATA_DIR: dataDir });
    await waitFor(() => again.stdout().includes('Panelwright is running'));
    expect(again.stdout()).not.toContain('administrator account was created');
    expect((await signIn(port, password!)).status).toBe(200);
    again.child.kill('SIGINT');
    expect(await again.exited).toBe(0);
  }, 90_000);
});

const postgresOnly = process.env.PW_TEST_DB === 'postgres' ? describe : describe.skip;
postgresOnly('process on PostgreSQL', () => {
  it('migrates and seeds a fresh PostgreSQL database through DATABASE_URL', async () => {
    const scratch = await createScratchPostgresDatabase();
    const port = await freePort();
    const started = startMain({
      PORT: String(port),
      DATA_DIR: tempDir(),
      DATABASE_URL: scratch.url,
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: 'Pg-Admin-Password-1',
    });
    await waitFor(() => started.stdout().includes('Panelwright is running') || started.stderr() !== '');
    expect(started.stdout()).toContain('Database: PostgreSQL');
    const ready = await fetch(`http://127.0.0.1:${port}/health/ready`);
    expect(await ready.json()).toEqual({ status: 'ok', database: 'postgres' });
    expect((await signIn(port, 'Pg-Admin-Password-1')).status).toBe(200);
    started.child.kill('SIGTERM');
    expect(await started.exited).toBe(0);
    await scratch.drop();
  }, 60_000);
});
