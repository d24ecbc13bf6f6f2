// Part `scale` of `npm run bench` (issue 26): Product/List of 50 rows at scale, on the embedded
// database with 100,000 products and, when TEST_DATABASE_URL is set, on PostgreSQL with 1,000,000
// (SCALE_EMBEDDED_PRODUCTS / SCALE_POSTGRES_PRODUCTS change them; SCALE_EMBEDDED_PRODUCTS=0 skips the
// embedded database). For each case: the call whose total
// is not yet counted (median and p95 over the same search written in different cases, which find the
// same rows but are distinct conditions to the count cache) and the repeated call (median and p95),
// with the total; then the size of the products' indexes and the time of the seed. SCALE_POSTGRES_URL
// names a database to seed once and keep (see `kept`) instead of a new one each run.
// Figures only: nothing here passes or fails.
import { sql } from 'drizzle-orm';
import { openPostgresDatabase } from '../apps/server/src/db/client';
import { appSettings } from '../apps/server/src/db/schema';
import { DEMO_MARKER_KEY } from '../apps/server/src/seed/demo';
import type { TestDatabase } from '../apps/server/src/testing/database';
import { startTestServer } from '../apps/server/src/testing/harness';
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

async function measure(label: string, products: number, budgetMs: number, url?: string): Promise<void> {
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
    for (const item of cases(products)) {
      const first: number[] = [];
      let total = 0;
      for (let variant = 0; variant < (item.searched ? FIRST_CALLS : 1); variant++) {
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
    if (process.env.TEST_DATABASE_URL) {
      process.env.PW_TEST_DB = 'postgres';
      await measure(
        'postgres',
        Number(process.env.SCALE_POSTGRES_PRODUCTS ?? 1_000_000),
        50,
        process.env.SCALE_POSTGRES_URL,
      );
    } else {
      console.log('    (set TEST_DATABASE_URL to measure on PostgreSQL with 1,000,000 products too)');
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
