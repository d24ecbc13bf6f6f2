import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import {
  type DatabaseHandle,
  openEmbeddedDatabase,
  openPostgresDatabase,
  type PostgresLimits,
} from './db/client';
import { type DataDirLock, DataDirLockedError, lockDataDir } from './lib/data-dir-lock';
import { describeFailure } from './lib/database-errors';
import { createLogger } from './lib/logger';
import { makeFolderPrivate, PRIVATE_UMASK } from './lib/private-folder';
import { isLoopbackHost } from './lib/public-address';
import { loadJwtSecret } from './lib/secrets';
import { ensureAdministrator } from './modules/account/administrator';
import { WEB_DIST_DIR } from './paths';
import { type SeedResult, seed } from './seed';
import { ensureDemoUsers } from './seed/access';

/** Shutdown must finish within 10 s; the forced exit leaves a margin below that. */
const SHUTDOWN_DEADLINE_MS = 9_000;
/**
 * After SIGTERM the server keeps listening, answering 503 with `Connection: close`, for at least this
 * long (clients sending on a kept-alive connection are told, not cut off) and until the requests in
 * flight are done, within DRAIN_LIMIT_MS; then it closes.
 */
const DRAIN_GRACE_MS = 1_000;
const DRAIN_LIMIT_MS = 6_000;

function fail(message: string, code = 1): never {
  process.stderr.write(`\n${message}\n\n`);
  process.exit(code);
}

async function connectOrFail(url: string, limits?: PostgresLimits): Promise<DatabaseHandle> {
  try {
    return await openPostgresDatabase(url, limits);
  } catch (error) {
    fail(`Cannot connect to PostgreSQL at ${describeDatabaseUrl(url)}: ${(error as Error).message}`);
  }
}

/** host:port/db of a connection string, without the credentials. */
function describeDatabaseUrl(url: string): string {
  const { hostname, port, pathname } = new URL(url);
  return `${hostname}:${port || 5432}${pathname}`;
}

/** The lines printed once the administrator exists: the only time a generated password is shown. */
function administratorLines(admin: NonNullable<SeedResult['admin']>): string[] {
  return [
    'An administrator account was created:',
    `  user name: ${admin.username}`,
    admin.generated
      ? `  password:  ${admin.password}   (shown this once; change it after signing in)`
      : '  password:  the value of ADMIN_PASSWORD',
    '  (lost it? stop the server and run: npm run admin:reset-password)',
  ];
}

/** Stops with a plain message when the address to listen on is taken or not this machine's. */
function failOnAddressError(config: { host: string; port: number }, error: unknown): void {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') {
    fail(`Port ${config.port} on ${config.host} is already in use. Stop the program using it, or set PORT.`);
  }
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') {
    fail(`HOST ${config.host} is not an address of this machine. Set HOST to one of its addresses.`);
  }
}

/** Listens on the address for a moment and lets it go; rejects as `listen` would. */
function probeAddress(host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message, 2);
    throw error;
  }
  const logger = createLogger(config.logLevel);
  // Before the data folder and the database, which may take minutes on a first start: a port that is
  // taken (or a host that is not this machine's) is said at once. The listen below still checks it.
  await probeAddress(config.host, config.port).catch((error: unknown) => failOnAddressError(config, error));

  // Everything this process creates (database files, secrets, uploads, exports) is its owner's alone.
  process.umask(PRIVATE_UMASK);
  const fixedModes = makeFolderPrivate(resolve(config.dataDir));
  if (fixedModes > 0) logger.info({ entries: fixedModes }, 'made the data folder private (0700 / 0600)');

  let lock: DataDirLock | undefined;
  let requestShutdown: (reason: string) => void = () => {};
  let database: DatabaseHandle;
  if (config.databaseUrl) {
    database = await connectOrFail(config.databaseUrl);
  } else {
    try {
      lock = await lockDataDir(config.dataDir, () => {
        logger.error('the lock on the data folder was lost; stopping');
        requestShutdown('lock lost');
      });
    } catch (error) {
      if (error instanceof DataDirLockedError) fail(error.message);
      throw error;
    }
    database = await openEmbeddedDatabase(config.dataDir);
  }

  const cleanUp = async () => {
    await database.close().catch(() => {});
    await lock?.release();
  };

  await database.migrate();
  // First and alone: an interrupted first start must not lose the generated password.
  const admin = await ensureAdministrator(database.db, config);
  if (admin) process.stdout.write(`\n${administratorLines(admin).join('\n')}\n`);
  if (config.demoData) {
    // Printed with the administrator's, once: the demo accounts of the other seeded roles.
    const demoUsers = await ensureDemoUsers(database.db);
    if (demoUsers.length > 0) {
      process.stdout.write(
        `\nDemo accounts were created (shown this once; each must change its password):\n${demoUsers
          .map((user) => `  ${user.role}: user name ${user.username}, password ${user.password}`)
          .join('\n')}\n`,
      );
    }
  }
  const seeded = await seed(database.db, config, {
    workspaceScreens: true,
    demoProducts: config.demoProducts,
  });
  if (database.kind === 'postgres' && config.databaseUrl) {
    // Migrations and the seed may take long; serving calls may not: from here on every wait is bounded.
    await database.close();
    database = await connectOrFail(config.databaseUrl, {
      queryTimeoutMs: config.dbTimeoutMs,
      connectTimeoutMs: Math.min(config.dbTimeoutMs, 3_000),
    });
  }
  const app = await buildApp({
    config,
    database,
    jwtSecret: loadJwtSecret(config.jwtSecret, config.dataDir),
    logger,
    webDistDir: WEB_DIST_DIR,
  });

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await cleanUp();
    failOnAddressError(config, error);
    throw error;
  }

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const shownHost = config.host.includes(':') ? `[${config.host}]` : config.host;
  const lines = [
    '',
    `Panelwright is running at ${config.publicUrl ?? `http://${shownHost}:${port}/`}`,
    `Database: ${database.kind === 'embedded' ? `embedded, in ${config.dataDir}` : 'PostgreSQL'}`,
  ];
  if (seeded.demoProducts) {
    lines.push(
      `Demo data seeded: ${seeded.demoProducts} products (set DEMO_DATA=false to start without it).`,
    );
  }
  if (!config.publicUrl && !isLoopbackHost(config.host)) {
    lines.push(
      'Warning: PUBLIC_URL is not set. Password-reset links are not mailed until it names the address',
      '         users open (it is never taken from a request, whose Host header the sender chooses).',
    );
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    await app.drain(DRAIN_GRACE_MS, DRAIN_LIMIT_MS);
    await app.close();
    await cleanUp();
    logger.info('stopped');
    process.exit(signal === 'lock lost' ? 1 : 0);
  };
  requestShutdown = (reason) => void shutdown(reason);
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('uncaughtException', (error) => {
    logger.fatal({ err: error }, 'uncaught exception');
    void cleanUp().finally(() => process.exit(1));
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`Panelwright could not start: ${describeFailure(error)}\n`);
  process.exit(1);
});
