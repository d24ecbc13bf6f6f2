import { randomBytes } from 'node:crypto';
import pg from 'pg';

// Databases on the PostgreSQL server of TEST_DATABASE_URL for the test suites (integration and
// end-to-end): made empty or as a copy of a migrated template, dropped after. Only `pg` here, so
// that the end-to-end files load no database engine of their own.

/** Where the PostgreSQL suite's global setup left a migrated template database (`global-setup-postgres.ts`). */
export const POSTGRES_TEMPLATE_ENV = 'PW_TEST_POSTGRES_TEMPLATE';

/** Runs one statement as the administrator of TEST_DATABASE_URL's server. */
export async function runOnServer(statement: string): Promise<void> {
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
  const name = `${template ? `${template}_copy` : 'pw_test'}_${randomBytes(6).toString('hex')}`;
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
