import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { copyOfTemplate, e2eOnPostgres } from './postgres';

const ROOT = resolve(import.meta.dirname, '..', '..');
const MAIN = join(ROOT, 'apps', 'server', 'dist', 'main.js');
export const ADMIN_CLI = join(ROOT, 'apps', 'server', 'dist', 'admin.js');
/** Where the e2e global setup left a migrated data folder (`global-setup.ts`). */
export const MIGRATED_DATA_DIR_ENV = 'PW_E2E_MIGRATED_DATA_DIR';

export type RunningServer = {
  url: string;
  port: number;
  dataDir: string;
  /** What the process printed so far. */
  stdout(): string;
  /** The administrator credentials printed on first start. */
  admin: { username: string; password: string };
  stop(): Promise<void>;
};

export function freePort(): Promise<number> {
  return new Promise((resolvePort) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export type ServerOptions = {
  /**
   * `embedded`: the product's default database even when this run's servers use PostgreSQL
   * (`E2E_DATABASE=postgres`): the files that walk the default product's main paths keep it.
   */
  database?: 'embedded';
};

/**
 * Starts the built product (`apps/server/dist/main.js`, as `npm start` does) on a fresh data folder,
 * with a fresh database: the embedded one, or a copy of the migrated PostgreSQL template when the run
 * says `E2E_DATABASE=postgres` (`npm test` with TEST_DATABASE_URL).
 */
export async function startServer(
  env: Record<string, string> = {},
  options: ServerOptions = {},
): Promise<RunningServer> {
  if (!existsSync(MAIN)) throw new Error('Build first: npm run build');
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'pw-e2e-'));
  const onPostgres = e2eOnPostgres() && options.database !== 'embedded' && !env.DATABASE_URL;
  // A copy of the migrated PostgreSQL template (postgres.ts), or of the embedded database as
  // `admin.js migrate` left it: the same tables a first start would create.
  const database = onPostgres ? await copyOfTemplate() : undefined;
  const migrated = process.env[MIGRATED_DATA_DIR_ENV];
  if (migrated && !onPostgres) cpSync(join(migrated, 'pgdata'), join(dataDir, 'pgdata'), { recursive: true });
  const child: ChildProcess = spawn(process.execPath, [MAIN], {
    // The 100,000 demo products take seconds to seed; a test that needs them passes DEMO_DATA: 'true'.
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'false',
      ...(database ? { DATABASE_URL: database.url } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout?.on('data', (c) => {
    out += c;
  });
  child.stderr?.on('data', (c) => {
    err += c;
  });
  const exited = new Promise<void>((r) => child.on('exit', () => r()));
  // Most of the e2e hook time (120 s): a loaded CI machine can take over a minute to migrate and seed.
  const deadline = Date.now() + 100_000;
  while (!out.includes('Panelwright is running')) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      await database?.drop();
      throw new Error(`the server did not start:\n${out}\n${err}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const username = /user name:\s+(\S+)/.exec(out)?.[1] ?? 'admin';
  const printed = /password:\s+(\S+)\s+\(shown this once/.exec(out)?.[1];
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    dataDir,
    stdout: () => out,
    admin: { username, password: printed ?? env.ADMIN_PASSWORD ?? '' },
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      await database?.drop();
    },
  };
}
