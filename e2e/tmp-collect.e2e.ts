import { writeFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, it } from 'vitest';
import { apiCall, signInByApi } from './support/api';
import { launchBrowser } from './support/browser';
import { englishTexts } from './support/english';
import { type RunningServer, startServer } from './support/server';

let server: RunningServer;
let browser: Browser;
let page: Page;
beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ ADMIN_PASSWORD: 'E2e-Collect-Password-1', DEMO_DATA: 'true', DEMO_PRODUCTS: '20' }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});
it('collects', async () => {
  const token = await signInByApi(server, 'admin', 'E2e-Collect-Password-1');
  await apiCall(server, 'Account/UpdateFields', { Values: [{ FieldName: 'LanguageCode', NewValue: 'vn' }] }, token);
  const screens = (await apiCall(server, 'ConfigMenu/CategoryScreenList', {}, token)).body.Data as { UIUrl: string }[];
  page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await page.goto(`${server.url}/login`);
  await page.evaluate(() => localStorage.setItem('Language', 'vn'));
  await page.goto(`${server.url}/login`);
  await page.locator('#login-username').fill('admin');
  await page.locator('#login-password').fill('E2e-Collect-Password-1');
  await page.locator('button[type="submit"]').click();
  await page.waitForURL(`${server.url}/home`);
  const all: Record<string, string[]> = {};
  const paths = ['/home', '/my-profile', '/setting', ...screens.map((s) => s.UIUrl.replace('[pj]', '1').replace('[taskid]', '1'))];
  for (const path of [...new Set(paths)]) {
    await page.goto(`${server.url}${path}`);
    await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => {});
    await page.waitForFunction(() => !document.querySelector('.spinner-border, [aria-busy="true"]'), null, { timeout: 15000 }).catch(() => {});
    all[path] = await englishTexts(page);
  }
  writeFileSync('/tmp/english-found.json', JSON.stringify(all, null, 1));
}, 600_000);
