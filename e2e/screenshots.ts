// Screenshots of the product for the README: the sign-in page, home, a table, a form and the dashboard
// at desktop (1440 px) and phone (390 px) widths, taken in Chromium from the built product on a fresh
// data folder with the demo data. Run with `npm run screenshots` (it builds first); the PNG files are
// written to docs/screens/.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { startServer } from './support/server';

const OUT = resolve(import.meta.dirname, '..', 'docs', 'screens');
const ADMIN_PASSWORD = 'Screenshots-Password-1';
const WIDTHS = [
  { name: '1440', viewport: { width: 1440, height: 900 } },
  { name: '390', viewport: { width: 390, height: 844 } },
] as const;

/** What each picture shows: where to go and what must be on screen before it is taken. */
const SHOTS: { name: string; path: string; ready: (page: Page) => Promise<unknown> }[] = [
  {
    name: 'home',
    path: '/home',
    ready: (page) => page.getByRole('region', { name: 'Recent activity' }).waitFor(),
  },
  {
    name: 'table',
    path: '/data/products',
    ready: (page) =>
      page
        .getByRole('button', { name: /^Actions of row \d+$/ })
        .first()
        .waitFor(),
  },
  {
    name: 'form',
    path: '/demo/formcontrol',
    ready: (page) => page.locator('form').first().waitFor(),
  },
  {
    name: 'dashboard',
    path: '/dashboard',
    ready: (page) => page.locator('canvas').first().waitFor(),
  },
];

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  // No spinner, no toast fading in or out.
  await page.waitForFunction(
    () =>
      !document.querySelector('.spinner-border, .table-loading') &&
      !document.querySelector('[class*="Toastify__bounce"]'),
  );
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const [server, browser] = await Promise.all([
    startServer({ ADMIN_PASSWORD, DEMO_DATA: 'true', DEMO_PRODUCTS: '500' }),
    launchBrowser(),
  ]);
  try {
    for (const width of WIDTHS) {
      const context = await browser.newContext({ viewport: width.viewport, deviceScaleFactor: 1 });
      const page = await context.newPage();
      await page.goto(`${server.url}/login`);
      await page.getByRole('button', { name: 'Login' }).waitFor();
      await settle(page);
      await page.screenshot({ path: join(OUT, `sign-in-${width.name}.png`) });
      await page.getByLabel('Username').fill('admin');
      await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
      await page.getByRole('button', { name: 'Login' }).click();
      await page.waitForURL(`${server.url}/home`);
      for (const shot of SHOTS) {
        await page.goto(`${server.url}${shot.path}`);
        await shot.ready(page);
        await settle(page);
        await page.screenshot({ path: join(OUT, `${shot.name}-${width.name}.png`) });
        process.stdout.write(`docs/screens/${shot.name}-${width.name}.png\n`);
      }
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
