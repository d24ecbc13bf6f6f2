import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { type DatabaseHandle, openEmbeddedDatabase, openPostgresDatabase } from './db/client';
import { seed } from './db/seed';
import { DataDirLockedError, lockDataDir } from './lib/data-dir-lock';
import { createLogger } from './lib/logger';
import { loadJwtSecret } from './lib/secrets';
import { WEB_DIST_DIR } from './paths';

/** Shutdown must finish within 10 s; the forced exit leaves a margin below that. */
const SHUTDOWN_DEADLINE_MS = 9_000;

function fail(message: string, code = 1): never {
  process.stderr.write(`\n${message}\n\n`);
  process.exit(code);
}

/** host:port/db of a connection string, without the credentials. */
function describeDatabaseUrl(url: string): string {
  const { hostname, port, pathname } = new URL(url);
  return `${hostname}:${port || 5432}${pathname}`;
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

  let lock: { release(): void } | undefined;
  let database: DatabaseHandle;
  if (config.databaseUrl) {
    try {
      database = await openPostgresDatabase(config.databaseUrl);
    } catch (error) {
      fail(
        `Cannot connect to PostgreSQL at ${describeDatabaseUrl(config.databaseUrl)}: ${(error as Error).message}`,
      );
    }
  } else {
    try {
      lock = lockDataDir(config.dataDir);
    } catch (error) {
      if (error instanceof DataDirLockedError) fail(error.message);
      throw error;
    }
    database = await openEmbeddedDatabase(config.dataDir);
  }

  const cleanUp = async () => {
    await database.close().catch(() => {});
    lock?.release();
  };

  await database.migrate();
  const seeded = await seed(database.db, config, {
    workspaceScreens: true,
    demoProducts: config.demoProducts,
  });
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
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') {
      fail(
        `Port ${config.port} on ${config.host} is already in use. Stop the program using it, or set PORT.`,
      );
    }
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') {
      fail(`HOST ${config.host} is not an address of this machine. Set HOST to one of its addresses.`);
    }
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
  if (seeded.admin) {
    lines.push(
      'An administrator account was created:',
      `  user name: ${seeded.admin.username}`,
      seeded.admin.generated
        ? `  password:  ${seeded.admin.password}   (shown this once; change it after signing in)`
        : '  password:  the value of ADMIN_PASSWORD',
    );
  }
  if (seeded.demoProducts) {
    lines.push(
      `Demo data seeded: ${seeded.demoProducts} products (set DEMO_DATA=false to start without it).`,
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
      lock?.release();
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    await app.close();
    await cleanUp();
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('uncaughtException', (error) => {
    logger.fatal({ err: error }, 'uncaught exception');
    void cleanUp().finally(() => process.exit(1));
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`Panelwright could not start: ${(error as Error).message}\n`);
  process.exit(1);
});
