import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestSubscriber, startPushReceiver } from '../apps/server/src/testing/push-receiver';
import { apiCall, saveSettings, signInByApi } from './support/api';
import { expectNoAxeViolations, launchBrowser } from './support/browser';
import { type RunningServer, startServer } from './support/server';
import { openUserMenu } from './support/shell';

const ADMIN_PASSWORD = 'Shell-Admin-Password-1';
let server: RunningServer;
let browser: Browser;
let adminToken = '';

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ ADMIN_PASSWORD }), launchBrowser()]);
  adminToken = await signInByApi(server, 'admin', ADMIN_PASSWORD);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});
// Each page holds a live stream; closing them keeps the user under the server's limit per user.
afterEach(async () => {
  for (const context of browser.contexts()) await context.close();
});

async function signedInPage(context?: BrowserContext): Promise<Page> {
  const page = await (context ?? (await browser.newContext())).newPage();
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(`${server.url}/home`);
  return page;
}

describe('server-driven screens', () => {
  it('shows a screen added on the server in the menu and at its route as soon as it is saved, without a rebuild', async () => {
    const page = await signedInPage();
    const sidebar = page.getByRole('navigation', { name: 'Main menu' });
    await sidebar.getByRole('link', { name: 'Home' }).waitFor();
    await expectNoAxeViolations(page);
    const saved = await apiCall(
      server,
      'ConfigMenu/SaveScreen',
      {
        ScreenCode: 'handbook',
        Title: 'Staff handbook',
        UIUrl: '/info/handbook',
        UIType: 'mypage',
        Config: JSON.stringify({
          html: '<h2>Opening hours</h2><p>Monday to Friday, 8 to 17.</p><script>alert(1)</script>',
        }),
        Menu: { Kind: 'side', Icon: 'bi-book' },
      },
      adminToken,
    );
    expect(saved.body.StatusCode).toBe(1);
    // Saving a screen invalidates the server's menu and screen caches, so a reload shows it at once;
    // Refresh Cache then re-reads the client's copies without losing it.
    await page.reload();
    await sidebar.getByRole('link', { name: 'Staff handbook' }).waitFor();

    await openUserMenu(page);
    await page.getByRole('button', { name: 'Refresh Cache' }).click();
    await page.getByText('The caches were refreshed.').waitFor();
    await sidebar.getByRole('link', { name: 'Staff handbook' }).click();
    await page.waitForURL(`${server.url}/info/handbook`);
    await page.getByRole('heading', { name: 'Opening hours' }).waitFor();
    expect(await page.locator('.page-content script').count()).toBe(0);
    await expectNoAxeViolations(page);
  });

  it('sends a guest from a private screen to /login and back to it after signing in', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    // This browser knew the screen from an earlier session (the screen list outlives a logout).
    await page.goto(`${server.url}/login`);
    await page.evaluate(
      (screens) => localStorage.setItem('CategoryScreen', screens),
      JSON.stringify((await apiCall(server, 'ConfigMenu/CategoryScreenList', {}, adminToken)).body.Data),
    );
    await page.goto(`${server.url}/info/handbook`);
    await page.waitForURL(`${server.url}/login`);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${server.url}/info/handbook`);
    await page.getByRole('heading', { name: 'Opening hours' }).waitFor();
  });

  it('sends a guest whose browser never saw the private screens to /login from /pj, /dailytasks and /sales/..., and lands on the one opened, not on an older saved address', async () => {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${server.url}/login`);
    // An address saved by an earlier session (a page that ended with a 401), and no screen list.
    await page.evaluate(() => localStorage.setItem('RedirectAfterLogin', '/my-profile'));
    for (const path of ['/dailytasks', '/sales/products', '/pj']) {
      await page.goto(`${server.url}${path}`);
      await page.waitForURL(`${server.url}/login`);
      expect(await page.getByRole('heading', { name: 'Page not found' }).count()).toBe(0);
    }
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${server.url}/pj`);
  });

  it('logs out to / after 500 ms without showing /login on the way', async () => {
    const page = await signedInPage();
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });
    await openUserMenu(page);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${server.url}/`);
    expect(visited).not.toContain('/login');
  });

  it('shows the guest variant of page-not-found', async () => {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${server.url}/no/such/page`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.getByRole('link', { name: 'Sign in' }).first().waitFor();
    await expectNoAxeViolations(page);
  });
});

describe('languages', () => {
  it('switches the whole visible interface to Vietnamese and keeps it after a reload', async () => {
    await saveSettings(server, adminToken, { languageChange: true });
    const page = await signedInPage();
    try {
      await page.getByRole('heading', { name: 'Hi Administrator' }).waitFor();
      await page.getByRole('combobox', { name: 'Language' }).selectOption('vn');
      await page.getByRole('heading', { name: 'Xin chào Administrator' }).waitFor();
      const english = ['Hi Administrator', 'Recent activity', 'Welcome to the administration console.'];
      const visible = await page.locator('body').innerText();
      for (const text of english) expect(visible).not.toContain(text);
      expect(visible).toContain('Hoạt động gần đây');
      await expect
        .poll(() =>
          page
            .getByRole('navigation', { name: 'Menu chính' })
            .getByRole('link', { name: 'Trang chủ' })
            .count(),
        )
        .toBe(1);
      expect(await page.getByRole('searchbox', { name: 'Tìm trong menu' }).count()).toBe(1);
      await openUserMenu(page);
      await page.getByRole('button', { name: 'Đăng xuất' }).waitFor();
      await expectNoAxeViolations(page);
      await page.reload();
      await page.getByRole('heading', { name: 'Xin chào Administrator' }).waitFor();
      expect((await apiCall(server, 'Account/MyProfile', {}, adminToken)).body.Data.LanguageCode).toBe('vn');
      await page.getByRole('combobox', { name: 'Ngôn ngữ' }).selectOption('en');
      await page.getByRole('heading', { name: 'Hi Administrator' }).waitFor();
    } finally {
      // The account's language must not leak into the other tests.
      await apiCall(
        server,
        'Account/UpdateFields',
        { Values: [{ FieldName: 'LanguageCode', NewValue: 'en' }] },
        adminToken,
      );
    }
  });
});

describe('live notifications', () => {
  it('shows a notification published on the server in an open page within 1 s, and counts it unread', async () => {
    await saveSettings(server, adminToken, { hasSignalR: true, languageChange: false });
    const page = await signedInPage();
    const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
    await bell.waitFor();
    const before = Number(/(\d+)/.exec((await bell.getAttribute('aria-label')) ?? '0')?.[1] ?? 0);
    // Let the stream open before publishing.
    await page.waitForTimeout(500);
    const sent = await apiCall(
      server,
      'Notification/Send',
      { Title: 'Stock alert', Body: 'Blue pens are low' },
      adminToken,
    );
    expect(sent.body.StatusCode).toBe(1);
    await page.getByText('Stock alert: Blue pens are low').waitFor({ timeout: 1000 });
    await expect.poll(() => bell.getAttribute('aria-label')).toBe(`Notifications, ${before + 1} unread`);
    await bell.click();
    await page.getByRole('button', { name: /Stock alert/ }).click();
    await expect
      .poll(() =>
        page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).getAttribute('aria-label'),
      )
      .toBe(`Notifications, ${before} unread`);
  });
});

describe('web push', () => {
  it('asks after 2 s, saves the subscription, and the server pushes to the (local) push service', async () => {
    const receiver = await startPushReceiver();
    const subscriber = createTestSubscriber();
    try {
      await saveSettings(server, adminToken, { pushNotify: true, hasSignalR: false });
      const context = await browser.newContext();
      await context.grantPermissions(['notifications'], { origin: server.url });
      // Chromium's own push service is out of reach here: the subscription points at the local receiver.
      await context.addInitScript(
        ({ endpoint, keys }) => {
          const subscription = {
            endpoint,
            expirationTime: null,
            options: {},
            getKey: () => null,
            toJSON: () => ({ endpoint, expirationTime: null, keys }),
            unsubscribe: async () => true,
          };
          PushManager.prototype.subscribe = async () => subscription as unknown as PushSubscription;
          PushManager.prototype.getSubscription = async () => null;
        },
        { endpoint: `${receiver.url}/push/device-1`, keys: subscriber.keys },
      );
      const page = await signedInPage(context);
      const prompt = page.getByRole('region', { name: 'Push notifications' });
      const shownAfter = Date.now();
      await prompt.getByText("We'd like to show you notifications for lastest news and updates.").waitFor();
      expect(Date.now() - shownAfter).toBeGreaterThanOrEqual(1000);
      await expectNoAxeViolations(page);
      await prompt.getByRole('button', { name: 'Allow' }).click();
      await prompt.waitFor({ state: 'detached' });
      expect(await page.evaluate(() => localStorage.getItem('PushNotify'))).toBe('1');

      const me = (await apiCall(server, 'Account/MyProfile', {}, adminToken)).body.Data;
      await apiCall(
        server,
        'Notification/Send',
        { Title: 'Invoice paid', Body: 'INV-42', UserIds: [me.UserId] },
        adminToken,
      );
      await expect.poll(() => receiver.received.length, { timeout: 10_000 }).toBeGreaterThan(0);
      const push = receiver.received[0]!;
      expect(push.path).toBe('/push/device-1');
      expect(push.headers.authorization).toMatch(/^vapid t=/);
      expect(JSON.parse(subscriber.decrypt(push.body))).toMatchObject({
        Title: 'Invoice paid',
        Body: 'INV-42',
      });
    } finally {
      await receiver.close();
      await saveSettings(server, adminToken, { pushNotify: false });
    }
  });

  it("remembers 'Maybe Later' as 2", async () => {
    await saveSettings(server, adminToken, { pushNotify: true });
    const page = await signedInPage();
    await page.getByRole('button', { name: 'Maybe Later' }).click();
    expect(await page.evaluate(() => localStorage.getItem('PushNotify'))).toBe('2');
    await saveSettings(server, adminToken, { pushNotify: false });
  });
});

describe('seasonal themes', () => {
  it('snows 300 flakes over the page without taking clicks, only on wide windows', async () => {
    await saveSettings(server, adminToken, { themeSeason: 'xmas2023' });
    const page = await signedInPage(await browser.newContext({ viewport: { width: 1280, height: 800 } }));
    const canvas = page.locator('.seasonal-effects canvas');
    await canvas.waitFor({ state: 'attached' });
    expect(await canvas.getAttribute('data-particles')).toBe('300');
    // The sign-in page's decorations give way to the console's own after sign-in: read the one that stays.
    await expect
      .poll(() => page.locator('.seasonal-effects').evaluate((el) => getComputedStyle(el).pointerEvents))
      .toBe('none');
    await openUserMenu(page);
    await page.getByRole('link', { name: 'My Profile' }).click();
    await page.waitForURL(`${server.url}/my-profile`);
    await page.setViewportSize({ width: 640, height: 800 });
    await expect.poll(() => page.locator('.seasonal-effects').count(), { timeout: 5000 }).toBe(0);
    await saveSettings(server, adminToken, { themeSeason: '' });
  });
});

describe('when the server stops', () => {
  it('shows network-error toasts, the maintenance dialog after more than 3, and the error page for a part that cannot load', async () => {
    const page = await signedInPage();
    await page.getByRole('heading', { name: 'Recent activity' }).waitFor();
    await page.waitForLoadState('networkidle');
    await server.stop();
    const dialog = page.getByRole('dialog', { name: 'Notice' });
    // Four failed calls of ours; the page's own background calls (the live stream reconnecting) may
    // fail too and open the dialog sooner, which then covers the menu: no click after it opened.
    for (let i = 0; i < 4 && !(await dialog.isVisible()); i++) {
      await openUserMenu(page);
      await page.getByRole('button', { name: 'Refresh Cache' }).click();
      await page.waitForTimeout(150);
    }
    await page.getByText('Network error!!!').first().waitFor();
    await dialog.getByText('The server is under maintenance. Please try again later').waitFor();
    await dialog.getByRole('button', { name: 'OK' }).click();
    // The settings page was never opened, so its code must come from the server, which is gone.
    await page.evaluate(() => {
      window.history.pushState({}, '', '/setting');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByRole('heading', { name: 'Oh no!' }).waitFor();
    await page.getByRole('button', { name: 'Try again' }).waitFor();
    await page.getByRole('button', { name: 'Reload' }).waitFor();
  });
});
