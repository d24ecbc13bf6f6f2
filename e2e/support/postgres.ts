import { randomBytes } from 'node:crypto';
import pg from 'pg';

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

async function run(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** The address of a database named `name` on TEST_DATABASE_URL's server. */
export function databaseUrl(name: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL ?? '');
  url.pathname = `/${name}`;
  return url.toString();
}

/** An empty database for the global setup to migrate into the template. */
export async function createTemplateDatabase(): Promise<string> {
  const name = `pw_e2e_template_${randomBytes(4).toString('hex')}`;
  await run(`create database ${name}`);
  return name;
}

/** A database copied from the migrated template; `drop` removes it. */
export async function copyOfTemplate(): Promise<{ url: string; drop(): Promise<void> }> {
  const template = process.env[E2E_TEMPLATE_ENV];
  if (!template) throw new Error('the e2e global setup made no PostgreSQL template');
  const name = `${template}_${randomBytes(4).toString('hex')}`;
  // Two files starting at once may both copy the template; PostgreSQL refuses a copy while another
  // session is in the template (55006), so try again a moment later.
  for (let attempt = 1; ; attempt++) {
    try {
      await run(`create database ${name} template ${template}`);
      break;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  return { url: databaseUrl(name), drop: () => run(`drop database if exists ${name} with (force)`) };
}

export function dropDatabase(name: string): Promise<void> {
  return run(`drop database if exists ${name} with (force)`);
}
