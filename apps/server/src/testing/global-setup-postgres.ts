import { openPostgresDatabase } from '../db/client';
import { createScratchPostgresDatabase, POSTGRES_TEMPLATE_ENV } from './postgres-databases';

/**
 * Runs once before the PostgreSQL integration suite: one migrated database that every test file's
 * database is copied from (`openTestDatabase`), instead of each migrating its own.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const template = await createScratchPostgresDatabase();
  try {
    const handle = await openPostgresDatabase(template.url);
    try {
      await handle.migrate();
    } finally {
      // A template is copied only while no session is connected to it.
      await handle.close();
    }
  } catch (error) {
    await template.drop();
    throw error;
  }
  process.env[POSTGRES_TEMPLATE_ENV] = template.name;
  return () => template.drop();
}
