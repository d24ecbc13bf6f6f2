// Part `scale` of `npm run bench` (issue 26): Product/List of 50 rows at scale, on the embedded
// database with 100,000 products and on PostgreSQL with 1,000,000 (SCALE_EMBEDDED_PRODUCTS /
// SCALE_POSTGRES_PRODUCTS change them; SCALE_EMBEDDED_PRODUCTS=0 skips the embedded database).
// Which PostgreSQL: SCALE_POSTGRES_URL names a database of the caller's, seeded once and kept (see
// `kept`); without it, when the server's binaries are under /usr/lib/postgresql, a cluster of the
// bench's own with settings sized for the data (`dedicatedSettings`; SCALE_PRIVATE_CLUSTER=false
// turns it off), stopped and deleted at the end (SCALE_CLUSTER_DIR keeps its data directory there
// for the next run instead; SCALE_CLUSTER_SETTINGS adds settings to try, `name=value,…`); else,
// when TEST_DATABASE_URL is set, a new database on that server.
// For each case: the call whose total
// is not yet counted (median and p95 over the same search written in different cases, which find the
// same rows but are distinct conditions to the count cache; for the lists with no condition, over
// calls each after a change is announced) and the repeated call (median and p95),
// with the total; then the size of the products' indexes, the time of the seed and the server's
// memory settings.
// Figures only: nothing here passes or fails.
import { totalmem } from 'node:os';
import { sql } from 'drizzle-orm';
import { openPostgresDatabase } from '../apps/server/src/db/client';
import { appSettings } from '../apps/server/src/db/schema';
import { DEMO_MARKER_KEY } from '../apps/server/src/seed/demo';
import type { TestDatabase } from '../apps/server/src/testing/database';
import { startTestServer } from '../apps/server/src/testing/harness';
import {
  type PrivateCluster,
  postgresBinaries,
  startPrivateCluster,
} from '../apps/server/src/testing/private-cluster';
import { atMost } from './budgets';

const PAGE_SIZE = 50;
const REPEATS = 15;
/** Distinct case variants of each search measured before its total is cached. */
const FIRST_CALLS = 8;

type Body = Record<string, unknown>;
type Case = { name: string; body: (variant: number) => Body; searched: boolean };

/** `word` with its letters' case chosen by the bits of `variant`: the same search, another condition. */
function caseVariant(word: string, variant: number): string {
  let bit = 0;
  return [...word]
    .map((char) => {
      if (char.toLowerCase() === char.toUpperCase()) return char;
      const upper = (variant >> bit++) & 1;
      return upper ? char.toUpperCase() : char.toLowerCase();
    })
    .join('');
}

function cases(products: number): Case[] {
  const depthPage = Math.floor(products / 2 / PAGE_SIZE) + 1;
  const search = (word: string) => (variant: number) => ({ TextSearch: caseVariant(word, variant) });
  return [
    { name: 'page 1', body: () => ({ Page: 1 }), searched: false },
    {
      name: `page ${depthPage} (depth ${(depthPage - 1) * PAGE_SIZE})`,
      body: () => ({ Page: depthPage }),
      searched: false,
    },
    { name: 'an absent word "qqzzx"', body: search('qqzzx'), searched: true },
    { name: 'a rare word "SKU-0999"', body: search('sku-0999'), searched: true },
    { name: 'a common word "lamp"', body: search('lamp'), searched: true },
    {
      name: 'search "kettle" + status filter + sort by price',
      body: (variant) => ({
        TextSearch: caseVariant('kettle', variant),
        Filters: [{ FieldName: 'Status', Type: 'multiselect', Value: ['active', 'backorder'] }],
        Sorts: [{ Field: 'Price', Dir: 'desc' }],
      }),
      searched: true,
    },
    {
      name: 'filter on the name "chair 12" + sort by release date',
      body: (variant) => ({
        Filters: [{ FieldName: 'Name', Type: 'search', Value: caseVariant('chair 12', variant) }],
        Sorts: [{ Field: 'ReleaseDate', Dir: 'asc' }],
      }),
      searched: true,
    },
  ];
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { median: percentile(sorted, 50), p95: percentile(sorted, 95) };
};
const ms = (value: number) => `${value.toFixed(1)} ms`;

const MB = 1024 * 1024;
const megabytes = (bytes: number) => `${Math.floor(bytes / MB)}MB`;

/**
 * The memory settings of a server dedicated to this data, as PostgreSQL's documentation sizes them
 * ("Resource Consumption", "Populating a Database"): shared_buffers a quarter of the memory, here at
 * most 2 GB (the 1,000,000 products' table and indexes are ≈ 1.1 GB); effective_cache_size half of it
 * (the operating system's cache the planner may count on); work_mem modest, since every sort and hash
 * of every connection may take it; maintenance_work_mem and max_wal_size large for the seed's
 * insert and index builds.
 */
function dedicatedSettings(memory = totalmem()): Record<string, string> {
  return {
    shared_buffers: megabytes(Math.min(memory / 4, 2048 * MB)),
    effective_cache_size: megabytes(Math.min(memory / 2, 8192 * MB)),
    work_mem: '16MB',
    maintenance_work_mem: megabytes(Math.min(memory / 16, 1024 * MB)),
    max_wal_size: '4GB',
  };
}

/** `name=value,name=value` (SCALE_CLUSTER_SETTINGS: more settings, or others, to try on the cluster). */
function settingsOf(list: string): Record<string, string> {
  return Object.fromEntries(
    list
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item.includes('='))
      .map((item) => [item.slice(0, item.indexOf('=')).trim(), item.slice(item.indexOf('=') + 1).trim()]),
  );
}

/**
 * The bench's own cluster, stopped (and its directory deleted unless SCALE_CLUSTER_DIR keeps it) when
 * the run ends, fails or is interrupted: `release` is idempotent and safe from an exit handler.
 */
async function scaleCluster(): Promise<{ cluster: PrivateCluster; release: () => void }> {
  const keptDir = process.env.SCALE_CLUSTER_DIR;
  const cluster = await startPrivateCluster({
    settings: { ...dedicatedSettings(), ...settingsOf(process.env.SCALE_CLUSTER_SETTINGS ?? '') },
    ...(keptDir ? { dataDir: keptDir } : {}),
  });
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    if (keptDir) cluster.stop();
    else cluster.destroy();
  };
  // Stopped on the next turn of the event loop, not in the handler: tsx's parent process kills this
  // one (SIGKILL) unless it hears back within 30 ms that the signal arrived, and that message is
  // sent only once the loop turns, which the synchronous stop would hold up.
  const interrupted = (signal: NodeJS.Signals) => {
    setTimeout(() => {
      release();
      process.exit(signal === 'SIGINT' ? 130 : 143);
    }, 10);
  };
  process.once('exit', release);
  // `on`, not `once`: Ctrl-C reaches this process twice (from the terminal and relayed by tsx), and
  // a second SIGINT with no listener would end it before the cluster is stopped.
  process.on('SIGINT', interrupted);
  process.on('SIGTERM', interrupted);
  return { cluster, release };
}

/** The server's memory settings as it reports them, printed next to the figures. */
async function memorySettings(server: { database: TestDatabase }): Promise<string> {
  const result = (await server.database.db.execute(sql`
    select name, current_setting(name) as value from pg_settings
    where name in ('shared_buffers', 'effective_cache_size', 'work_mem', 'maintenance_work_mem',
      'max_parallel_workers_per_gather', 'parallel_setup_cost', 'random_page_cost', 'jit')
    order by name`)) as unknown as { rows: { name: string; value: string }[] };
  return result.rows.map((row) => `${row.name} ${row.value}`).join(', ');
}

/**
 * A database of the caller's (SCALE_POSTGRES_URL), kept after the run: seeding 1,000,000 products takes
 * minutes, and a second run on it measures the same data again without them.
 */
async function kept(url: string): Promise<{ database: TestDatabase; seeded: boolean }> {
  const handle = await openPostgresDatabase(url);
  await handle.migrate();
  const marker = await handle.db
    .select()
    .from(appSettings)
    .where(sql`${appSettings.key} = ${DEMO_MARKER_KEY}`);
  const database: TestDatabase = { ...handle, openSibling: async () => database };
  return { database, seeded: marker.length > 0 };
}

/**
 * Reads the products' table and indexes into shared buffers (pg_prewarm), as a server that has run a
 * while holds them: a cluster started again on a kept directory starts with its buffers empty.
 */
async function prewarm(server: { database: TestDatabase }): Promise<string> {
  await server.database.db.execute(sql`create extension if not exists pg_prewarm`);
  const result = (await server.database.db.execute(sql`
    select cast(sum(pg_prewarm(c.oid)) as bigint) as pages from pg_class c
    where c.oid = 'products'::regclass
      or c.oid in (select indexrelid from pg_index where indrelid = 'products'::regclass)`)) as unknown as {
    rows: { pages: string | number }[];
  };
  return `${((Number(result.rows[0]?.pages ?? 0) * 8192) / MB).toFixed(0)} MB`;
}

async function measure(
  label: string,
  products: number,
  budgetMs: number,
  url?: string,
  ownCluster = false,
): Promise<void> {
  const own = url ? await kept(url) : undefined;
  const seedStart = performance.now();
  const server = await startTestServer({
    demoProducts: products,
    env: { LOG_LEVEL: 'warn' },
    ...(own ? { database: own.database } : {}),
  });
  const seedSeconds = (performance.now() - seedStart) / 1000;
  try {
    const token = await server.signIn();
    const call = async (body: Body) => {
      const started = performance.now();
      const res = await server.call('Product/List', { Page: 1, PageSize: PAGE_SIZE, ...body }, token);
      const elapsed = performance.now() - started;
      if (res.status !== 200) throw new Error(`List answered ${res.status}: ${res.text.slice(0, 200)}`);
      return { elapsed, total: res.body.Data.Total as number };
    };
    const counted = (await server.database.db.execute(
      sql`select count(*)::integer as n from products`,
    )) as unknown as { rows: { n: number }[] };
    const rows = (counted.rows[0]?.n ?? 0).toLocaleString('en');
    console.log(
      own?.seeded
        ? `[${label}] ${rows} products (seeded before), started in ${seedSeconds.toFixed(1)} s`
        : `[${label}] ${rows} products, started and seeded in ${seedSeconds.toFixed(1)} s`,
    );
    if (server.database.kind === 'postgres') console.log(`    settings: ${await memorySettings(server)}`);
    if (ownCluster) {
      console.log(`    products' table and indexes read into shared buffers: ${await prewarm(server)}`);
      // The seed's gigabyte of writes flushed now rather than by the checkpointer while the cases run.
      await server.database.db.execute(sql`checkpoint`);
    }
    // The server's first List (its code's first run, the screen's access rules read) under a
    // condition of its own, so that the first call of page 1 is its count, not the server's start.
    await call({ Filters: [{ FieldName: 'Name', Type: 'text', Value: 'warm-up' }] });
    for (const item of cases(products)) {
      const first: number[] = [];
      let total = 0;
      for (let variant = 0; variant < FIRST_CALLS; variant++) {
        // A list with no condition has no other way of writing it: a change of the products is
        // announced before each of its first calls, as after an edit, which forgets its total (and
        // the deep page's known boundaries).
        if (!item.searched) {
          server.app.services.events.publish({ type: 'data-changed', data: { APIName: 'Product', Id: 0 } });
        }
        const answer = await call(item.body(variant));
        first.push(answer.elapsed);
        total = answer.total;
      }
      const repeated: number[] = [];
      for (let i = 0; i < REPEATS; i++) repeated.push((await call(item.body(0))).elapsed);
      const cold = summary(first);
      const warm = summary(repeated);
      console.log(
        `    ${item.name.padEnd(52)} total ${String(total).padStart(8)}  first call: median ${ms(cold.median)}, p95 ${ms(cold.p95)}; repeated: median ${ms(warm.median)}, p95 ${ms(warm.p95)}`,
      );
      atMost(`[${label}] ${item.name}, first call median`, cold.median, 'ms', budgetMs);
      atMost(`[${label}] ${item.name}, repeated median`, warm.median, 'ms', budgetMs);
    }
    const sizes = (await server.database.db.execute(sql`
      select indexrelname as name, pg_relation_size(indexrelid) as bytes
      from pg_stat_user_indexes where relname = 'products' order by bytes desc`)) as unknown as {
      rows: { name: string; bytes: string | number }[];
    };
    const table = (await server.database.db.execute(
      sql`select pg_relation_size('products') as bytes`,
    )) as unknown as { rows: { bytes: string | number }[] };
    const mb = (bytes: string | number) => `${(Number(bytes) / 1024 / 1024).toFixed(1)} MB`;
    console.log(
      `    products table ${mb(table.rows[0]?.bytes ?? 0)}; indexes: ${sizes.rows.map((row) => `${row.name} ${mb(row.bytes)}`).join(', ')}`,
    );
  } finally {
    await server.close();
  }
}

export async function scaleBenchmark(): Promise<void> {
  console.log(
    `(h) Product/List of ${PAGE_SIZE} rows at scale: paging, searches, filters and sorts with their totals`,
  );
  const previous = process.env.PW_TEST_DB;
  try {
    process.env.PW_TEST_DB = 'embedded';
    const embeddedProducts = Number(process.env.SCALE_EMBEDDED_PRODUCTS ?? 100_000);
    // 0 measures PostgreSQL alone (the embedded seed takes minutes on a busy machine).
    if (embeddedProducts > 0) await measure('embedded', embeddedProducts, 100);
    const postgresProducts = Number(process.env.SCALE_POSTGRES_PRODUCTS ?? 1_000_000);
    const ownCluster =
      !process.env.SCALE_POSTGRES_URL &&
      process.env.SCALE_PRIVATE_CLUSTER !== 'false' &&
      postgresBinaries() !== null;
    if (ownCluster) {
      process.env.PW_TEST_DB = 'postgres';
      const { cluster, release } = await scaleCluster();
      try {
        await measure(
          `postgres, own cluster on port ${cluster.port}`,
          postgresProducts,
          50,
          cluster.url,
          true,
        );
      } finally {
        release();
      }
    } else if (process.env.SCALE_POSTGRES_URL || process.env.TEST_DATABASE_URL) {
      process.env.PW_TEST_DB = 'postgres';
      await measure('postgres', postgresProducts, 50, process.env.SCALE_POSTGRES_URL);
    } else {
      console.log(
        '    (no PostgreSQL server binaries: set TEST_DATABASE_URL to measure on PostgreSQL with 1,000,000 products too)',
      );
    }
  } finally {
    if (previous === undefined) delete process.env.PW_TEST_DB;
    else process.env.PW_TEST_DB = previous;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await scaleBenchmark();
  const { printBudgets } = await import('./budgets');
  printBudgets();
}
