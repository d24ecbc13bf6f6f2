import {
  createScratchPostgresDatabase,
  postgresDatabaseUrl,
  runOnServer,
} from '../../apps/server/src/testing/postgres-databases';

/**
 * End-to-end servers on PostgreSQL: when TEST_DATABASE_URL is set (and `E2E_DATABASE` is not `embedded`),
 * the global setup migrates one template database with the built product's own command, and every
 * server the files start gets a copy of it (`CREATE DATABASE … TEMPLATE`, a file copy on the database
 * server). A server on the embedded database spends about a third of an e2e file's CPU in its
 * WebAssembly PostgreSQL; the files that walk the default product's main paths keep it
 * (`startServer(env, { database: 'embedded' })`).
 */
export const E2E_TEMPLATE_ENV = 'PW_E2E_POSTGRES_TEMPLATE';

/** Whether this run's e2e servers use PostgreSQL rather than the embedded database. */
export function e2eOnPostgres(): boolean {
  return process.env.E2E_DATABASE !== 'embedded' && Boolean(process.env.TEST_DATABASE_URL);
}

/** The address of a database named `name` on TEST_DATABASE_URL's server. */
export const databaseUrl = postgresDatabaseUrl;

/** An empty database for the global setup to migrate into the template. */
export async function createTemplateDatabase(): Promise<string> {
  return (await createScratchPostgresDatabase()).name;
}

/** A database copied from the migrated template; `drop` removes it. */
export async function copyOfTemplate(): Promise<{ url: string; drop(): Promise<void> }> {
  const template = process.env[E2E_TEMPLATE_ENV];
  if (!template) throw new Error('the e2e global setup made no PostgreSQL template');
  return createScratchPostgresDatabase(template);
}

export function dropDatabase(name: string): Promise<void> {
  return runOnServer(`drop database if exists ${name} with (force)`);
}
