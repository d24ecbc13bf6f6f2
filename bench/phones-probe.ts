// A probe (not a bench part): the CPU time of the main thread's tasks while Products opens and scrolls at a phone's viewport. `cd bench && npx tsx phones-probe.ts` after `npm run build`; PROBE_RUNS=N.
import { writeFileSync } from 'node:fs';
import { launchBrowser } from '../e2e/support/browser';
import { startServer } from '../e2e/support/server';
import { signInThroughPage } from '../e2e/support/sign-in';

const PASSWORD = 'bench-probe-password-1';
const RUNS = Number(process.env.PROBE_RUNS ?? 3);

type Ev = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  tid: number;
  pid: number;
  args?: any;
  cat: string;
};

function tasks(events: Ev[]) {
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const mains = new Set(
    events
      .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const runs = events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && mains.has(`${e.pid}:${e.tid}`));
  return { runs, main };
}

function summarise(events: Ev[], label: string) {
  const { runs } = tasks(events);
  const sorted = runs
    .map((r) => ({ ts: r.ts, dur: (r.dur ?? 0) / 1000, tdur: (r.tdur ?? 0) / 1000 }))
    .sort((a, b) => b.tdur - a.tdur);
  const top = sorted.slice(0, 6);
  const inside = (task: Ev | undefined) => {
    const out: Record<string, number> = {};
    if (!task) return '';
    const end = task.ts + (task.dur ?? 0);
    for (const e of events) {
      if (
        e.ph !== 'X' ||
        e.tid !== task.tid ||
        e.pid !== task.pid ||
        e.ts <= task.ts ||
        e.ts > end ||
        e.name === 'RunTask'
      )
        continue;
      let key = e.name;
      if (
        ![
          'UpdateLayoutTree',
          'Layout',
          'Paint',
          'PrePaint',
          'Layerize',
          'FunctionCall',
          'EvaluateScript',
          'v8.evaluateModule',
          'ParseHTML',
          'TimerFire',
          'FireAnimationFrame',
          'EventDispatch',
          'Commit',
          'HitTest',
          'RunMicrotasks',
          'ResourceReceivedData',
          'ResourceFinish',
          'XHRReadyStateChange',
          'ParseAuthorStyleSheet',
          'ScheduleStyleRecalculation',
        ].includes(e.name)
      )
        continue;
      const url = e.args?.data?.url || e.args?.data?.functionName || e.args?.data?.type || '';
      if (url)
        key += `[${String(url).split('/').pop()}${e.args?.data?.functionName ? `:${e.args.data.functionName}` : ''}]`;
      out[key] = (out[key] ?? 0) + (e.tdur ?? e.dur ?? 0) / 1000;
    }
    return Object.entries(out)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([k, v]) => `${k} ${v.toFixed(1)}`)
      .join(', ');
  };
  const rendering = events
    .filter(
      (e) =>
        e.ph === 'X' &&
        ['UpdateLayoutTree', 'Layout', 'Paint', 'PrePaint', 'Layerize'].includes(e.name) &&
        runs.some((r) => r.tid === e.tid && r.pid === e.pid),
    )
    .reduce((sum, e) => sum + (e.tdur ?? 0) / 1000, 0);
  const all = runs.reduce((sum, r) => sum + (r.tdur ?? 0) / 1000, 0);
  totals.push({ label, rendering, all });
  console.log(
    `${label}: main thread cpu ${all.toFixed(0)} ms, style+layout+paint ${rendering.toFixed(1)} ms`,
  );
  console.log(
    `${label}: top tasks cpu ms ${top.map((t) => `${t.tdur.toFixed(1)}(${t.dur.toFixed(1)})`).join(', ')}; over 12 ms cpu: ${sorted.filter((t) => t.tdur > 12).length}`,
  );
  for (const t of top.slice(0, 4))
    console.log(`   ${t.tdur.toFixed(1)}: ${inside(runs.find((r) => r.ts === t.ts))}`);
  return top[0]?.tdur ?? 0;
}

const totals: { label: string; rendering: number; all: number }[] = [];
const server = await startServer({ ADMIN_PASSWORD: PASSWORD, DEMO_DATA: 'true', DEMO_PRODUCTS: '2000' });
const browser = await launchBrowser([], { fullBrowser: true });
try {
  const opens: number[] = [];
  const scrolls: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const width = Number(process.env.PROBE_WIDTH ?? 412);
    const context = await browser.newContext({
      viewport: { width, height: 823 },
      deviceScaleFactor: width < 800 ? 1.75 : 1,
    });
    if (process.env.PROBE_CSS) {
      await context.addInitScript((css) => {
        document.addEventListener('DOMContentLoaded', () => {
          const style = document.createElement('style');
          style.textContent = css;
          document.head.append(style);
        });
      }, process.env.PROBE_CSS);
    }
    await signInThroughPage(context, server, 'admin', PASSWORD);
    const page = await context.newPage();
    await page.goto(`${server.url}/home`);
    await page.waitForLoadState('networkidle');
    await browser.startTracing(page, {
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel'],
    });
    await page.goto(`${server.url}/data/products`);
    await page.locator('tr[data-row-id]').first().waitFor();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1500);
    const buf = await browser.stopTracing();
    const events = (JSON.parse(buf.toString()).traceEvents ?? []) as Ev[];
    opens.push(summarise(events, `open run ${run + 1}`));
    const counts = await page.evaluate(() => ({
      all: document.querySelectorAll('*').length,
      rows: document.querySelectorAll('tr[data-row-id]').length,
      cells: document.querySelectorAll('tr[data-row-id] td').length,
      inRows: document.querySelectorAll('tr[data-row-id] *').length,
    }));
    console.log(`   elements ${JSON.stringify(counts)}`);
    if (run === 0 && process.env.PROBE_HTML) {
      writeFileSync(
        process.env.PROBE_HTML,
        await page.evaluate(() => document.querySelector('tr[data-row-id]')?.outerHTML ?? ''),
      );
      await page.screenshot({ path: `${process.env.PROBE_HTML}.png`, fullPage: false });
    }
    await browser.startTracing(page, {
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel'],
    });
    const grid = page.locator('.data-grid-scroll');
    await grid.hover();
    for (let step = 0; step < 40; step++) {
      await page.mouse.wheel(0, 180);
      await page.waitForTimeout(30);
    }
    await page.waitForTimeout(500);
    const sbuf = await browser.stopTracing();
    scrolls.push(summarise((JSON.parse(sbuf.toString()).traceEvents ?? []) as Ev[], `scroll run ${run + 1}`));
    await context.close();
  }
  const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  for (const phase of ['open', 'scroll']) {
    const these = totals.filter((t) => t.label.startsWith(phase));
    console.log(
      `TOTAL ${phase}: rendering median ${med(these.map((t) => t.rendering)).toFixed(1)} (${these.map((t) => t.rendering.toFixed(0)).join(', ')}), main thread median ${med(these.map((t) => t.all)).toFixed(0)}`,
    );
  }
  console.log(
    `OPEN longest cpu ms: ${opens.map((v) => v.toFixed(1)).join(', ')}; SCROLL: ${scrolls.map((v) => v.toFixed(1)).join(', ')}`,
  );
} finally {
  await browser.close();
  await server.stop();
}
