import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { type DatabaseHandle, openEmbeddedDatabase, openPostgresDatabase } from '../db/client';

/** Where the integration suite's global setup left a migrated embedded database (`global-setup.ts`). */
export const EMBEDDED_IMAGE_ENV = 'PW_TEST_EMBEDDED_IMAGE';

/** Where the PostgreSQL suite's global setup left a migrated template database (`global-setup-postgres.ts`). */
export const POSTGRES_TEMPLATE_ENV = 'PW_TEST_POSTGRES_TEMPLATE';

/** Runs one statement as the administrator of TEST_DATABASE_URL's server. */
async function runOnServer(statement: string): Promise<void> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error('TEST_DATABASE_URL is not set');
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** The address of the database `name` on TEST_DATABASE_URL's server. */
export function postgresDatabaseUrl(name: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL ?? '');
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A new database on the PostgreSQL of TEST_DATABASE_URL, empty or a copy of `template` (a file copy
 * on the database server, a tenth of the time of migrating); `drop` removes it.
 */
export async function createScratchPostgresDatabase(
  template?: string,
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `pw_test_${randomBytes(6).toString('hex')}`;
  for (let attempt = 1; ; attempt++) {
    try {
      await runOnServer(`create database ${name}${template ? ` template ${template}` : ''}`);
      break;
    } catch (error) {
      // Two files copying the template at once: PostgreSQL refuses a copy while another session is in
      // the template (55006); the other's copy takes a moment.
      if ((error as { code?: string }).code !== '55006' || attempt >= 40) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
    }
  }
  return {
    name,
    url: postgresDatabaseUrl(name),
    drop: () => runOnServer(`drop database if exists ${name} with (force)`),
  };
}

export type TestDatabase = DatabaseHandle & {
  /**
   * Another handle on the same database, as a second server instance would hold: a pool of its own on
   * PostgreSQL, the same in-memory client for the embedded database (one process can share it).
   * Close siblings before the database itself, which drops it.
   */
  openSibling(): Promise<TestDatabase>;
};

/**
 * A fresh, migrated database for one test file: embedded in memory by default, or a new database on
 * the PostgreSQL of TEST_DATABASE_URL when the suite runs with PW_TEST_DB=postgres. Closing drops it.
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  if (process.env.PW_TEST_DB !== 'postgres') {
    const imagePath = process.env[EMBEDDED_IMAGE_ENV];
    const handle = await openEmbeddedDatabase(
      null,
      imagePath ? new Blob([readFileSync(imagePath)]) : undefined,
    );
    // Nothing to do when it started from the migrated image; everything when it did not (benchmarks).
    await handle.migrate();
    const database: TestDatabase = {
      ...handle,
      openSibling: async () => ({ ...database, close: async () => {} }),
    };
    return database;
  }
  const scratch = await createScratchPostgresDatabase(process.env[POSTGRES_TEMPLATE_ENV]);
  const handle = await openPostgresDatabase(scratch.url);
  // Nothing to do on a copy of the migrated template; everything on an empty database.
  await handle.migrate();
  const openSibling = async (): Promise<TestDatabase> => ({
    ...(await openPostgresDatabase(scratch.url)),
    openSibling,
  });
  return {
    ...handle,
    openSibling,
    close: async () => {
      await handle.close();
      await scratch.drop();
    },
  };
}
