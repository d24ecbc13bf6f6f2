import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createTemplateDatabase,
  databaseUrl,
  dropDatabase,
  E2E_TEMPLATE_ENV,
  e2eOnPostgres,
} from './postgres';
import { ADMIN_CLI, MIGRATED_DATA_DIR_ENV } from './server';

/** The built product's own migration command (`admin.js migrate`) on a data folder or a database. */
function migrate(env: Record<string, string>): void {
  execFileSync(process.execPath, [ADMIN_CLI, 'migrate'], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/**
 * Runs once before the end-to-end files: a migrated embedded data folder, which every server on the
 * embedded database is copied from (creating an embedded cluster takes seconds of CPU a server; copying
 * one a tenth of a second), and with `E2E_DATABASE=postgres` a migrated PostgreSQL template database
 * the other servers copy. Each server still seeds its own first start (its administrator, its demo
 * data), as on a fresh install.
 */
export default async function setup(): Promise<() => Promise<void>> {
  if (!existsSync(ADMIN_CLI)) throw new Error('Build first: npm run build');
  const dir = mkdtempSync(join(tmpdir(), 'pw-e2e-migrated-'));
  migrate({ DATA_DIR: dir });
  process.env[MIGRATED_DATA_DIR_ENV] = dir;
  const template = e2eOnPostgres() ? await createTemplateDatabase() : undefined;
  if (template) {
    migrate({ DATABASE_URL: databaseUrl(template) });
    process.env[E2E_TEMPLATE_ENV] = template;
  }
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (template) await dropDatabase(template);
  };
}
