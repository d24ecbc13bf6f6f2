import { readFileSync } from 'node:fs';
import { type DatabaseHandle, openEmbeddedDatabase, openPostgresDatabase } from '../db/client';
import { createScratchPostgresDatabase, POSTGRES_TEMPLATE_ENV } from './postgres-databases';

/** Where the integration suite's global setup left a migrated embedded database (`global-setup.ts`). */
export const EMBEDDED_IMAGE_ENV = 'PW_TEST_EMBEDDED_IMAGE';

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
