import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { type DatabaseHandle, openEmbeddedDatabase, openPostgresDatabase } from '../db/client';

/** Where the integration suite's global setup left a migrated embedded database (`global-setup.ts`). */
export const EMBEDDED_IMAGE_ENV = 'PW_TEST_EMBEDDED_IMAGE';

/** A new, empty database on the PostgreSQL of TEST_DATABASE_URL; `drop` removes it. */
export async function createScratchPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `pw_test_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
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
  const scratch = await createScratchPostgresDatabase();
  const handle = await openPostgresDatabase(scratch.url);
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
