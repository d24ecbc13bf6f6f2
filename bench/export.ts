// Prints what exporting the 100,000 demo products costs: rows a second and the server process's memory
// growth while the workbook is written (in-process server: its RSS is this process's). Figures only.
import { startTestServer } from '../apps/server/src/testing/harness';
import { atLeast, atMost } from './budgets';

const ROWS = 100_000;

export async function exportBenchmark(): Promise<void> {
  await measure('embedded');
  if (process.env.TEST_DATABASE_URL) await measure('postgres');
  else console.log('    (set TEST_DATABASE_URL to measure on PostgreSQL too)');
}

async function measure(database: 'embedded' | 'postgres'): Promise<void> {
  const previous = process.env.PW_TEST_DB;
  process.env.PW_TEST_DB = database;
  const server = await startTestServer({ demoProducts: ROWS, env: { LOG_LEVEL: 'warn' } });
  try {
    const token = await server.signIn();
    // Warm the path (and the database's buffers) with a small export first.
    const warm = await server.call('Product/Export', { TextSearch: 'zz9', PageSize: 10, Page: 1 }, token);
    if (warm.body.StatusCode !== 1) throw new Error(`warm-up export failed: ${warm.text}`);
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 50);
    const started = performance.now();
    const answer = await server.call('Product/Export', { PageSize: 10, Page: 1 }, token);
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    if (answer.body.StatusCode !== 1) throw new Error(`export failed: ${answer.text}`);
    const file = await server.fetch(answer.body.Data.FullPath);
    const bytes = (await file.arrayBuffer()).byteLength;
    const growthMb = (peak - rssBefore) / 1024 / 1024;
    console.log(`(f) Product/Export of ${ROWS.toLocaleString('en')} rows (${database} database)`);
    console.log(
      `    ${seconds.toFixed(1)} s, ${(ROWS / seconds).toFixed(0)} rows/s, ${(bytes / 1e6).toFixed(1)} MB file`,
    );
    console.log(`    memory growth while writing: ${growthMb.toFixed(0)} MB (RSS peak over start)`);
    atLeast(`[${database}] Export of 100,000 rows`, ROWS / seconds, 'rows/s', 20_000);
    atMost(`[${database}] Export of 100,000 rows: memory growth`, growthMb, 'MB', 100);
  } finally {
    await server.close();
    if (previous === undefined) delete process.env.PW_TEST_DB;
    else process.env.PW_TEST_DB = previous;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await exportBenchmark();
