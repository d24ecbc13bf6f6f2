import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_ROOT } from '../paths';
import { DataDirLockedError, LOCK_FILE, lockDataDir } from './data-dir-lock';

const freshDir = () => mkdtempSync(join(tmpdir(), 'pw-lock-'));

/** Another process holding the folder through the real lock, as a second server would. */
function holdInChild(dir: string) {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '-e',
      `import('${join(SERVER_ROOT, 'src', 'lib', 'data-dir-lock.ts')}').then(({ lockDataDir }) =>
        lockDataDir(${JSON.stringify(dir)}).then(() => { console.log('held'); setInterval(() => {}, 1000); }))`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const held = new Promise<void>((resolve) =>
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('held')) resolve();
    }),
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { child, held, exited };
}

describe('lockDataDir', () => {
  it('holds the folder until released, then lets the next process take it', async () => {
    const dir = freshDir();
    const lock = await lockDataDir(dir);
    await expect(lockDataDir(dir)).rejects.toThrowError(
      `in use by another Panelwright process (pid ${process.pid})`,
    );
    await lock.release();
    const again = await lockDataDir(dir);
    await again.release();
  });

  it('is not fooled by a lock naming a live but unrelated process', async () => {
    const dir = freshDir();
    // PID 1 always runs: a pid-file lock would call this folder busy forever.
    writeFileSync(join(dir, LOCK_FILE), '1');
    writeFileSync(join(dir, 'panelwright.pid'), '1');
    const lock = await lockDataDir(dir);
    await lock.release();
  });

  it('lets exactly one of two processes starting together take the folder, every time', async () => {
    for (let round = 0; round < 40; round++) {
      const dir = freshDir();
      const results = await Promise.allSettled([lockDataDir(dir), lockDataDir(dir)]);
      const taken = results.filter((result) => result.status === 'fulfilled');
      const refused = results.filter(
        (result) => result.status === 'rejected' && result.reason instanceof DataDirLockedError,
      );
      expect({ round, taken: taken.length, refused: refused.length }).toEqual({
        round,
        taken: 1,
        refused: 1,
      });
      for (const result of taken) if (result.status === 'fulfilled') await result.value.release();
    }
  });

  it('is free again at once when its holder is killed with SIGKILL', async () => {
    const dir = freshDir();
    const holder = holdInChild(dir);
    await holder.held;
    await expect(lockDataDir(dir)).rejects.toThrowError(DataDirLockedError);
    holder.child.kill('SIGKILL');
    await holder.exited;
    // The kernel drops the lock when its holder's pipe closes; allow the holder a moment to exit.
    let lock: Awaited<ReturnType<typeof lockDataDir>> | undefined;
    for (let attempt = 0; attempt < 50 && !lock; attempt++) {
      lock = await lockDataDir(dir).catch(() => undefined);
      if (!lock) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(lock).toBeDefined();
    await lock?.release();
  }, 30_000);

  it('tells its owner when someone ends the lock holder', async () => {
    const dir = freshDir();
    let lost = false;
    const lock = await lockDataDir(dir, () => {
      lost = true;
    });
    spawn('pkill', ['-KILL', '-f', `flock --exclusive --nonblock ${join(dir, LOCK_FILE)}`]);
    for (let i = 0; i < 50 && !lost; i++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(lost).toBe(true);
    await lock.release();
  });

  it('creates the folder when it does not exist', async () => {
    const dir = join(freshDir(), 'nested', 'data');
    await (await lockDataDir(dir)).release();
    expect(existsSync(dir)).toBe(true);
  });
});
