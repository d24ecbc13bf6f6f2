import fs, { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { join } from 'node:path';

/** Folders only their owner may open, files only their owner may read and write. */
export const PRIVATE_FOLDER_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;
/** Masks the group and other bits of everything this process creates from now on. */
export const PRIVATE_UMASK = 0o077;

/**
 * Makes the data folder private: created 0700 when missing, and every folder and file already in it
 * given 0700 / 0600 (a folder written by an older version, or copied with other modes). It holds the
 * database, whose write-ahead log carries password hashes, the JWT secret and uploaded files. Symbolic
 * links are left alone (their targets are not ours to change). Answers how many modes were changed.
 */
export function makeFolderPrivate(dir: string): number {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  let changed = 0;
  const pending = [dir];
  while (pending.length > 0) {
    const path = pending.pop() as string;
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) continue;
    const wanted = stat.isDirectory() ? PRIVATE_FOLDER_MODE : PRIVATE_FILE_MODE;
    if ((stat.mode & 0o777) !== wanted) {
      chmodSync(path, wanted);
      changed++;
    }
    if (stat.isDirectory()) for (const name of readdirSync(path)) pending.push(join(path, name));
  }
  return changed;
}

let chmodKeptPrivate = false;

/**
 * PGlite's file system layer creates each database file and then chmods it to the mode PostgreSQL
 * asked for (0666 in its build), and chmod ignores the umask. From this call on, chmod and fchmod
 * in this process drop the group and other bits, as the umask does for files created: the database
 * files stay 0600. The process never needs to grant others access to anything.
 */
export function keepChmodPrivate(): void {
  if (chmodKeptPrivate) return;
  chmodKeptPrivate = true;
  const { chmodSync, fchmodSync, chmod, fchmod } = fs;
  const masked = (mode: fs.Mode): fs.Mode => (typeof mode === 'number' ? mode & ~PRIVATE_UMASK : mode);
  fs.chmodSync = (path, mode) => chmodSync(path, masked(mode));
  fs.fchmodSync = (fd, mode) => fchmodSync(fd, masked(mode));
  fs.chmod = ((path: fs.PathLike, mode: fs.Mode, callback: fs.NoParamCallback) =>
    chmod(path, masked(mode), callback)) as typeof fs.chmod;
  fs.fchmod = ((fd: number, mode: fs.Mode, callback: fs.NoParamCallback) =>
    fchmod(fd, masked(mode), callback)) as typeof fs.fchmod;
  // `import { chmodSync } from 'node:fs'` elsewhere sees the change too.
  syncBuiltinESMExports();
}
