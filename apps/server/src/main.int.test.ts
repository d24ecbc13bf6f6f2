import { type ChildProcess, spawn } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  writeFileSync,
} from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openEmbeddedDatabase, openPostgresDatabase } from './db/client';
import { lockDataDir } from './lib/data-dir-lock';
import { SERVER_ROOT } from './paths';
import { createScratchPostgresDatabase } from './testing/postgres-databases';

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

async function waitFor(check: () => boolean, timeoutMs = 90_000): Promise<void> {
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

/** The process that held the data folder let it go: another can take it. */
async function expectFolderFree(dir: string): Promise<void> {
  const lock = await lockDataDir(dir);
  await lock.release();
}

/** Every folder and file under `dir` with group or other permission bits, as `path mode`. */
function notPrivate(dir: string): string[] {
  const found: string[] = [];
  const pending = [dir];
  while (pending.length > 0) {
    const path = pending.pop() as string;
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) continue;
    if ((stat.mode & 0o077) !== 0) found.push(`${path} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const name of readdirSync(path)) pending.push(join(path, name));
  }
  return found;
}

/** Runs the administrators' command (`npm run admin:reset-password`) as a child process. */
async function resetAdminPassword(
  env: Record<string, string>,
): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(SERVER_ROOT, 'src', 'cli', 'admin.ts'), 'reset-password'],
    { env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk) => {
    out += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    err += chunk;
  });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { code, out, err };
}
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

  it("prints the database's own message and code when the start fails in the database, not only the SQL", async () => {
    // A table in the way of the first migration: its CREATE TABLE fails with 42P07.
    const blocker = 'create table "users" (id integer)';
    const env: Record<string, string> = { PORT: String(await freePort()), DATA_DIR: tempDir() };
    let drop = async () => {};
    if (process.env.PW_TEST_DB === 'postgres') {
      const scratch = await createScratchPostgresDatabase();
      drop = scratch.drop;
      const database = await openPostgresDatabase(scratch.url);
      await database.db.execute(sql.raw(blocker));
      await database.close();
      env.DATABASE_URL = scratch.url;
    } else {
      const database = await openEmbeddedDatabase(env.DATA_DIR as string);
      await database.db.execute(sql.raw(blocker));
      await database.close();
    }
    const started = startMain(env);
    expect(await started.exited).toBe(1);
    await drop();
    const printed = started.stderr();
    expect(printed).toContain('Panelwright could not start');
    expect(printed).toContain('relation "users" already exists');
    expect(printed).toContain('42P07');
  }, 60_000);
});

embeddedOnly('process on the embedded database', () => {
  it('prints the address and working credentials, refuses a second process and a busy port, and stops cleanly', async () => {
    const dataDir = tempDir();
    // A folder copied with loose modes, as an older version or a careless copy leaves it.
    mkdirSync(join(dataDir, 'files'), { mode: 0o777 });
    writeFileSync(join(dataDir, 'files', 'left-over'), 'x', { mode: 0o666 });
    chmodSync(join(dataDir, 'files'), 0o777);
    chmodSync(join(dataDir, 'files', 'left-over'), 0o666);
    const port = await freePort();
    const first = startMain({ PORT: String(port), DATA_DIR: dataDir });
    await waitFor(() => first.stdout().includes('Panelwright is running'));
    // The database (its write-ahead log holds password hashes), the secret and everything else: private.
    expect(notPrivate(dataDir)).toEqual([]);
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
    await expectFolderFree(otherDir);

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
    await expectFolderFree(dataDir);

    // The data survived: a restart does not create the administrator again, and the password still works.
    const again = startMain({ PORT: String(port), DATA_DIR: dataDir });
    await waitFor(() => again.stdout().includes('Panelwright is running'));
    expect(again.stdout()).not.toContain('administrator account was created');
    expect((await signIn(port, password!)).status).toBe(200);
    again.child.kill('SIGINT');
    expect(await again.exited).toBe(0);
  }, 240_000);
});

embeddedOnly('an interrupted first start', () => {
  it('prints the administrator before the demo data, and the password can be reset from the command line', async () => {
    const dataDir = tempDir();
    const port = await freePort();
    // 100,000 products take seconds: the process is killed while it seeds them.
    const first = startMain({ PORT: String(port), DATA_DIR: dataDir, DEMO_DATA: 'true' });
    await waitFor(() => /password:\s+\S+\s+\(shown this once/.test(first.stdout()));
    first.child.kill('SIGKILL');
    await first.exited;
    expect(first.stdout()).not.toContain('Panelwright is running');
    const printed = /password:\s+(\S+)\s+\(shown this once/.exec(first.stdout())?.[1] ?? '';

    const again = startMain({ PORT: String(port), DATA_DIR: dataDir });
    await waitFor(() => again.stdout().includes('Panelwright is running'));
    expect((await signIn(port, printed)).status).toBe(200);

    // While it runs, the command refuses: the embedded database has one process at a time.
    const busy = await resetAdminPassword({ DATA_DIR: dataDir });
    expect(busy.code).toBe(1);
    expect(busy.err).toContain('stop the server');
    again.child.kill('SIGTERM');
    await again.exited;

    const reset = await resetAdminPassword({ DATA_DIR: dataDir });
    expect(reset.code).toBe(0);
    const fresh = /password:\s+(\S+)\s+\(shown this once/.exec(reset.out)?.[1] ?? '';
    expect(fresh).toHaveLength(24);
    const third = startMain({ PORT: String(port), DATA_DIR: dataDir });
    await waitFor(() => third.stdout().includes('Panelwright is running'));
    expect((await signIn(port, printed)).status).toBe(400);
    expect((await signIn(port, fresh)).status).toBe(200);
    third.child.kill('SIGTERM');
    await third.exited;
  }, 240_000);
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
    expect(started.stderr()).toBe('');
    expect(started.stdout()).toContain('Database: PostgreSQL');
    const ready = await fetch(`http://127.0.0.1:${port}/health/ready`);
    expect(await ready.json()).toEqual({ status: 'ok', database: 'postgres' });
    expect((await signIn(port, 'Pg-Admin-Password-1')).status).toBe(200);
    started.child.kill('SIGTERM');
    expect(await started.exited).toBe(0);
    await scratch.drop();
  }, 60_000);
});
