// The specification's remaining rules of issue 10 item 4 that a browser shows, in real Chromium
// against the built product: failed calls in the error report and the chat webhook, the primary
// colour and the avatar, analytics (off by default, a local script when on). The page is opened at a
// name that is not localhost (reports are not sent from localhost), mapped to 127.0.0.1; the "outside"
// services (the chat webhook, the analytics script) are a local server: nothing reaches the internet.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { saveSettings, signInByApi } from './support/api';
import { expectNoAxeViolations, launchBrowser } from './support/browser';
import { freePort, type RunningServer, startServer } from './support/server';

/** Waits for a state, however loaded the machine is (expect.poll alone gives up after 1 s). */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000, interval: 100 });

const ADMIN_PASSWORD = 'Spec-Rules-Password-1';
const HOST = 'admin.test';

let server: RunningServer;
let browser: Browser;
let admin = '';
let site = '';
/** The outside services: a chat webhook at /hook and an analytics script at /gtag/js. */
let outside: Server;
let outsideUrl = '';
const outsideRequests: { method: string; url: string; body: string }[] = [];

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => resolve(body));
  });

beforeAll(async () => {
  const port = await freePort();
  outsideUrl = `http://127.0.0.1:${port}`;
  outside = createServer(async (request, response) => {
    const body = await readBody(request);
    outsideRequests.push({ method: request.method ?? '', url: request.url ?? '', body });
    const cors = {
      'access-control-allow-origin': '*',
      'access-control-allow-headers': 'content-type',
      'access-control-allow-methods': 'POST',
    };
    if (request.method === 'OPTIONS') response.writeHead(204, cors).end();
    else if (request.url?.startsWith('/gtag/js'))
      response.writeHead(200, { 'content-type': 'text/javascript' }).end('window.__analyticsScript = true;');
    else response.writeHead(200, { ...cors, 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => outside.listen(port, '127.0.0.1', resolve));
  [server, browser] = await Promise.all([
    startServer({ ADMIN_PASSWORD }),
    launchBrowser([`--host-resolver-rules=MAP ${HOST} 127.0.0.1`]),
  ]);
  site = `http://${HOST}:${server.port}`;
  admin = await signInByApi(server, 'admin', ADMIN_PASSWORD);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise((resolve) => outside?.close(resolve));
});
afterEach(async () => {
  for (const context of browser.contexts()) await context.close();
});

async function newPage(): Promise<Page> {
  return (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
}

async function signIn(page: Page): Promise<void> {
  await page.goto(`${site}/login`);
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(`${site}/home`);
}

describe('client errors in the error report and the chat webhook', () => {
  it('reports a token request that got no answer, with the password obfuscated', async () => {
    await saveSettings(server, admin, { chatWebhookUrl: `${outsideUrl}/hook` });
    outsideRequests.length = 0;
    const page = await newPage();
    // The sign-in request never reaches the server, as when the network drops.
    await page.route('**/oauth2/token', (route) => route.abort('connectionfailed'));
    await page.goto(`${site}/login`);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill('Typed-Secret-42');
    const report = page.waitForRequest((r) => r.url().endsWith('/api/v1/Exception/SaveLog'));
    await page.getByRole('button', { name: 'Login' }).click();
    const log = JSON.parse((await report).postData() ?? '{}');
    expect(log.AIPUrl).toBe(`${site}/oauth2/token`);
    expect(log.Url).toBe(`${site}/login`);
    expect(log.Data).toContain('username=admin');
    expect(log.Data).toContain('password=***');
    expect(JSON.stringify(log)).not.toContain('Typed-Secret-42');

    // The developer notice: the page's address first, no password either.
    await expect
      .poll(() => outsideRequests.filter((r) => r.method === 'POST' && r.url === '/hook'))
      .toHaveLength(1);
    const notice = JSON.parse(outsideRequests.find((r) => r.url === '/hook')?.body ?? '{}').text as string;
    expect(notice.startsWith(`${site}/login\n`)).toBe(true);
    expect(notice).toContain('/oauth2/token');
    expect(notice).not.toContain('Typed-Secret-42');
  });

  it('reports a failed API call of a screen with the call it was', async () => {
    const page = await newPage();
    await signIn(page);
    await page.route('**/api/v1/Event/List', (route) => route.abort('connectionfailed'));
    const report = page.waitForRequest((r) => r.url().endsWith('/api/v1/Exception/SaveLog'));
    await page.goto(`${site}/calendar`);
    const log = JSON.parse((await report).postData() ?? '{}');
    expect(log.AIPUrl).toBe(`${site}/api/v1/Event/List`);
    expect(log.LogBy).toBe('admin');
    expect(JSON.parse(log.Data)).toMatchObject({ Page: 1, PageSize: 1000 });
  });
});

describe('the theme colour, the avatar and the logo', () => {
  it('applies primaryColor as the theme colour at run time', async () => {
    await saveSettings(server, admin, { primaryColor: '#6f42c1' });
    const page = await newPage();
    await page.goto(`${site}/login`);
    const login = page.getByRole('button', { name: 'Login' });
    await expect
      .poll(() => login.evaluate((button) => getComputedStyle(button).backgroundColor))
      .toBe('rgb(111, 66, 193)');
    await expectNoAxeViolations(page);
    await saveSettings(server, admin, { primaryColor: '#057e38' });
  });

  it("shows the user's avatar in the header and the profile", async () => {
    const page = await newPage();
    await signIn(page);
    await page.goto(`${site}/my-profile`);
    await page.getByLabel('Avatar address').fill('/config/logo.png');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('.Toastify').getByText('Saved', { exact: true }).waitFor();
    await page.reload();
    const header = page.locator('#user-menu').getByTestId('user-avatar');
    await header.waitFor();
    expect(await header.getAttribute('src')).toBe('/config/logo.png');
    expect(await page.locator('main').getByTestId('user-avatar').getAttribute('src')).toBe(
      '/config/logo.png',
    );
    await expectNoAxeViolations(page);
  });
});

describe('the API document (/demo/api_document)', () => {
  it("renders the server's generated OpenAPI document, every call with its body fields", async () => {
    const page = await newPage();
    await signIn(page);
    await page.goto(`${site}/demo/api_document`);
    await page.getByRole('heading', { name: 'API document', level: 1 }).waitFor();
    // Calls that exist because the server registered them, not because a page was written.
    await page.getByTestId('api-operation').filter({ hasText: '/api/v1/Product/UpdatePrice' }).waitFor();
    await page.getByLabel('Search calls').fill('Account/ResetPassword');
    const reset = page.getByTestId('api-operation').filter({ hasText: '/api/v1/Account/ResetPassword' });
    await poll(() => page.getByTestId('api-operation').count()).toBe(1);
    await reset.locator('summary').click();
    const fields = await reset.locator('tbody tr td:first-child').allTextContents();
    expect(fields).toEqual(expect.arrayContaining(['PasswordKey', 'Password', 'ConfirmPassword']));
    await expectNoAxeViolations(page);
  });
});

describe('analytics', () => {
  it('loads nothing while off (the default)', async () => {
    outsideRequests.length = 0;
    const page = await newPage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.goto(`${site}/login`);
    await page.getByRole('button', { name: 'Login' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(requested.filter((url) => !url.startsWith(site))).toEqual([]);
    expect(await page.evaluate(() => (window as { dataLayer?: unknown[] }).dataLayer === undefined)).toBe(
      true,
    );
    expect(await page.locator('script[data-analytics]').count()).toBe(0);
  });

  it('loads the configured plugin and sends the first page view', async () => {
    await saveSettings(server, admin, {
      analytics: 'gtag',
      analyticsId: 'G-E2E',
      analyticsScriptUrl: `${outsideUrl}/gtag/js`,
    });
    outsideRequests.length = 0;
    const page = await newPage();
    await page.goto(`${site}/login`);
    await expect
      .poll(() => page.evaluate(() => (window as { __analyticsScript?: boolean }).__analyticsScript))
      .toBe(true);
    expect(outsideRequests.map((r) => r.url)).toContain('/gtag/js?id=G-E2E');
    const pageViews = () =>
      page.evaluate(() =>
        ((window as { dataLayer?: unknown[] }).dataLayer ?? [])
          .map((entry) => Array.from(entry as ArrayLike<unknown>))
          .filter((entry) => entry[0] === 'event' && entry[1] === 'page_view')
          .map((entry) => (entry[2] as { page_path: string }).page_path),
      );
    await poll(pageViews).toEqual(['/login']);
    await page.getByRole('link', { name: /Forgot/ }).click();
    await poll(pageViews).toEqual(['/login', '/forgot']);
    await saveSettings(server, admin, { analytics: '' });
  });
});
