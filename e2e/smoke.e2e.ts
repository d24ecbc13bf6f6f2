import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, launchBrowser } from './support/browser';
import { type RunningServer, startServer } from './support/server';
import { logoutThroughMenu } from './support/shell';

let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({}, { database: 'embedded' }), launchBrowser()]);
  page = await (await browser.newContext()).newPage();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('smoke: the product on its embedded database', () => {
  it('printed the address and generated administrator credentials', () => {
    expect(server.stdout()).toContain(`Panelwright is running at ${server.url}/`);
    expect(server.admin.password.length).toBeGreaterThanOrEqual(16);
  });

  it('shows the welcome screen at /', async () => {
    await page.goto(`${server.url}/`);
    await page.getByRole('heading', { name: 'Welcome to Admin' }).waitFor();
    await expectNoAxeViolations(page);
  });

  it('sends a guest from a private route to /login', async () => {
    await page.goto(`${server.url}/home`);
    await page.waitForURL(`${server.url}/login`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await expectNoAxeViolations(page);
  });

  it('shows the server error under the form for a wrong password', async () => {
    await page.getByLabel('Username').fill(server.admin.username);
    await page.getByLabel('Username').press('Enter');
    // Enter in the user name moves the focus to the password.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('login-password');
    await page.keyboard.type('not-the-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('The user name or password is incorrect.');
  });

  it('signs in with the printed credentials and must replace the printed password first', async () => {
    await page.getByLabel('Password', { exact: true }).fill(server.admin.password);
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Login' }).click();
    // The generated password is known to whoever read the console: a forced change comes first.
    await page.waitForURL(`${server.url}/my-profile?tab=changepw`);
    await page.getByText('Your password must be changed before you continue.').waitFor();
    await expectNoAxeViolations(page);
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });
    await page.getByRole('link', { name: 'Admin' }).click();
    await expect.poll(() => alerts).toEqual(['Your password must be changed before you continue.']);
    expect(new URL(page.url()).pathname).toBe('/my-profile');
    await page.getByLabel('Old password').fill(server.admin.password);
    await page.getByLabel('New password').fill('My-Own-Secret-2026');
    await page.getByLabel('Confirm Password').fill('My-Own-Secret-2026');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password has been changed.').waitFor();
    // The demanded change done, the user goes on home by themselves.
    await page.waitForURL(`${server.url}/home`);
    await page.getByRole('heading', { name: 'Hi Administrator' }).waitFor();
    await page.getByRole('heading', { name: 'Recent activity' }).waitFor();
    await expectNoAxeViolations(page);
    expect(alerts).toHaveLength(1);
  });

  it('logs out, revoking the token on the server, and goes to /', async () => {
    const token = await page.evaluate(() => localStorage.getItem('Auth-Token'));
    expect(token).toBeTruthy();
    await logoutThroughMenu(page);
    await page.waitForURL(`${server.url}/`);
    expect(await page.evaluate(() => localStorage.getItem('Auth-Token'))).toBeNull();
    const answer = await fetch(`${server.url}/api/v1/ConfigMenu/CategoryScreenList`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: '{}',
    });
    expect(answer.status).toBe(401);
  });

  it('serves hashed assets with a long cache and client routes with the app', async () => {
    const html = await (await fetch(`${server.url}/some/client/route`)).text();
    expect(html).toContain('<div id="root">');
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(`${server.url}${script}`);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const missing = await fetch(`${server.url}/assets/nope-123.js`);
    expect(missing.status).toBe(404);
  });
});
