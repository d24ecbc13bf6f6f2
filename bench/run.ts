// Prints (a) the framework overhead: requests/s of FisrtSetting against a bare route in the same
// process and run, (b) the gzip size of the JavaScript the login route loads, against its budget, and
// (c) the latency and requests/s of a 1,000-row List page against the same SQL in a bare route,
// (d) 10,000 rows drawn and scrolled in Chromium and (e) the inline-edit latency (bench/table.ts).
// Figures only: nothing here passes or fails.
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { startTestServer } from '../apps/server/src/testing/harness';
import { launchBrowser } from '../e2e/support/browser';
import { startServer } from '../e2e/support/server';
import { listBenchmark } from './list';
import { tableBenchmark } from './table';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = 10;
const LOGIN_JS_BUDGET_KB = 150;

async function requestsPerSecond(url: string, body?: string): Promise<number> {
  const result = await autocannon({
    url,
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body,
    connections: CONNECTIONS,
    duration: DURATION_S,
  });
  return result.requests.average;
}

async function frameworkOverhead(): Promise<void> {
  const server = await startTestServer({
    env: { LOG_LEVEL: 'warn' },
    beforeListen: (app) => {
      app.get('/bench/bare', async () => ({ ok: true }));
    },
  });
  try {
    const body = JSON.stringify({ UIAppConfig: {}, UI_Language: 'en', AppName: 'Admin' });
    // Warm up both paths (caches, JIT) before measuring.
    await requestsPerSecond(`${server.url}/bench/bare`);
    const bare = await requestsPerSecond(`${server.url}/bench/bare`);
    const firstSetting = await requestsPerSecond(`${server.url}/api/v1/GlobalAppSetting/FisrtSetting`, body);
    console.log('(a) framework overhead');
    console.log(`    bare route:             ${bare.toFixed(0)} requests/s`);
    console.log(`    GlobalAppSetting/FisrtSetting: ${firstSetting.toFixed(0)} requests/s`);
    console.log(`    ratio FisrtSetting/bare: ${(firstSetting / bare).toFixed(2)}`);
  } finally {
    await server.close();
  }
}

async function loginJavaScript(): Promise<void> {
  const server = await startServer({ ADMIN_PASSWORD: 'bench-password-1' });
  const browser = await launchBrowser();
  try {
    const page = await (await browser.newContext()).newPage();
    const scripts = new Map<string, Buffer>();
    page.on('response', async (response) => {
      if (response.request().resourceType() === 'script') scripts.set(response.url(), await response.body());
    });
    await page.goto(`${server.url}/login`);
    await page.getByRole('button', { name: 'Login' }).waitFor();
    await page.waitForLoadState('networkidle');
    let total = 0;
    console.log('(b) JavaScript loaded by /login (gzip level 9)');
    for (const [url, bytes] of scripts) {
      const size = gzipSync(bytes, { level: 9 }).length;
      total += size;
      console.log(`    ${(size / 1024).toFixed(1).padStart(7)} KB  ${new URL(url).pathname}`);
    }
    const kb = total / 1024;
    console.log(
      `    total ${kb.toFixed(1)} KB of a ${LOGIN_JS_BUDGET_KB} KB budget (${kb <= LOGIN_JS_BUDGET_KB ? 'within' : 'OVER'})`,
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}

await frameworkOverhead();
await loginJavaScript();
await listBenchmark();
await tableBenchmark();
