import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADMIN_CLI, MIGRATED_DATA_DIR_ENV } from './server';

/**
 * Runs once before the end-to-end files: a data folder migrated by the built product's own command
 * (`admin.js migrate`), which every server the files start is copied from. Creating an embedded
 * cluster takes seconds of CPU a server; copying one takes a tenth of a second. Each server still seeds
 * its own first start (its administrator, its demo data), as on a fresh install.
 */
export default function setup(): () => void {
  if (!existsSync(ADMIN_CLI)) throw new Error('Build first: npm run build');
  const dir = mkdtempSync(join(tmpdir(), 'pw-e2e-migrated-'));
  execFileSync(process.execPath, [ADMIN_CLI, 'migrate'], {
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  process.env[MIGRATED_DATA_DIR_ENV] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
