// The configuration as versioned data (issue 21) in real Chromium: a publish reaches a browser that is
// already signed in without a reload; the history at /studio/history lists the versions, shows what
// each changed, compares two, and restores an older one.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, saveSettings, signInByApi } from './support/api';
import { expectNoAxeViolations, launchBrowser } from './support/browser';
import { type RunningServer, startServer } from './support/server';
import { signInThroughPage } from './support/sign-in';

/** Waits for a state, however loaded the machine is; a browser checks the live version every 15 s. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 40_000, interval: 250 });

const ADMIN_PASSWORD = 'Studio-Admin-Password-1';
const STAFF_PASSWORD = 'Studio-Staff-Password-1';

let server: RunningServer;
let browser: Browser;
let admin = '';
const contexts: BrowserContext[] = [];

async function signedIn(username: string, password: string, width = 1440): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  contexts.push(context);
  await signInThroughPage(context, server, username, password);
  return context.newPage();
}

/** Publishes one change of the products screen through the draft, as the studio does. */
async function publishProducts(change: (screen: Record<string, any>) => void, message: string) {
  const draft = (await apiCall(server, 'Configuration/Draft', {}, admin)).body.Data;
  const screen = structuredClone(draft.Document.screens.products);
  change(screen);
  const saved = await apiCall(
    server,
    'Configuration/SaveDraft',
    { Item: ['screens', 'products'], Value: screen, Version: draft.Version },
    admin,
  );
  expect(saved.body.StatusCode, JSON.stringify(saved.body)).toBe(1);
  const published = await apiCall(server, 'Configuration/Publish', { Message: message }, admin);
  expect(published.body.StatusCode, JSON.stringify(published.body)).toBe(1);
  return published.body.Data as { Id: number };
}

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ ADMIN_PASSWORD, DEMO_DATA: 'true', DEMO_PRODUCTS: '30' }),
    launchBrowser(),
  ]);
  admin = await signInByApi(server, 'admin', ADMIN_PASSWORD);
  // A staff account: registered, then given the staff role by the administrator.
  await saveSettings(server, admin, { registerAccount: true });
  const registered = await apiCall(server, 'Account/Register', {
    UserName: 'studiostaff',
    Email: 'studiostaff@example.com',
    Password: STAFF_PASSWORD,
    ConfirmPassword: STAFF_PASSWORD,
  });
  expect(registered.status, JSON.stringify(registered.body)).toBe(200);
  await saveSettings(server, admin, { registerAccount: false });
  const users = await apiCall(
    server,
    'User/List',
    { Page: 1, PageSize: 5, TextSearch: 'studiostaff' },
    admin,
  );
  const id = users.body.Data.Data[0].Id;
  const roles = await apiCall(
    server,
    'User/UpdateFields',
    { Id: id, Values: [{ FieldName: 'Roles', NewValue: ['staff'] }] },
    admin,
  );
  expect(roles.body.StatusCode, JSON.stringify(roles.body)).toBe(1);
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
});

describe('configuration versions', () => {
  it('reach a signed-in browser without a reload; the history shows, compares and restores them', async () => {
    const staff = await signedIn('studiostaff', STAFF_PASSWORD);
    await staff.goto(`${server.url}/data/products`);
    const header = (name: string) => staff.getByRole('columnheader', { name, exact: true });
    await header('Price').waitFor();
    // Marks this page: a reload would lose the mark.
    await staff.evaluate(() => {
      (window as unknown as { studioMark: number }).studioMark = 1;
    });

    const published = await publishProducts((screen) => {
      screen.columns.Price = { header: 'Unit price' };
    }, 'Call the price a unit price');
    await poll(() => header('Unit price').count()).toBe(1);
    expect(await staff.evaluate(() => (window as unknown as { studioMark?: number }).studioMark)).toBe(1);

    const page = await signedIn('admin', ADMIN_PASSWORD);
    await page.goto(`${server.url}/studio/history`);
    const detail = page.locator('.studio-history-detail');
    await detail.getByRole('heading', { name: `Version ${published.Id}` }).waitFor();
    await detail.getByText('Call the price a unit price').waitFor();
    await detail.getByText('Column Price: header').waitFor();
    expect(await detail.locator('code.studio-value').first().textContent()).toBe('Unit price');
    await expectNoAxeViolations(page);

    // The shipped version compared with this one says the same.
    await page.getByLabel('Show').selectOption({ label: 'Changes from version 1 to this one' });
    await detail.getByText('Column Price: header').waitFor();

    // Version 1 again, as a new version.
    await page.getByRole('button', { name: /^Version 1\b/ }).click();
    await detail.getByRole('heading', { name: 'Version 1' }).waitFor();
    await page.getByRole('button', { name: 'Restore this version' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Message').fill('Back to the price');
    await expectNoAxeViolations(page, '.modal');
    await dialog.getByRole('button', { name: 'Restore', exact: true }).click();
    const restored = published.Id + 1;
    await page.getByText(`Version ${restored} is live.`).waitFor();
    await detail.getByRole('heading', { name: `Version ${restored}` }).waitFor();
    await detail.getByText('Back to the price').waitFor();
    await detail.getByText('Restored (from version 1)', { exact: false }).waitFor();

    await poll(() => header('Price').count()).toBe(1);
    expect(await staff.evaluate(() => (window as unknown as { studioMark?: number }).studioMark)).toBe(1);
  });

  it('fits a phone, and tells a user without the grant that the page is not theirs', async () => {
    const phone = await signedIn('admin', ADMIN_PASSWORD, 390);
    await phone.goto(`${server.url}/studio/history`);
    await phone.locator('.studio-history-detail h2').waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(phone);

    const staff = await signedIn('studiostaff', STAFF_PASSWORD, 390);
    await staff.goto(`${server.url}/studio/history`);
    await staff.getByRole('heading', { name: 'You don’t have access to this page' }).waitFor();
  });
});
