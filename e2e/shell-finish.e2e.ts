// The finished shell of issue 9 (items 7, 8, 9, 10, 11, 17, 18, 19) in real Chromium against the built
// product: each test fails on the behaviour the issue describes.
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, saveSettings, signInByApi } from './support/api';
import { expectNoAxeViolations, launchBrowser } from './support/browser';
import { type RunningServer, startServer } from './support/server';
import { openUserMenu } from './support/shell';

const ADMIN_PASSWORD = 'E2e-Shell-Finish-Password-1';
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
let server: RunningServer;
let browser: Browser;
let token = '';
let crmId = 0;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ ADMIN_PASSWORD, DEMO_DATA: 'true', DEMO_PRODUCTS: '60' }),
    launchBrowser(),
  ]);
  token = await signInByApi(server, 'admin', ADMIN_PASSWORD);
  const projects = await apiCall(server, 'Project/List', { Page: 1, PageSize: 10 }, token);
  crmId = projects.body.Data.Data.find((p: { Code: string }) => p.Code === 'CRM').Id;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});
afterEach(async () => {
  for (const context of browser.contexts()) await context.close();
});

async function newPage(viewport = DESKTOP): Promise<Page> {
  const page = await (await browser.newContext({ viewport })).newPage();
  // Every toast shown, however briefly, for the tests that say which messages a person saw.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { toastsSeen: string[] }).toastsSeen = seen;
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll('.Toastify__toast')) {
        const text = toast.textContent ?? '';
        if (!seen.includes(text)) seen.push(text);
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  return page;
}

const toastsSeen = (page: Page) =>
  page.evaluate(() => (window as unknown as { toastsSeen: string[] }).toastsSeen);

async function signIn(page: Page, username = 'admin', password = ADMIN_PASSWORD): Promise<void> {
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(`${server.url}/home`);
}

async function signedIn(path: string, viewport = DESKTOP): Promise<Page> {
  const page = await newPage(viewport);
  await signIn(page);
  if (path !== '/home') await page.goto(`${server.url}${path}`);
  return page;
}

describe('item 18: the sample API test environment', () => {
  it('"This server" points at the address the product listens at, so the demo test passes on any port', async () => {
    const environments = await apiCall(
      server,
      'ProjectEnvironment/List',
      { Page: 1, PageSize: 10, RequestData: { ProjectId: crmId } },
      token,
    );
    expect(environments.body.Data.Data.map((e: { BaseUrl: string }) => e.BaseUrl)).toEqual([server.url]);
    const page = await signedIn(`/pj/${crmId}`);
    await page.getByRole('tab', { name: /^API tests/ }).click();
    const panel = page.getByRole('tabpanel');
    await panel.getByText('Server is alive').first().waitFor();
    const row = panel.locator('tr', { hasText: 'Server is alive' });
    await row.getByRole('button', { name: /Run/ }).click();
    await page.getByRole('dialog', { name: 'Confirm' }).getByRole('button', { name: 'OK' }).click();
    await page.getByText(/^Passed: 200 in \d+ ms\.$/).waitFor();
  });
});

describe('item 19: the site name', () => {
  it('refuses an empty site name under the field, and the window title follows the name', async () => {
    const page = await signedIn('/setting');
    await page.getByRole('heading', { name: 'Setting', level: 1 }).waitFor();
    await expect.poll(() => page.title()).toBe('Admin');
    const field = page.getByLabel('Site name');
    await field.fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    const message = 'Enter a site name: it is shown in the header and the window title.';
    await page.getByText(message).waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await field.evaluate((el) => el === document.activeElement)).toBe(true);
    await expectNoAxeViolations(page);
    // The server refuses it too, whatever the form did.
    const refused = await apiCall(
      server,
      'GlobalAppSetting/SaveSettings',
      { UIAppConfig: { siteName: ' ' } },
      token,
    );
    expect(refused.body).toMatchObject({ StatusCode: 0, Msg: message });

    await field.fill('Back office');
    expect(await page.getByText(message).count()).toBe(0);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.title()).toBe('Back office');
    await page.getByRole('banner').getByText('Back office').waitFor();
    // The sign-in page carries the name too.
    const guest = await newPage();
    await guest.goto(`${server.url}/login`);
    await expect.poll(() => guest.title()).toBe('Back office');
    await saveSettings(server, token, { siteName: 'Admin' });
  });
});

describe('item 10: idle sign-out', () => {
  it('counts down in words ("2 seconds", "1 second") and ends with one message, no authorization toast', async () => {
    await saveSettings(server, token, {
      hasCheckIdle: true,
      checkIdleSecond: 2,
      checkIdleInterval: 1,
      checkIdleCountdown: 3,
    });
    try {
      const page = await newPage();
      await signIn(page);
      const dialog = page.getByRole('dialog', { name: 'Your session is about to expire' });
      await dialog.waitFor({ timeout: 15_000 });
      const seen = new Set<string>();
      const expired = page.getByRole('dialog', { name: 'Your session expired' });
      await expect
        .poll(
          async () => {
            const text = await dialog
              .getByRole('timer')
              .textContent({ timeout: 200 })
              .catch(() => null);
            if (text) seen.add(text);
            return (await expired.count()) > 0;
          },
          { interval: 100, timeout: 30_000 },
        )
        .toBe(true);
      expect(seen).toContain('You will be signed out in 1 second.');
      expect([...seen].every((t) => /^You will be signed out in (1 second|[2-3] seconds)\.$/.test(t))).toBe(
        true,
      );
      await expired.getByText('You were signed out because you were inactive.').waitFor();
      await expect.poll(() => page.evaluate(() => localStorage.getItem('Auth-Token'))).toBeNull();
      await expectNoAxeViolations(page);
      // Calls the ended session makes fail must not add a second, alarming message.
      expect((await toastsSeen(page)).filter((t) => /authori/i.test(t))).toEqual([]);
      await expired.getByRole('button', { name: 'Back to sign in' }).click();
      await page.waitForURL(`${server.url}/login`);
      await page.getByRole('button', { name: 'Login' }).waitFor();
      expect((await toastsSeen(page)).filter((t) => /authori/i.test(t))).toEqual([]);
    } finally {
      // The server ends idle sessions too: the token of the scene is signed in again.
      token = await signInByApi(server, 'admin', ADMIN_PASSWORD);
      await saveSettings(server, token, { hasCheckIdle: false });
    }
  }, 90_000);
});
