import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

const LOCK_FILE = 'panelwright.lock';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the data folder for this process. The embedded database has no lock of its own and two
 * writers corrupt it, so a second process must stop before it opens anything. A lock left by a
 * process that no longer runs is taken over.
 */
export function lockDataDir(dataDir: string): { release(): void } {
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const lockPath = join(dir, LOCK_FILE);
  const ownPid = String(process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lockPath, ownPid, { flag: 'wx', mode: 0o600 });
      return {
        release() {
          try {
            if (readFileSync(lockPath, 'utf8') === ownPid) unlinkSync(lockPath);
          } catch {
            // Already gone: nothing to release.
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(readFileSync(lockPath, 'utf8').trim(), 10);
      if (Number.isInteger(holder) && holder > 0 && isAlive(holder)) {
        throw new DataDirLockedError(
          `The data directory ${dir} is in use by another Panelwright process (pid ${holder}). ` +
            'Stop that process, or start this one with another DATA_DIR.',
        );
      }
      unlinkSync(lockPath);
    }
  }
  throw new DataDirLockedError(
    `The data directory ${dir} could not be locked; another process is starting on it.`,
  );
}
