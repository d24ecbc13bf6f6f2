// Issue 25 part A: the look of a designed product. A neutral shell without underlined navigation,
// light and dark colour modes (following the system, switchable, remembered per user), a breadcrumb,
// the sidebar's icon rail, the command palette and the shortcut list, and a start page of figures,
// activity and shortcuts instead of the menu repeated as cards. Real server, real Chromium.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, signInByApi } from './support/api';
import { expectNoAxeViolations, launchBrowser } from './support/browser';
import { type RunningServer, startServer } from './support/server';
import { openUserMenu } from './support/shell';

const ADMIN_PASSWORD = 'E2e-Look-Password-1';
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ ADMIN_PASSWORD, DEMO_DATA: 'true', DEMO_PRODUCTS: '40' }),
    launchBrowser(),
  ]);
  // Something in the audit log for the start page's activity: a product renamed through the API.
  const token = await signInByApi(server, 'admin', ADMIN_PASSWORD);
  const list = await apiCall(server, 'Product/List', { Page: 1, PageSize: 1 }, token);
  const product = list.body.Data.Data[0];
  await apiCall(
    server,
    'Product/UpdateFields',
    { Id: product.Id, Values: [{ FieldName: 'Name', NewValue: 'Looked-at lamp' }] },
    token,
  );
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});
afterEach(async () => {
  for (const context of browser.contexts()) await context.close();
});

async function signedInPage(
  viewport = DESKTOP,
  colorScheme: 'light' | 'dark' = 'light',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, colorScheme });
  const page = await context.newPage();
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(`${server.url}/home`);
  await page.getByRole('heading', { name: /^(Hi|Xin chào) Administrator$/ }).waitFor();
  return { context, page };
}

const theme = (page: Page) => page.evaluate(() => document.documentElement.getAttribute('data-bs-theme'));

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => {});
  await page.waitForFunction(() => !document.querySelector('.spinner-border, [aria-busy="true"]'), null, {
    timeout: 15_000,
  });
}

describe('the neutral shell', () => {
  it('draws no underlined navigation and no coloured header bar', async () => {
    const { page } = await signedInPage();
    const link = page.locator('#app-sidebar').getByRole('link', { name: 'Products' }).first();
    await link.waitFor();
    expect(await link.evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe('none');
    await link.hover();
    expect(await link.evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe('none');
    const header = await page
      .locator('header.app-header')
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(header).not.toBe('rgb(5, 126, 56)');
    // The active entry carries the primary colour.
    await link.click();
    await page.waitForURL(`${server.url}/data/products`);
    await expect.poll(() => link.getAttribute('aria-current')).toBe('page');
    const active = await link.evaluate((el) => getComputedStyle(el).color);
    const idle = await page
      .locator('#app-sidebar')
      .getByRole('link', { name: 'Categories' })
      .first()
      .evaluate((el) => getComputedStyle(el).color);
    expect(active).not.toBe(idle);
  });

  it('shows a breadcrumb of the screen’s menu path', async () => {
    const { page } = await signedInPage();
    await page.goto(`${server.url}/data/products`);
    const crumbs = page.getByRole('navigation', { name: 'Menu path' });
    await crumbs.waitFor();
    expect((await crumbs.innerText()).replace(/\s+/g, ' ')).toMatch(/Home.*Data.*Products/);
  });

  it('collapses the sidebar to an icon rail, kept as 1 or 0 in closeSideNav', async () => {
    const { page } = await signedInPage();
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    const rail = page.locator('#app-sidebar.sidebar-rail');
    await rail.waitFor();
    expect(await page.evaluate(() => localStorage.getItem('closeSideNav'))).toBe('1');
    const box = await rail.boundingBox();
    expect(box?.width).toBeLessThan(80);
    // Every entry keeps its name for assistive technology and a tooltip.
    await rail.getByRole('link', { name: 'Products' }).click();
    await page.waitForURL(`${server.url}/data/products`);
    await page.reload();
    await page.locator('#app-sidebar.sidebar-rail').waitFor();
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    await page.locator('#app-sidebar:not(.sidebar-rail)').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('closeSideNav'))).toBe('0');
  });
});

describe('colour modes', () => {
  it('follows the system, switches in the user menu and is remembered for the user', async () => {
    const { page } = await signedInPage(DESKTOP, 'dark');
    expect(await theme(page)).toBe('dark');
    await openUserMenu(page);
    await page.getByRole('button', { name: 'Light', exact: true }).click();
    await page.waitForFunction(() => document.documentElement.getAttribute('data-bs-theme') === 'light');
    // Another browser (a dark system, nothing stored locally) signs in: the user's choice holds.
    await page.waitForLoadState('networkidle');
    const other = await signedInPage(DESKTOP, 'dark');
    await other.page.waitForFunction(
      () => document.documentElement.getAttribute('data-bs-theme') === 'light',
    );
    await openUserMenu(other.page);
    await other.page.getByRole('button', { name: 'System', exact: true }).click();
    await other.page.waitForFunction(() => document.documentElement.getAttribute('data-bs-theme') === 'dark');
  });

  for (const viewport of [DESKTOP, PHONE]) {
    it(`passes axe in dark mode at ${viewport.width} px`, async () => {
      const { page } = await signedInPage(viewport, 'dark');
      for (const path of ['/home', '/data/products', '/my-profile', '/admin/users', '/login']) {
        await page.goto(`${server.url}${path}`);
        await settle(page);
        expect(await theme(page)).toBe('dark');
        await expectNoAxeViolations(page);
      }
      if (viewport === DESKTOP) {
        await page.goto(`${server.url}/data/products`);
        await settle(page);
        await page.getByRole('button', { name: 'Toggle menu' }).click();
        await page.locator('#app-sidebar.sidebar-rail').waitFor();
        await expectNoAxeViolations(page);
      }
    }, 300_000);
  }
});

describe('the start page', () => {
  it('shows figures with their change, a chart, activity in words and shortcuts, not the menu as cards', async () => {
    const { page } = await signedInPage();
    await settle(page);
    const figures = page.getByRole('region', { name: 'Key figures' });
    await figures.waitFor();
    expect(await figures.getByRole('listitem').count()).toBeGreaterThanOrEqual(3);
    expect(await figures.innerText()).toMatch(/against the previous 30 days/);
    await page.getByRole('region', { name: 'Sales by month' }).locator('canvas').waitFor();
    const activity = page.getByRole('region', { name: 'Recent activity' });
    await activity.waitFor();
    expect(await activity.innerText()).toMatch(/Administrator changed record #\d+ of Products/);
    const shortcuts = page.getByRole('region', { name: 'Shortcuts' });
    expect(await shortcuts.getByRole('link').count()).toBeGreaterThanOrEqual(2);
    expect(await page.getByText('Browse, filter and edit the records.').count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Your screens' }).count()).toBe(0);
  });

  it('speaks Vietnamese to a Vietnamese user', async () => {
    const token = await signInByApi(server, 'admin', ADMIN_PASSWORD);
    const language = (code: string) =>
      apiCall(
        server,
        'Account/UpdateFields',
        { Values: [{ FieldName: 'LanguageCode', NewValue: code }] },
        token,
      );
    await language('vn');
    try {
      const { page } = await signedInPage();
      await settle(page);
      await page.getByRole('region', { name: 'Số liệu chính' }).waitFor();
      const activity = page.getByRole('region', { name: 'Hoạt động gần đây' });
      expect(await activity.innerText()).toMatch(/Administrator đã sửa bản ghi #\d+ của Sản phẩm/);
      const figures = await page.getByRole('region', { name: 'Số liệu chính' }).innerText();
      expect(figures).toMatch(/so với 30 ngày trước đó/);
      // Every figure's name in Vietnamese, and its change written with the product's symbols (14,2%),
      // not the browser's (14.2 %).
      expect(figures).toMatch(/Doanh thu/);
      expect(figures).not.toMatch(/Revenue|Number of sales|Bills at the till|New products/);
      expect(figures).not.toMatch(/\d\.\d+ ?%/);
    } finally {
      await language('en');
    }
  });
});

describe('keyboard', () => {
  it('opens the command palette on Ctrl+K, finds a screen and goes there', async () => {
    const { page } = await signedInPage();
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await palette.waitFor();
    await page.keyboard.type('produc');
    await palette
      .getByRole('option', { name: /Products/ })
      .first()
      .waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.url}/data/products`);
  });

  it('finds records of searchable resources and runs commands', async () => {
    const { page } = await signedInPage();
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await palette.waitFor();
    await page.keyboard.type('Looked-at');
    await palette.getByRole('option', { name: /Looked-at lamp/ }).waitFor();
    await page.getByRole('combobox', { name: 'Search screens, records and commands' }).fill('dark');
    await palette.getByRole('option', { name: /Dark/ }).click();
    await page.waitForFunction(() => document.documentElement.getAttribute('data-bs-theme') === 'dark');
  });

  it('lists the keyboard shortcuts on "?"', async () => {
    const { page } = await signedInPage();
    await page.locator('body').press('Shift+?');
    const list = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await list.waitFor();
    expect(await list.innerText()).toMatch(/Ctrl\+K/);
    await expectNoAxeViolations(page);
  });
});
