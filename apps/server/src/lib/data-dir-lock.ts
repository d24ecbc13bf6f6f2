import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

export const LOCK_FILE = 'panelwright.lock';
/** Who holds the lock, for the message a second process prints; the lock itself is the kernel's. */
const HOLDER_FILE = 'panelwright.pid';
const LOCKED_SIGNAL = 'locked';

export type DataDirLock = {
  /** Gives the folder back (at shutdown). */
  release(): Promise<void>;
};

/**
 * Takes the data folder for this process. The embedded database has no lock of its own and two
 * writers corrupt it, so a second process must stop before it opens anything.
 *
 * The lock is an exclusive `flock(2)` on `panelwright.lock`, held by a small `flock` process (from
 * util-linux, on every Linux) whose standard input is a pipe from this one: when this process ends, in
 * whatever way (kill -9 included), the pipe closes, the holder exits and the kernel drops the lock.
 * Nothing is ever judged stale: no pid to mistake for another process after a reboot or in a container,
 * and two processes starting together cannot both take it.
 *
 * `onLost` runs if the holder dies while this process still runs (someone killed it): the folder is
 * then no longer guarded and the caller should stop.
 */
export async function lockDataDir(dataDir: string, onLost: () => void = () => {}): Promise<DataDirLock> {
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const lockPath = join(dir, LOCK_FILE);
  let holder: ChildProcess;
  try {
    holder = await startHolder(lockPath);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      const pid = readHolderPid(dir);
      throw new DataDirLockedError(
        `The data directory ${dir} is in use by another Panelwright process${pid ? ` (pid ${pid})` : ''}. ` +
          'Stop that process, or start this one with another DATA_DIR.',
      );
    }
    throw error;
  }
  writeFileSync(join(dir, HOLDER_FILE), String(process.pid), { mode: 0o600 });
  let releasing = false;
  const exited = new Promise<void>((resolveExit) => holder.once('exit', () => resolveExit()));
  holder.once('exit', () => {
    if (!releasing) onLost();
  });
  // The holder must not keep this process alive on its own.
  holder.unref();
  return {
    async release() {
      if (releasing) return;
      releasing = true;
      // Referenced again, so that the process waits for the holder's exit instead of ending first
      // (with nothing else left to do, an unreferenced child would not keep it alive).
      holder.ref();
      holder.stdin?.end();
      await exited;
    },
  };
}

function readHolderPid(dir: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(join(dir, HOLDER_FILE), 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** Starts the holder and resolves once it holds the lock; a DataDirLockedError when another does. */
function startHolder(lockPath: string): Promise<ChildProcess> {
  return new Promise((resolveHolder, reject) => {
    // `flock -n` gives up at once when the lock is held; the shell then says it holds it and becomes
    // `cat`, which lives exactly as long as our end of its standard input stays open.
    const child = spawn(
      'flock',
      ['--exclusive', '--nonblock', lockPath, 'sh', '-c', `echo ${LOCKED_SIGNAL}; exec cat >/dev/null`],
      // Its own process group: a Ctrl-C in the terminal stops the server gracefully, not the lock first.
      { stdio: ['pipe', 'pipe', 'pipe'], detached: true },
    );
    let output = '';
    let errors = '';
    let settled = false;
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (!settled && output.includes(LOCKED_SIGNAL)) {
        settled = true;
        child.stdout?.removeAllListeners('data');
        child.stdout?.resume();
        resolveHolder(child);
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    child.once('error', (error: NodeJS.ErrnoException) => {
      if (settled) return;
      settled = true;
      reject(
        error.code === 'ENOENT'
          ? new Error(
              'The embedded database needs the `flock` command (util-linux) to guard its data folder; ' +
                'install it, or use PostgreSQL (DATABASE_URL).',
            )
          : error,
      );
    });
    child.once('exit', (code) => {
      if (settled) return;
      settled = true;
      // Without a message, flock gave up because the lock is held; with one, something else is wrong.
      if (errors.trim() === '') reject(new DataDirLockedError('locked'));
      else reject(new Error(`The data folder could not be locked (flock exit ${code}): ${errors.trim()}`));
    });
  });
}
