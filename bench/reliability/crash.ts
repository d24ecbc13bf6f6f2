// Issue 14, item 14: kill -9 while AddNew and UpdateFields run, restart, and count the acknowledged
// writes that are missing (there must be none); then check every index and table with amcheck.
// On the embedded database (its folder reopened by PGlite with amcheck) and on PostgreSQL (a
// database of its own on TEST_DATABASE_URL: only the product is killed, never the database).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { amcheck } from '@electric-sql/pglite/contrib/amcheck';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import pg from 'pg';
import { EMBEDDED_START_PARAMS } from '../../apps/server/src/db/client';
import { createScratchPostgresDatabase } from '../../apps/server/src/testing/postgres-databases';
import { call, type ProductProcess, section, signIn, sleep, startProduct } from './support';

const KILLS = Number(process.env.CRASH_KILLS ?? 20);
const WRITERS = 6;
const PRODUCTS = 40;

type Tally = { acknowledged: number; missing: number; restarts: number; attempted: number };

/**
 * Writers run until the process dies: each AddNew creates a category with a unique code, each
 * UpdateFields raises one product's quantity to the next number of its own sequence. An acknowledged
 * write is one answered 200 with StatusCode 1.
 */
async function writeUntilKilled(server: ProductProcess, token: string, round: number, tally: Tally) {
  const created: string[] = [];
  const raised = new Map<number, number>();
  let acknowledged = 0;
  let alive = true;
  const writer = async (index: number) => {
    let n = 0;
    while (alive) {
      n++;
      tally.attempted++;
      if (n % 2 === 0) {
        const code = `R${round}W${index}N${n}`;
        const answer = await call(server.url, 'Category/AddNew', { Name: code, Code: code }, token, 10_000);
        if (answer.status === 200 && answer.body?.StatusCode === 1) {
          created.push(code);
          acknowledged++;
        }
      } else {
        const id = 1 + ((index * 7 + n) % PRODUCTS);
        // Increasing within a round (the check compares within a round), below Quantity's maximum.
        const value = ((round % 9) + 1) * 100_000 + n * 10 + index;
        const answer = await call(
          server.url,
          'Product/UpdateFields',
          { Id: id, Values: [{ FieldName: 'Quantity', NewValue: value }] },
          token,
          10_000,
        );
        if (answer.status === 200 && answer.body?.StatusCode === 1) {
          raised.set(id, Math.max(raised.get(id) ?? 0, value));
          acknowledged++;
        }
      }
    }
  };
  const writers = Array.from({ length: WRITERS }, (_, index) => writer(index));
  await sleep(300 + Math.random() * 1200);
  server.child.kill('SIGKILL');
  alive = false;
  await server.stop();
  await Promise.all(writers);
  tally.acknowledged += acknowledged;
  return { created, raised };
}

async function verify(
  url: string,
  token: string,
  written: { created: string[]; raised: Map<number, number> },
  tally: Tally,
): Promise<void> {
  for (const code of written.created) {
    const found = await call(url, 'Category/List', { TextSearch: code, PageSize: 5 }, token);
    if (!found.body?.Data?.Data?.some((row: { Code: string }) => row.Code === code)) tally.missing++;
  }
  for (const [id, value] of written.raised) {
    const row = await call(url, 'Product/Detail', { Id: id }, token);
    // A later write may have landed without being acknowledged; an acknowledged one may not be lost.
    if (!(Number(row.body?.Data?.Quantity) >= value)) tally.missing++;
  }
}

async function crashLoop(label: string, env: Record<string, string>, check: () => Promise<string[]>) {
  const tally: Tally = { acknowledged: 0, missing: 0, restarts: 0, attempted: 0 };
  let server = await startProduct({ ...env, DEMO_DATA: 'true', DEMO_PRODUCTS: String(PRODUCTS) });
  for (let round = 1; round <= KILLS; round++) {
    const token = await signIn(server.url);
    const written = await writeUntilKilled(server, token, round, tally);
    server = await startProduct(env);
    tally.restarts++;
    await verify(server.url, await signIn(server.url), written, tally);
  }
  await server.stop();
  const problems = await check();
  console.log(
    `   ${label}: ${KILLS} kill -9, ${tally.restarts} restarts, ${tally.attempted} writes attempted`,
  );
  console.log(
    `   acknowledged writes: ${tally.acknowledged}, found after restart: ${tally.acknowledged - tally.missing}`,
  );
  console.log(`   lost acknowledged writes: ${tally.missing}`);
  console.log(
    `   amcheck: ${problems.length === 0 ? 'every index and table is sound' : problems.join('; ')}`,
  );
}

/** bt_index_check on every B-tree index and verify_heapam on every table, as SQL the checker runs. */
const CHECK_SQL = `
  select 'index ' || c.relname as what, (select count(*) from (select bt_index_check(c.oid, true)) x) as ok
  from pg_class c join pg_am a on a.oid = c.relam join pg_namespace n on n.oid = c.relnamespace
  where c.relkind = 'i' and a.amname = 'btree' and n.nspname = 'public'`;
const HEAP_SQL = `
  select c.relname as table, v.msg from pg_class c join pg_namespace n on n.oid = c.relnamespace,
  lateral verify_heapam(c.oid) v where c.relkind = 'r' and n.nspname = 'public'`;

async function checkEmbedded(dataDir: string): Promise<string[]> {
  // Opened as the product opens it (its write-ahead log settings), with the checks' extension besides.
  const db = await PGlite.create(join(dataDir, 'pgdata'), {
    extensions: { amcheck, pg_trgm, unaccent },
    startParams: EMBEDDED_START_PARAMS,
  });
  try {
    await db.exec('create extension if not exists amcheck');
    await db.query(CHECK_SQL);
    const heap = await db.query<{ table: string; msg: string }>(HEAP_SQL);
    return heap.rows.map((row) => `${row.table}: ${row.msg}`);
  } catch (error) {
    return [(error as Error).message];
  } finally {
    await db.close();
  }
}

async function checkPostgres(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('create extension if not exists amcheck');
    await client.query(CHECK_SQL);
    const heap = await client.query<{ table: string; msg: string }>(HEAP_SQL);
    return heap.rows.map((row) => `${row.table}: ${row.msg}`);
  } catch (error) {
    return [(error as Error).message];
  } finally {
    await client.end();
  }
}

export async function crashSuite(): Promise<boolean> {
  let ok = await section(`Crash: ${KILLS} kill -9 during writes, embedded database`, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pw-crash-'));
    await crashLoop('embedded', { DATA_DIR: dataDir }, () => checkEmbedded(dataDir));
  });
  if (process.env.TEST_DATABASE_URL) {
    ok =
      (await section(`Crash: ${KILLS} kill -9 during writes, PostgreSQL`, async () => {
        const scratch = await createScratchPostgresDatabase();
        try {
          await crashLoop(
            'postgres',
            { DATABASE_URL: scratch.url, DATA_DIR: mkdtempSync(join(tmpdir(), 'pw-crash-')) },
            () => checkPostgres(scratch.url),
          );
        } finally {
          await scratch.drop();
        }
      })) && ok;
  } else {
    console.log('\n(TEST_DATABASE_URL is not set: the PostgreSQL crash run was skipped)');
  }
  return ok;
}
