// A PostgreSQL cluster of a test's or a bench's own, for faults that must never touch the shared
// server on 5432 (freezing it with SIGSTOP, stopping it) and for benches that need settings sized for
// their data. Started from the machine's server binaries.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const BINARIES = '/usr/lib/postgresql';

/** The directory of the newest PostgreSQL server binaries (Debian keeps them out of PATH), or null. */
export function postgresBinaries(): string | null {
  if (!existsSync(BINARIES)) return null;
  const version = readdirSync(BINARIES)
    .filter((name) => existsSync(join(BINARIES, name, 'bin', 'initdb')))
    .sort((a, b) => Number(a) - Number(b))
    .at(-1);
  return version ? join(BINARIES, version, 'bin') : null;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export type PrivateCluster = {
  port: number;
  url: string;
  dataDir: string;
  /** The postmaster and every backend of this cluster (never any other PostgreSQL). */
  pids(): number[];
  /** SIGSTOP to the postmaster and every backend: connections stay open and nothing answers. */
  freeze(): void;
  thaw(): void;
  stop(): void;
  start(): void;
  destroy(): void;
};

export type PrivateClusterOptions = {
  /** Server settings (`shared_buffers` → `2GB`), given to the server at each start. */
  settings?: Record<string, string>;
  /**
   * A data directory to use instead of a new temporary one: created when missing, and when it
   * already holds a cluster (a run before kept it) started as it is, data included.
   */
  dataDir?: string;
};

/**
 * A new cluster on a free loopback port, its socket in its own folder. PostgreSQL refuses to run as
 * root: under root it runs as the `postgres` user (through runuser).
 */
export async function startPrivateCluster(options: PrivateClusterOptions = {}): Promise<PrivateCluster> {
  const bin = postgresBinaries();
  if (!bin) throw new Error(`No PostgreSQL server binaries under ${BINARIES}`);
  const port = await freePort();
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'pw-cluster-'));
  mkdirSync(dataDir, { recursive: true });
  chmodSync(dataDir, 0o700);
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync('chown', ['postgres:postgres', dataDir]);
  const run = (command: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', join(bin, command), ...args], { stdio: 'pipe' })
      : execFileSync(join(bin, command), args, { stdio: 'pipe' });
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  }
  const settings = Object.entries(options.settings ?? {})
    .map(([name, value]) => ` -c ${name}=${value}`)
    .join('');
  const start = () =>
    run('pg_ctl', [
      '-D',
      dataDir,
      '-l',
      join(dataDir, 'server.log'),
      '-w',
      '-o',
      `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dataDir} -c fsync=on${settings}`,
      'start',
    ]);
  start();
  const pids = () => {
    const postmaster = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    let children: number[] = [];
    try {
      children = execFileSync('pgrep', ['-P', String(postmaster)], { encoding: 'utf8' })
        .split('\n')
        .filter(Boolean)
        .map(Number);
    } catch {
      // pgrep exits 1 when the postmaster has no children.
    }
    return [postmaster, ...children];
  };
  // The postmaster first: stopped, it forks no backend that the list of its children would miss.
  const signalAll = (signal: NodeJS.Signals) => {
    const [postmaster] = pids();
    if (postmaster) process.kill(postmaster, signal);
    for (const pid of pids().slice(1)) {
      try {
        process.kill(pid, signal);
      } catch {
        // A backend that just ended.
      }
    }
  };
  const stop = () => run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
  return {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    dataDir,
    pids,
    freeze: () => signalAll('SIGSTOP'),
    thaw: () => signalAll('SIGCONT'),
    stop,
    start,
    destroy: () => {
      try {
        signalAll('SIGCONT');
        stop();
      } catch {
        // Already stopped.
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
