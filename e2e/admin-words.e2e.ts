// Administration read in words, in real Chromium against the built product with its demo data: the
// side menu names every entry distinctly in English and in Vietnamese (no two entries called
// "Bán hàng"); the audit log says what happened, to what and which fields, in the user's language.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, signInByApi } from './support/api';
import { expectNoAxeViolations, launchBrowser } from './support/browser';
import { type RunningServer, startServer } from './support/server';

const ADMIN_PASSWORD = 'E2e-Admin-Words-Password-1';
let server: RunningServer;
let browser: Browser;
let page: Page;
let token = '';

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ ADMIN_PASSWORD, DEMO_DATA: 'true', DEMO_PRODUCTS: '20' }),
    launchBrowser(),
  ]);
  token = await signInByApi(server, 'admin', ADMIN_PASSWORD);
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  page = await context.newPage();
  await page.goto(`${server.url}/login`);
  await page.locator('#login-username').fill('admin');
  await page.locator('#login-password').fill(ADMIN_PASSWORD);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL(`${server.url}/home`);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function useLanguage(code: 'en' | 'vn'): Promise<void> {
  const changed = await apiCall(
    server,
    'Account/UpdateFields',
    { Values: [{ FieldName: 'LanguageCode', NewValue: code }] },
    token,
  );
  expect(changed.body.StatusCode).toBe(1);
  await page.evaluate((language) => localStorage.setItem('Language', language), code);
}

/** Every label of the side menu, groups and entries, as the user reads them. */
async function menuLabels(): Promise<string[]> {
  const menu = page.locator('#app-sidebar');
  await menu.locator('.nav-link').first().waitFor();
  const labels = await menu.locator('.sidebar-group-title, .nav-link').allTextContents();
  return labels.map((l) => l.trim()).filter(Boolean);
}

const duplicates = (labels: string[]) => labels.filter((l, i) => labels.indexOf(l) !== i);

describe('the side menu', () => {
  it('names every entry distinctly, in English and in Vietnamese', async () => {
    await useLanguage('en');
    await page.goto(`${server.url}/home`);
    const english = await menuLabels();
    expect(english.length).toBeGreaterThan(15);
    expect(duplicates(english)).toEqual([]);

    await useLanguage('vn');
    await page.goto(`${server.url}/home`);
    await page.getByRole('navigation', { name: 'Menu chính' }).waitFor();
    const vietnamese = await menuLabels();
    expect(vietnamese.length).toBe(english.length);
    expect(duplicates(vietnamese)).toEqual([]);
    // Each is a translation, not the English left over.
    expect(vietnamese.filter((l, i) => l === english[i] && /[a-z]{3}/.test(l))).toEqual([]);
    await useLanguage('en');
  });
});
