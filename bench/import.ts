// Prints what importing 100,000 products from CSV costs: rows a second and the server process's
// memory growth while it runs (in-process server: its RSS is this process's). Figures only.
import { startTestServer } from '../apps/server/src/testing/harness';
import { atLeast, atMost } from './budgets';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);

export async function importBenchmark(): Promise<void> {
  await measure('embedded');
  if (process.env.TEST_DATABASE_URL) await measure('postgres');
  else console.log('    (set TEST_DATABASE_URL to measure on PostgreSQL too)');
}

function csv(rows: number): string {
  const lines = ['SKU,Name,Price,Quantity,Released,Status'];
  for (let i = 1; i <= rows; i++) {
    const day = String(1 + (i % 28)).padStart(2, '0');
    lines.push(
      `BENCH-${i},Imported product ${i},"${(i % 5000).toLocaleString('en')}.50",${i % 900},${day}-Mar24,Active`,
    );
  }
  return lines.join('\n');
}

async function measure(database: 'embedded' | 'postgres'): Promise<void> {
  const previous = process.env.PW_TEST_DB;
  process.env.PW_TEST_DB = database;
  const server = await startTestServer({
    demoProducts: 10,
    env: { LOG_LEVEL: 'warn', UPLOAD_LIMIT_BYTES: String(64 * 1024 * 1024) },
  });
  try {
    const token = await server.signIn();
    const send = async (text: string) => {
      const form = new FormData();
      form.append('file[]', new Blob([text]), 'bench.csv');
      form.append('Mode', 'all');
      const response = await server.fetch('/api/v1/Product/Import', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      return (await response.json()) as { StatusCode: number; Data?: { Imported: number } };
    };
    const warm = await send('SKU,Name\nBENCH-WARM,Warm-up\n');
    if (warm.StatusCode !== 1) throw new Error(`warm-up import failed: ${JSON.stringify(warm)}`);
    const text = csv(ROWS);
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 50);
    const started = performance.now();
    const answer = await send(text);
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    if (answer.Data?.Imported !== ROWS)
      throw new Error(`import failed: ${JSON.stringify(answer).slice(0, 500)}`);
    const growthMb = (peak - rssBefore) / 1024 / 1024;
    console.log(`(i) Product/Import of ${ROWS.toLocaleString('en')} CSV rows (${database} database)`);
    console.log(`    ${seconds.toFixed(1)} s, ${(ROWS / seconds).toFixed(0)} rows/s`);
    console.log(`    memory growth while importing: ${growthMb.toFixed(0)} MB (RSS peak over start)`);
    atLeast(`[${database}] Import of 100,000 rows`, ROWS / seconds, 'rows/s', 10_000);
    atMost(`[${database}] Import of 100,000 rows: memory growth`, growthMb, 'MB', 100);
  } finally {
    await server.close();
    if (previous === undefined) delete process.env.PW_TEST_DB;
    else process.env.PW_TEST_DB = previous;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await importBenchmark();
