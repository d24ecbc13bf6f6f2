// A Vietnamese user, in real Chromium against the built product: no English on the sign-in page, a
// table with its filters and inline editing, a form, the file manager, a report, a project page and
// the dashboard; the server's messages arrive in Vietnamese; the language files come from the
// server's LanguageList paths with ?v={build}; the account's language applies after sign-in.
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, signInByApi } from './support/api';
import { expectNoAxeViolations, launchBrowser } from './support/browser';
import { englishTexts } from './support/english';
import { type RunningServer, startServer } from './support/server';

const ADMIN_PASSWORD = 'E2e-Vietnamese-Password-1';
let server: RunningServer;
let browser: Browser;
let page: Page;
let token = '';
let projectId = 0;
const languageFiles: string[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ ADMIN_PASSWORD, DEMO_DATA: 'true', DEMO_PRODUCTS: '20' }, { database: 'embedded' }),
    launchBrowser(),
  ]);
  token = await signInByApi(server, 'admin', ADMIN_PASSWORD);
  // The administrator is a Vietnamese user: the account's language is vn.
  const changed = await apiCall(
    server,
    'Account/UpdateFields',
    { Values: [{ FieldName: 'LanguageCode', NewValue: 'vn' }] },
    token,
  );
  expect(changed.body.StatusCode).toBe(1);
  const projects = await apiCall(server, 'Project/List', { Page: 1, PageSize: 1 }, token);
  projectId = projects.body.Data.Data[0].Id;
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  page = await context.newPage();
  page.on('request', (request: Request) => {
    if (new URL(request.url()).pathname.startsWith('/locales/')) languageFiles.push(request.url());
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Waits until the page has settled: no spinner, nothing loading. */
async function settled(): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => {});
  await page.waitForFunction(() => !document.querySelector('.spinner-border, [aria-busy="true"]'));
}

async function open(path: string): Promise<void> {
  await page.goto(`${server.url}${path}`);
  await settled();
}

describe('a Vietnamese user', () => {
  it('signs in on a page in Vietnamese; a wrong password is answered in Vietnamese by the server', async () => {
    await page.goto(`${server.url}/login`);
    // A returning Vietnamese user's browser remembers the language.
    await page.evaluate(() => localStorage.setItem('Language', 'vn'));
    await open('/login');
    await page.getByRole('heading', { name: 'Đăng nhập' }).waitFor();
    expect(await englishTexts(page)).toEqual([]);
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.locator('#login-username').fill('admin');
    await page.locator('#login-password').fill('not-the-password');
    const answer = page.waitForResponse((r) => r.url().endsWith('/oauth2/token'));
    await page.locator('button[type="submit"]').click();
    const body = await (await answer).json();
    expect(body.error_description).toBe('Tên đăng nhập hoặc mật khẩu không đúng.');
    await expect.poll(() => page.getByRole('alert').first().textContent()).toContain('không đúng');
    expect(await englishTexts(page)).toEqual([]);
    await page.locator('#login-password').fill(ADMIN_PASSWORD);
    await page.locator('button[type="submit"]').click();
    await page.waitForURL(`${server.url}/home`);
    await settled();
    expect(await englishTexts(page)).toEqual([]);
  });

  it('fetched every language file from the server path with the build version, and the configuration version where the server names the address', () => {
    expect(languageFiles.filter((url) => url.includes('/locales/vn/')).length).toBeGreaterThan(0);
    for (const url of languageFiles) expect(url).toMatch(/\/locales\/(en|vn)\/[\w-]+\.json\?(c=\d+&)?v=\d+$/);
    // The extra file the server names in DefaultValues.listExtLng, at the address LanguageList gives.
    expect(languageFiles.some((url) => /\/locales\/vn\/screens\.json\?c=\d+&v=\d+$/.test(url))).toBe(true);
  });

  it('sees a table, its filters and its inline editing in Vietnamese; Saved comes in Vietnamese', async () => {
    await open('/data/products');
    await page.locator('tr[data-row-id]').first().waitFor();
    expect(await englishTexts(page)).toEqual([]);
    const filters = page.getByRole('search');
    await filters.locator('button').first().click();
    await settled();
    expect(await englishTexts(page)).toEqual([]);
    await page.keyboard.press('Escape');
    const cell = page.locator('tr[data-row-id] td[data-field="Name"]').first();
    await cell.locator('button.cell-edit-trigger, button.cell-edit-button').first().click();
    await cell.getByRole('textbox').waitFor();
    expect(await englishTexts(page)).toEqual([]);
    const saved = page.waitForResponse((r) => r.url().endsWith('/UpdateFields'));
    await cell.getByRole('textbox').fill('Đèn mới');
    await cell.getByRole('textbox').press('Enter');
    expect((await (await saved).json()).Msg).toBe('Đã lưu.');
    await settled();
    expect(await englishTexts(page)).toEqual([]);
    await expectNoAxeViolations(page);
  });

  it("shows a category's name as written, even one spelled as a UI word, beside statuses in Vietnamese", async () => {
    // "Office" is a category of the demo and a word the screens translate (Văn phòng): data stays data.
    const categories = await apiCall(server, 'Category/List', { Page: 1, PageSize: 50 }, token);
    const office = categories.body.Data.Data.find((c: { Name: string }) => c.Name === 'Office');
    expect(office).toBeTruthy();
    await open(`/data/products?fj.CategoryId=${office.Id}`);
    const row = page.locator('tr[data-row-id]').first();
    await row.waitFor();
    expect(await row.locator('td[data-field="CategoryId"]').innerText()).toBe('Office');
    const status = await row.locator('td[data-field="Status"]').innerText();
    expect(['Bản nháp', 'Đang hoạt động', 'Đặt hàng chờ', 'Đã lưu trữ']).toContain(status.trim());
    expect(await page.getByRole('list', { name: 'Bộ lọc đang dùng' }).innerText()).toContain('Office');
    expect(await page.locator('main').innerText()).not.toContain('Văn phòng');
    // A narrow check box column's long header ("Active": Đang hoạt động) takes two lines, not one a word.
    const active = page.locator('thead th[data-field="IsActive"]');
    expect(await active.innerText()).toContain('Đang hoạt động');
    const lines = await active.evaluate((th) => {
      const range = document.createRange();
      range.selectNodeContents(th.querySelector('.sort-title') ?? th);
      return new Set(Array.from(range.getClientRects()).map((rect) => Math.round(rect.top))).size;
    });
    expect(lines).toBeLessThanOrEqual(2);
  });

  it("says a report's worded options in Vietnamese, as its filters say them", async () => {
    await open('/reports/sales');
    // The report's columns: SoldOn, Region, Channel, ...
    const regions = await page.locator('table tbody tr td:nth-child(2)').allInnerTexts();
    expect(regions.length).toBeGreaterThan(0);
    for (const region of new Set(regions)) expect(['Miền Bắc', 'Miền Trung', 'Miền Nam']).toContain(region);
  });

  it('sees a form, the file manager, a report, a project page and the dashboard in Vietnamese', async () => {
    const problems: Record<string, string[]> = {};
    for (const path of ['/demo/form', '/file-manager', '/reports/sales', `/pj/${projectId}`, '/dashboard']) {
      await open(path);
      const texts = await englishTexts(page);
      if (texts.length) problems[path] = texts;
    }
    expect(problems).toEqual({});
  });

  it('keeps the account language after a reload, from the first setting', async () => {
    await page.evaluate(() => localStorage.setItem('Language', 'en'));
    const first = page.waitForResponse((r) => r.url().endsWith('/FisrtSetting'));
    await open('/home');
    expect((await (await first).json()).Data.UserLanguageCode).toBe('vn');
    await expect
      .poll(() => page.evaluate(() => document.documentElement.lang), { timeout: 10_000 })
      .toBe('vi');
  });
});
