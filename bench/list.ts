// Prints the cost of the generic List: the median latency of a 1,000-row page of the 100,000 demo
// products, and List's requests/s against a bare, hand-written Fastify handler running the same SQL
// in the same process and run. On the embedded database and, when TEST_DATABASE_URL is set, on
// PostgreSQL. Figures only: nothing here passes or fails.
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import type { Database, RowReader } from '../apps/server/src/db/client';
import { startTestServer } from '../apps/server/src/testing/harness';
import { atMost } from './budgets';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = 4;
const ROWS = 100_000;
const PAGE = 2;
const PAGE_SIZE = 1000;
const LATENCY_SAMPLES = 25;

/** What Product/List runs for `{Page: 2, PageSize: 1000}`, written by hand. */
const BARE_ROWS = sql`
  select
    id as "Id", is_locked as "IsLocked",
    to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "IM_ReturnTime",
    sku as "Sku", name as "Name", description as "Description",
    cast(price as double precision) as "Price", quantity as "Quantity",
    cast(discount as double precision) as "Discount", is_active as "IsActive", is_featured as "IsFeatured",
    to_char(release_date, 'YYYY-MM-DD') as "ReleaseDate",
    to_char(restocked_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "RestockedAt",
    to_char(pickup_time, 'HH24:MI') as "PickupTime", category_id as "CategoryId", status as "Status",
    array_to_string(tags, ',') as "Tags", color as "Color", website as "Website", photo as "Photo",
    notes_html as "NotesHtml", attributes as "Attributes", label as "Label", row_style as "UI_StyleRow",
    id % 1000 = 500 as "UI_DefaultShowExpand"
  from products
  order by id asc
  limit ${PAGE_SIZE} offset ${(PAGE - 1) * PAGE_SIZE}`;
const BARE_COUNT = sql`select cast(count(*) as integer) as total from products`;

async function requestsPerSecond(
  url: string,
  body: string,
  headers: Record<string, string>,
): Promise<number> {
  const result = await autocannon({
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
    connections: CONNECTIONS,
    duration: DURATION_S,
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

async function medianLatency(send: () => Promise<Response>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < LATENCY_SAMPLES; i++) {
    const started = performance.now();
    const response = await send();
    await response.arrayBuffer();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? 0;
}

async function measure(label: string): Promise<void> {
  let database: { db: Database; readRows: RowReader } | undefined;
  const seedStart = performance.now();
  const server = await startTestServer({
    demoProducts: ROWS,
    env: { LOG_LEVEL: 'warn' },
    beforeListen: (app) => {
      app.post('/bench/bare-list', async () => {
        if (!database) throw new Error('not ready');
        // The engine's own way of reading many rows, as List uses it (one JSON value on the
        // embedded database, fields on PostgreSQL): the ratio is List's own cost.
        const { db, readRows } = database;
        const [rows, count] = await Promise.all([readRows(db, BARE_ROWS), readRows(db, BARE_COUNT)]);
        return {
          StatusCode: 1,
          Msg: '',
          Data: { Data: rows, Total: count[0]?.total },
          TotalMili: 0,
        };
      });
    },
  });
  database = server.database;
  try {
    const seconds = (performance.now() - seedStart) / 1000;
    const token = await server.signIn();
    const auth = { authorization: `Bearer ${token}` };
    const body = JSON.stringify({ Page: PAGE, PageSize: PAGE_SIZE, UI_Language: 'en', AppName: 'Admin' });
    const listUrl = `${server.url}/api/v1/Product/List`;
    const bareUrl = `${server.url}/bench/bare-list`;
    const post = (url: string) => () =>
      fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...auth }, body });

    // The same rows, or the comparison means nothing.
    const list = (await (await post(listUrl)()).json()) as { Data: { Data: unknown[]; Total: number } };
    const bare = (await (await post(bareUrl)()).json()) as { Data: { Data: unknown[]; Total: number } };
    if (
      JSON.stringify(list.Data.Data) !== JSON.stringify(bare.Data.Data) ||
      list.Data.Total !== bare.Data.Total
    ) {
      throw new Error('the bare handler does not answer the rows List answers');
    }

    // Warm up both paths (caches, JIT, the database's buffers) before measuring.
    await medianLatency(post(listUrl));
    await medianLatency(post(bareUrl));
    const listLatency = await medianLatency(post(listUrl));
    const bareLatency = await medianLatency(post(bareUrl));
    const bareRps = await requestsPerSecond(bareUrl, body, auth);
    const listRps = await requestsPerSecond(listUrl, body, auth);

    console.log(`[${label}] ${ROWS} products, started and seeded in ${seconds.toFixed(1)} s`);
    console.log(
      `    median latency of a ${PAGE_SIZE}-row page: List ${listLatency.toFixed(1)} ms, bare ${bareLatency.toFixed(1)} ms`,
    );
    console.log(
      `    requests/s (${CONNECTIONS} connections, ${DURATION_S} s): List ${listRps.toFixed(1)}, bare ${bareRps.toFixed(1)}`,
    );
    console.log(`    ratio List/bare: ${(listRps / bareRps).toFixed(2)}`);

    // Paging at depth: the same page sizes near the start, in the middle and at the end.
    for (const [pageSize, budget] of [
      [50, 10],
      [1000, 50],
    ] as const) {
      const last = Math.ceil(ROWS / pageSize);
      const depths = [1, Math.ceil(last / 2), last];
      const medians: string[] = [];
      let worst = 0;
      for (const page of depths) {
        const pageBody = JSON.stringify({
          Page: page,
          PageSize: pageSize,
          UI_Language: 'en',
          AppName: 'Admin',
        });
        const send = () =>
          fetch(listUrl, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...auth },
            body: pageBody,
          });
        await medianLatency(send);
        const median = await medianLatency(send);
        worst = Math.max(worst, median);
        medians.push(`page ${page}: ${median.toFixed(1)} ms`);
      }
      console.log(`    ${pageSize}-row pages, median: ${medians.join(', ')}`);
      atMost(`[${label}] ${pageSize}-row List page, slowest depth`, worst, 'ms', budget);
    }
  } finally {
    await server.close();
  }
}

export async function listBenchmark(): Promise<void> {
  console.log(`(c) Product/List, page ${PAGE} of ${PAGE_SIZE} rows`);
  const previous = process.env.PW_TEST_DB;
  try {
    process.env.PW_TEST_DB = 'embedded';
    await measure('embedded');
    if (process.env.TEST_DATABASE_URL) {
      process.env.PW_TEST_DB = 'postgres';
      await measure('postgres');
    } else {
      console.log('    (set TEST_DATABASE_URL to measure on PostgreSQL too)');
    }
  } finally {
    if (previous === undefined) delete process.env.PW_TEST_DB;
    else process.env.PW_TEST_DB = previous;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await listBenchmark();
