import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';

const freshDir = () => mkdtempSync(join(tmpdir(), 'pw-lock-'));

describe('lockDataDir', () => {
  it('writes the pid and removes the lock on release', () => {
    const dir = freshDir();
    const lock = lockDataDir(dir);
    expect(readFileSync(join(dir, 'panelwright.lock'), 'utf8')).toBe(String(process.pid));
    lock.release();
    expect(existsSync(join(dir, 'panelwright.lock'))).toBe(false);
  });

  it('refuses a folder held by a live process, naming it', async () => {
    const dir = freshDir();
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      writeFileSync(join(dir, 'panelwright.lock'), String(holder.pid));
      expect(() => lockDataDir(dir)).toThrowError(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrowError(
        `in use by another Panelwright process (pid ${holder.pid})`,
      );
    } finally {
      holder.kill();
    }
  });

  it('takes over a lock left by a process that is gone', () => {
    const dir = freshDir();
    writeFileSync(join(dir, 'panelwright.lock'), '999999999');
    const lock = lockDataDir(dir);
    expect(readFileSync(join(dir, 'panelwright.lock'), 'utf8')).toBe(String(process.pid));
    lock.release();
  });

  it('creates the folder when it does not exist', () => {
    const dir = join(freshDir(), 'nested', 'data');
    lockDataDir(dir).release();
    expect(existsSync(dir)).toBe(true);
  });
});
