import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { getTableConfig, type PgDatabase, type PgQueryResultHKT, type PgTable } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite, PgliteSession } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { classifyDatabaseError } from '../lib/database-errors';
import { keepChmodPrivate, PRIVATE_FOLDER_MODE } from '../lib/private-folder';
import { MIGRATIONS_DIR } from '../paths';
import * as schema from './schema';

/** The one database type the services see, whichever engine is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * Runs a row query and answers its rows as objects keyed by the query's column aliases, the way that
 * is fastest on the engine (see `readRowsAsOneJson`).
 */
export type RowReader = (db: Database, query: SQL) => Promise<Record<string, unknown>[]>;

/** The driver builds the row objects itself (node-postgres parses each field in JavaScript). */
export const readRowsAsFields: RowReader = async (db, query) =>
  ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

/**
 * The rows as one JSON value, parsed once: PGlite decodes every field of its answer with a copy and a
 * TextDecoder call of its own, and for a 1,000-row page of 27 columns that was a third of List's time
 * (47 → 31 ms) and of an export's (19,800 → 30,500 rows/s). Only for the embedded database: on
 * PostgreSQL, building the JSON costs the server more than node-postgres's field parsing (19 → 29 ms).
 * The subquery's order is json_agg's input order (a plain subquery scan, which PostgreSQL does not
 * reorder). JSON renders every value the reads produce as the fields do (texts, integers, doubles,
 * booleans, json, text arrays): `db/row-readers.int.test.ts` compares both over every resource.
 */
export const readRowsAsOneJson: RowReader = async (db, query) => {
  const result = (await db.execute(
    sql`select coalesce(json_agg(page_rows), '[]'::json) as rows from (${query}) as page_rows`,
  )) as unknown as { rows: { rows: Record<string, unknown>[] }[] };
  return result.rows[0]?.rows ?? [];
};

/** A name as SQL text reads it, quoted (names here are declared ones, never a request's). */
const quoteName = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** A table's name, with its schema when it has one, quoted for SQL text. */
export function quotedTableName(table: PgTable): string {
  const { name, schema } = getTableConfig(table);
  return schema ? `${quoteName(schema)}.${quoteName(name)}` : quoteName(name);
}

/** A value as COPY's text format reads it: `\N` for null, backslash escapes for its own separators. */
function copyField(value: string | null): string {
  if (value === null) return '\\N';
  return /[\\\n\r\t]/.test(value)
    ? value.replace(/[\\\n\r\t]/g, (c) =>
        c === '\\' ? '\\\\' : c === '\n' ? '\\n' : c === '\r' ? '\\r' : '\\t',
      )
    : value;
}

const utf8 = new TextEncoder();

/**
 * The COPY text of `rows` in UTF-8, each line encoded by itself and the lines' bytes put together.
 * The batch as one string (`text +=` a line) was a rope of thousands of pieces that encoding first
 * flattens, two bytes a character once a line holds a "→" (an audit row's changes); encoding each
 * line into one growing buffer (`encodeInto` a subarray) cost as much again. Line by line, an
 * import's 100,000 audit rows take some 0.4 s less CPU (docs/decisions.md).
 */
function copyBytes(rows: readonly (readonly (string | null)[])[]): ArrayBuffer {
  const lines = rows.map((row) => utf8.encode(`${row.map(copyField).join('\t')}\n`));
  const bytes = new Uint8Array(lines.reduce((size, line) => size + line.length, 0));
  let at = 0;
  for (const line of lines) {
    bytes.set(line, at);
    at += line.length;
  }
  return bytes.buffer;
}

/**
 * Adds rows to `table` by COPY on the embedded database, in the caller's transaction, and answers
 * true; answers false on PostgreSQL, where the caller inserts them its own way. Each value is the
 * text the column's type reads (its input function, as a cast from text reads it), or null. On
 * PGlite a COPY from a blob costs a third less a row than an INSERT that reads the same rows from
 * one JSON parameter (no JSON to parse, no expression a column): an import's audit rows 50 → 35 µs
 * (docs/decisions.md). Names are the callers' own (declared tables and columns), never a request's.
 */
export async function copyRowsIfEmbedded(
  db: Database,
  table: PgTable,
  columns: readonly string[],
  rows: readonly (readonly (string | null)[])[],
): Promise<boolean> {
  const session = (db as unknown as { session?: unknown }).session;
  if (!(session instanceof PgliteSession)) return false;
  if (rows.length === 0) return true;
  const client = (session as unknown as { client: Pick<PGlite, 'query'> }).client;
  // PGlite reads the blob once, by `arrayBuffer()`. A Blob would keep its copy of the bytes in
  // native memory that the garbage collector does not count, until its small wrapper happens to be
  // collected: an import's fifty to two hundred blobs piled up to 50–100 MB of the process's memory.
  // Bytes in an ArrayBuffer are counted, and given back with the next collections.
  const bytes = copyBytes(rows);
  const blob = { arrayBuffer: async () => bytes, size: bytes.byteLength } as unknown as Blob;
  await client.query(
    `copy ${quotedTableName(table)} (${columns.map(quoteName).join(', ')}) from '/dev/blob'`,
    [],
    {
      blob,
    },
  );
  return true;
}

export type DatabaseHandle = {
  db: Database;
  kind: 'embedded' | 'postgres';
  /** How services that read many rows at once (lists, exports) read them on this engine. */
  readRows: RowReader;
  /** Applies pending migrations; safe to call from several instances at once. */
  migrate(): Promise<void>;
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
};

/** Serialises migrations of instances that start together against one PostgreSQL. */
const MIGRATION_LOCK_KEY = 74_517_001;

/**
 * The extensions the embedded database loads: the text search's indexes (`pg_trgm`) and its folding
 * of accents (`unaccent`, migration 0018). PGlite ships them but loads only those named at start.
 */
const EMBEDDED_EXTENSIONS = { pg_trgm, unaccent };

/**
 * How the embedded database starts: PGlite's own parameters, and a write-ahead log that holds only
 * what crash recovery reads (`wal_level=minimal`). It has no replica and no archive to feed, and an
 * index built in the transaction that fills its table (a large import's rebuild, `import-indexes.ts`)
 * is then written once instead of being logged page by page as well: 4.7 → 2.8 s for Products'
 * indexes after 50,000 rows (docs/decisions.md).
 */
export const EMBEDDED_START_PARAMS = [
  ...PGlite.defaultStartParams,
  ...['-c', 'wal_level=minimal', '-c', 'max_wal_senders=0'],
];
const EMBEDDED_START = { extensions: EMBEDDED_EXTENSIONS, startParams: EMBEDDED_START_PARAMS };

/** The parts of Emscripten's in-memory file system (MEMFS) that size a file's buffer. */
type MemoryFiles = {
  expandFileStorage(node: MemoryFile, size: number): void;
  resizeFileStorage(node: MemoryFile, size: number): void;
};
type MemoryFile = { contents: Uint8Array; usedBytes: number };

/**
 * Lets the in-memory database's files (tests only; the product's database is in a directory) grow
 * with room to spare when PostgreSQL extends a table or index by `posix_fallocate`, as they already
 * do when written: Emscripten's MEMFS gave each extension a new buffer of the exact size and copied
 * the whole file into it, so writing many rows cost time quadratic in the file's size (an import of
 * 100,000 rows spent more time copying files than writing rows, docs/decisions.md). The extended
 * bytes read as zeros either way. Nothing is changed if PGlite's file system has another shape.
 */
export function growFilesWithRoom(client: PGlite): void {
  const fs = (
    client as unknown as {
      mod?: { FS?: { lookupPath(path: string): { node?: { mount?: { type?: unknown } } } } };
    }
  ).mod?.FS;
  let files: Partial<MemoryFiles> | undefined;
  try {
    files = fs?.lookupPath('/pglite/data').node?.mount?.type as Partial<MemoryFiles> | undefined;
  } catch {
    return;
  }
  const { expandFileStorage, resizeFileStorage } = files ?? {};
  if (!files || typeof expandFileStorage !== 'function' || typeof resizeFileStorage !== 'function') return;
  files.resizeFileStorage = (node, size) => {
    if (size <= node.usedBytes) return resizeFileStorage.call(files, node, size);
    expandFileStorage.call(files, node, size);
    node.contents.fill(0, node.usedBytes, size);
    node.usedBytes = size;
  };
}

/**
 * The embedded database in `dataDir/pgdata`, or in memory when `dataDir` is null (tests), then
 * starting from `image` when given (see `migratedEmbeddedImage`).
 */
export async function openEmbeddedDatabase(dataDir: string | null, image?: Blob): Promise<DatabaseHandle> {
  let client: PGlite;
  if (dataDir === null) {
    client = await PGlite.create({ ...EMBEDDED_START, ...(image ? { loadDataDir: image } : {}) });
    growFilesWithRoom(client);
  } else {
    const pgdata = join(dataDir, 'pgdata');
    mkdirSync(pgdata, { recursive: true, mode: PRIVATE_FOLDER_MODE });
    // The write-ahead log holds password hashes: no file of the database may be readable by others.
    keepChmodPrivate();
    client = await PGlite.create(pgdata, EMBEDDED_START);
  }
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'embedded',
    readRows: readRowsAsOneJson,
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_DIR }),
    ping: async () => {
      try {
        await client.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    close: () => client.close(),
  };
}

/**
 * The data directory of a new, migrated in-memory embedded database. Creating a cluster and migrating
 * it take seconds; loading this image takes one, so each test file starts from it.
 */
export async function migratedEmbeddedImage(): Promise<Blob> {
  const client = await PGlite.create(EMBEDDED_START);
  try {
    await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

/** How long `/health/ready` waits for the database: its 503 comes within 2 s, with a margin. */
export const READINESS_TIMEOUT_MS = 1_500;

/**
 * Time limits of a PostgreSQL connection. A database that is stopped refuses at once; one that is
 * frozen (or a network that drops packets) would hold every call for minutes: each wait is bounded,
 * so that a call answers 503 within the limit instead of hanging.
 */
export type PostgresLimits = {
  /** The longest a query runs (on the server) or waits for its answer (on the client). */
  queryTimeoutMs: number;
  /** The longest a call waits for a connection (a new one, or a free one of the pool). */
  connectTimeoutMs: number;
};

type ConnectCallback = (
  err: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;

/**
 * A pool whose connections can fail in any state without taking the process down, and are never
 * lent again in an unknown state (issue 20: after a freeze of PostgreSQL, the server ends the
 * sessions that sat idle in a transaction with a FATAL 25P03, and the process ended with it).
 *
 * - node-postgres emits `error` on a client whose connection breaks (the server ended it, restarted,
 *   or the network cut it). The pool listens only while a client sits idle in it; a client lent out
 *   (in a transaction, between two of its queries) had no listener, and an `error` event without
 *   one is an uncaught exception. Every client here has a listener for its whole life.
 * - A client whose query timed out or whose connection failed is out of step with its server (the
 *   query may still run there, a transaction may still be open): it is given back at once with the
 *   error, which makes the pool end it and open a fresh one for the next caller. Its holder's later
 *   calls (drizzle's ROLLBACK) fail fast with "not queryable" (a 503), and drizzle's own release is
 *   a no-op then. Without this, a transaction whose BEGIN timed out never gave its client back
 *   (drizzle releases only after BEGIN succeeded), and a client left inside an open transaction
 *   went back to the pool for the next caller's queries to run in.
 */
class ResilientPool extends pg.Pool {
  /** How to give back each lent client early, while it is lent. */
  private readonly lent = new WeakMap<pg.PoolClient, (error: Error) => void>();

  constructor(config: pg.PoolConfig) {
    super(config);
    this.on('connect', (client) => {
      client.on('error', (error) => this.abandon(client, error));
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args) => {
        const result = query(...args);
        if (result instanceof Promise) {
          result.catch((error: unknown) => {
            if (classifyDatabaseError(error) === 'unavailable') this.abandon(client, error as Error);
          });
        }
        return result;
      };
    });
    // An idle client that loses its connection: the pool drops it; nothing else to do.
    this.on('error', () => {});
  }

  private abandon(client: pg.PoolClient, error: Error): void {
    this.lent.get(client)?.(error);
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | undefined {
    // pool.query lends with a callback and gives the client back with the query's error itself.
    if (callback) {
      super.connect(callback);
      return undefined;
    }
    return super.connect().then((client) => {
      const release = client.release.bind(client);
      let released = false;
      const releaseOnce = (error?: Error | boolean) => {
        if (released) return;
        released = true;
        this.lent.delete(client);
        release(error);
      };
      client.release = releaseOnce;
      this.lent.set(client, (error) => releaseOnce(error));
      return client;
    });
  }
}

/**
 * A pool on PostgreSQL. Without `limits` nothing is bounded: migrations and the first seed may run
 * for long and happen before the server serves anyone.
 */
export async function openPostgresDatabase(
  connectionString: string,
  limits?: PostgresLimits,
): Promise<DatabaseHandle> {
  const pool = new ResilientPool({
    connectionString,
    max: 10,
    connectionTimeoutMillis: limits?.connectTimeoutMs ?? 5000,
    ...(limits
      ? {
          query_timeout: limits.queryTimeoutMs,
          statement_timeout: limits.queryTimeoutMs,
          // A transaction left open by a call that gave up must not hold its locks.
          idle_in_transaction_session_timeout: limits.queryTimeoutMs * 2,
          keepAlive: true,
        }
      : {}),
  });
  const probe = await pool.connect();
  probe.release();
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    readRows: readRowsAsFields,
    migrate: async () => {
      const lockClient = await pool.connect();
      try {
        await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePg(drizzlePg(lockClient, { schema }), { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        lockClient.release();
      }
    },
    ping: () =>
      withinTime(
        pool.query('select 1').then(() => true),
        READINESS_TIMEOUT_MS,
      ),
    close: () => pool.end(),
  };
}

/** The promise's answer, or false when it fails or takes longer than `ms`. */
async function withinTime(work: Promise<boolean>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([work.catch(() => false), late]);
  } finally {
    clearTimeout(timer);
  }
}
