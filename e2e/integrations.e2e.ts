// The integrations page (issue 27) in real Chromium: an administrator makes an API key and sees it
// once, sees where it was last used, revokes it (and the API refuses it); adds a webhook through the
// form, sees its delivery in the log and redelivers it to a real receiver; the page in Vietnamese;
// axe on every tab at 1440 and 390 px, light and dark.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, signInByApi } from './support/api';
import { expectNoAxeViolations, launchBrowser } from './support/browser';
import { englishTexts } from './support/english';
import { type RunningServer, startServer } from './support/server';
import { signInThroughPage } from './support/sign-in';

const ADMIN_PASSWORD = 'E2e-Integrations-Password-1';

let server: RunningServer;
let browser: Browser;
let admin = '';
let context: BrowserContext;
let page: Page;
let receiver: Server;
let receiverUrl = '';
const received: { id: string; event: string }[] = [];

async function settled(): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => {});
  await page.waitForFunction(() => !document.querySelector('.spinner-border, [aria-busy="true"]'));
}

/** axe at both widths: the whole page in light; the page's own part in dark (the shell has no dark theme). */
async function checkAccessibility(): Promise<void> {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    for (const theme of ['light', 'dark']) {
      await page.evaluate((value) => document.documentElement.setAttribute('data-bs-theme', value), theme);
      await expectNoAxeViolations(page, theme === 'dark' ? '#integrations-page' : undefined);
      // Looked at by people before a change of the page is called done: PW_SCREENSHOTS=<folder>.
      if (process.env.PW_SCREENSHOTS) {
        const tab = new URL(page.url()).searchParams.get('tab') ?? 'keys';
        await page.screenshot({
          path: `${process.env.PW_SCREENSHOTS}/integrations-${tab}-${width}-${theme}.png`,
        });
      }
    }
    if (width === 390) {
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, 'the page scrolls sideways at 390 px').toBeLessThanOrEqual(1);
    }
  }
  await page.evaluate(() => document.documentElement.removeAttribute('data-bs-theme'));
  await page.setViewportSize({ width: 1440, height: 900 });
}

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ ADMIN_PASSWORD, DEMO_DATA: 'true', DEMO_PRODUCTS: '5', WEBHOOK_POLL_MS: '200' }),
    launchBrowser(),
  ]);
  admin = await signInByApi(server, 'admin', ADMIN_PASSWORD);
  receiver = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => {
      raw += chunk;
    });
    request.on('end', () => {
      const body = JSON.parse(raw) as { id: string; event: string };
      received.push({ id: body.id, event: body.event });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  const allowed = await apiCall(
    server,
    'GlobalAppSetting/SaveSettings',
    { Security: { webhookAllowPrivate: true } },
    admin,
  );
  expect(allowed.status).toBe(200);
  context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  await signInThroughPage(context, server, 'admin', ADMIN_PASSWORD);
  page = await context.newPage();
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
});

async function waitFor(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('API keys', () => {
  it('makes a key shown once, shows its last use, and revokes it', async () => {
    await page.goto(`${server.url}/home`);
    await page.locator('#user-menu').click();
    await page.locator('.dropdown-menu.show').getByRole('link', { name: 'Integrations' }).click();
    await page.waitForURL(`${server.url}/integrations`);
    await settled();
    await page.getByText('No API keys yet.').waitFor();
    await checkAccessibility();

    await page.getByLabel('Name', { exact: true }).fill('Nightly export');
    await page.getByLabel('Role').selectOption('viewer');
    await page.getByRole('button', { name: 'Create key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your new key' });
    await dialog.waitFor();
    // The product's one secret dialog: the key as text to copy, with Copy and Done.
    const key = await dialog.getByRole('textbox', { name: 'Key' }).inputValue();
    expect(key).toMatch(/^pwk_/);
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await dialog.getByText('Copied to the clipboard.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const row = page.getByRole('row', { name: /Nightly export/ });
    await row.getByText('Not used yet').waitFor();
    // The list never shows the key again, only its first characters.
    expect(await page.content()).not.toContain(key.slice(12));

    // Used by a script: the list tells when and from where.
    expect((await apiCall(server, 'Product/List', { PageSize: 5 }, key)).status).toBe(200);
    await page.reload();
    await settled();
    await row.getByText('127.0.0.1').waitFor();
    await checkAccessibility();

    await row.getByRole('button', { name: 'Revoke the key Nightly export' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
    await row.getByText('Revoked').waitFor();
    expect((await apiCall(server, 'Product/List', { PageSize: 5 }, key)).status).toBe(401);
  });
});

describe('webhooks', () => {
  it('adds a webhook through the form; its deliveries are logged and can be redelivered', async () => {
    await page.goto(`${server.url}/integrations?tab=webhooks`);
    await settled();
    await page.getByText('No webhooks yet.').waitFor();
    await checkAccessibility();
    await page.getByLabel('Resource (APIName)').selectOption('Product');
    await page.getByLabel('Target URL').fill(receiverUrl);
    await page.getByLabel('Secret').fill('whsec-e2e-0123456789');
    await page.getByRole('button', { name: 'Add webhook' }).click();
    await page.getByRole('row', { name: /Product/ }).waitFor();
    await checkAccessibility();

    const added = await apiCall(
      server,
      'Product/AddNew',
      { Sku: 'E2E-HOOK', Name: 'Hooked', Price: 3 },
      admin,
    );
    expect(added.body.StatusCode).toBe(1);
    await waitFor(() => received.length === 1, 'the delivery');
    expect(received[0]?.event).toBe('created');

    await page.getByRole('tab', { name: 'Delivery log' }).click();
    const delivered = page.getByRole('row', { name: /Product #/ });
    await delivered.getByText('Delivered').waitFor();
    expect(await delivered.textContent()).toContain('204');
    await checkAccessibility();
    await delivered.getByRole('button', { name: /^Redeliver/ }).click();
    await waitFor(() => received.length === 2, 'the redelivery');
    expect(received[1]?.id).toBe(received[0]?.id);
  });
});

describe('in Vietnamese', () => {
  it('shows every text of each tab in Vietnamese', async () => {
    // The administrator's account language is Vietnamese.
    const vn = await apiCall(
      server,
      'Account/UpdateFields',
      { Values: [{ FieldName: 'LanguageCode', NewValue: 'vn' }] },
      admin,
    );
    expect(vn.body.StatusCode).toBe(1);
    await page.evaluate(() => localStorage.setItem('Language', 'vn'));
    for (const tab of ['keys', 'webhooks', 'deliveries']) {
      await page.goto(`${server.url}/integrations?tab=${tab}`);
      await settled();
      await page.getByRole('heading', { name: 'Tích hợp' }).waitFor();
      expect(await englishTexts(page), tab).toEqual([]);
    }
    await page.evaluate(() => localStorage.removeItem('Language'));
  });
});
