// The administrators' commands, run on the machine the product runs on. With the embedded database the
// server must be stopped first: the data folder has one process at a time.
// - `npm run admin:reset-password [-- <user name>]`: a new password for an administrator (a lost
//   first-start password, a forgotten one).
// - `npm run admin:migrate`: creates or upgrades the database and stops, as a deployment step before
//   instances start (they would migrate on start otherwise), or to prepare a data folder ahead of time.
import { ConfigError, loadConfig } from '../config';
import { type DatabaseHandle, openEmbeddedDatabase, openPostgresDatabase } from '../db/client';
import { DataDirLockedError, lockDataDir } from '../lib/data-dir-lock';
import { describeFailure } from '../lib/database-errors';
import { makeFolderPrivate, PRIVATE_UMASK } from '../lib/private-folder';
import { resetAdministratorPassword } from '../modules/account/admin-recovery';

const USAGE = [
  'Usage: npm run admin:reset-password [-- <user name>]   (ADMIN_PASSWORD sets the password)',
  '       npm run admin:migrate                           (creates or upgrades the database)',
].join('\n');

function fail(message: string, code = 1): never {
  process.stderr.write(`\n${message}\n\n`);
  process.exit(code);
}

async function main(): Promise<void> {
  const [command, name] = process.argv.slice(2);
  if (command !== 'reset-password' && command !== 'migrate') fail(USAGE, 2);
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message, 2);
    throw error;
  }
  process.umask(PRIVATE_UMASK);
  let database: DatabaseHandle;
  let release = async () => {};
  if (config.databaseUrl) {
    database = await openPostgresDatabase(config.databaseUrl);
  } else {
    makeFolderPrivate(config.dataDir);
    try {
      const lock = await lockDataDir(config.dataDir);
      release = () => lock.release();
    } catch (error) {
      if (error instanceof DataDirLockedError) {
        fail(
          `${error.message}\nThe embedded database allows one process: stop the server, then run this again.`,
        );
      }
      throw error;
    }
    database = await openEmbeddedDatabase(config.dataDir);
  }
  try {
    await database.migrate();
    if (command === 'migrate') {
      process.stdout.write('\nThe database is up to date.\n\n');
      return;
    }
    const admin = await resetAdministratorPassword(
      database.db,
      name ?? config.adminUsername,
      config.adminPassword,
    );
    process.stdout.write(
      [
        '',
        admin.created
          ? `The administrator ${admin.username} was created.`
          : `New password for ${admin.username}:`,
        admin.generated
          ? `  password:  ${admin.password}   (shown this once; change it after signing in)`
          : '  password:  the value of ADMIN_PASSWORD',
        'Their other sessions have ended.',
        '',
        '',
      ].join('\n'),
    );
  } finally {
    await database.close();
    await release();
  }
}

main().catch((error: unknown) =>
  fail(
    process.argv[2] === 'migrate'
      ? `The database could not be migrated: ${describeFailure(error)}`
      : `The password could not be reset: ${describeFailure(error)}`,
  ),
);
