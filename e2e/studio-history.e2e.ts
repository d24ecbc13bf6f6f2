// The configuration as versioned data (issue 21) and the studio (issue 22) in real Chromium: a publish
// reaches a browser that is already signed in without a reload; the history at /studio/history lists
// the versions, shows what each changed, compares two, and restores an older one; the screens editor
// changes a column's options, previews the screen as a role at a phone's width, and publishes.
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

describe('the studio', () => {
  it('adds a confirmation to a button column and a menu entry, previews them as the viewer at 390 px, publishes, and a signed-in staff user sees both without a reload', async () => {
    const staff = await signedIn('studiostaff', STAFF_PASSWORD);
    await staff.goto(`${server.url}/data/products`);
    await staff.getByRole('columnheader', { name: 'Restock', exact: true }).waitFor();
    await staff.evaluate(() => {
      (window as unknown as { studioMark: number }).studioMark = 2;
    });

    const page = await signedIn('admin', ADMIN_PASSWORD);
    await page.goto(`${server.url}/studio/screens/products`);
    const restockRow = page.locator('tr', { has: page.getByRole('rowheader', { name: 'UI_Restock' }) });
    await restockRow.getByRole('button', { name: /^Options/ }).click();
    await page.getByRole('button', { name: /^Confirmation/ }).click();
    await page.getByLabel('Message before the action').fill('Add ten to the stock of this product?');
    // Keyboard alone reorders a column: the handle takes the arrow keys and keeps the focus.
    const handle = page.getByRole('button', { name: /^Move Sku, place 2/ });
    await handle.focus();
    await page.keyboard.press('ArrowUp');
    await page.getByRole('button', { name: /^Move Sku, place 1/ }).waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toMatch(/^Move Sku, place 1/);
    await expectNoAxeViolations(page, undefined, '.studio-preview-box');
    await page.getByRole('button', { name: 'Save to the draft' }).click();
    await page.getByText(/^Draft: \d+ changes?$/).waitFor();

    // A new entry in the sidebar's Data group, through the draft as the menu editor saves it.
    const draft = (await apiCall(server, 'Configuration/Draft', {}, admin)).body.Data;
    const side = structuredClone(draft.Document.menus.side) as { name: string; children: unknown[] }[];
    const data = side.find((entry) => entry.name === 'Data');
    expect(data).toBeDefined();
    data?.children.push({
      code: 'stock-to-refill',
      name: 'Stock to refill',
      url: '/data/products',
      icon: 'bi-box-seam',
      newWindow: false,
      isEnabled: true,
      children: [],
    });
    const savedMenu = await apiCall(
      server,
      'Configuration/SaveDraft',
      { Item: ['menus', 'side'], Value: side, Version: draft.Version },
      admin,
    );
    expect(savedMenu.body.StatusCode, JSON.stringify(savedMenu.body)).toBe(1);

    // The preview: the product itself, as the viewer sees it with the draft, at a phone's width; at
    // 1440 px it stands beside the editor.
    const preview = page.getByRole('complementary', { name: 'Preview' });
    await preview.getByLabel('As the role').selectOption('viewer');
    await preview.getByRole('button', { name: 'Phone (390 px)' }).click();
    const frame = page.frameLocator('iframe[name="panelwright-preview:viewer"]');
    await frame.getByText('Preview of the draft as viewer: reading only').waitFor();
    await frame.getByRole('columnheader', { name: 'Name', exact: true }).waitFor();
    const frameWidth = await page.locator('iframe[name="panelwright-preview:viewer"]').getAttribute('width');
    expect(frameWidth).toBe('390');
    // Nobody else sees the draft yet.
    expect(await staff.getByRole('link', { name: 'Stock to refill' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Review and publish' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'What changes' }).waitFor();
    await dialog.getByLabel('Message').fill('Ask before restocking; a menu entry for it');
    await expectNoAxeViolations(page, '.modal');
    await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByText(/^Version \d+ is live\.$/).waitFor();

    // The staff user's page, never reloaded, has both.
    await poll(() => staff.getByRole('link', { name: 'Stock to refill' }).count()).toBe(1);
    await staff
      .getByRole('button', { name: /Restock \+10/ })
      .first()
      .click();
    await staff.getByRole('dialog').getByText('Add ten to the stock of this product?').waitFor();
    await staff.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    expect(await staff.evaluate(() => (window as unknown as { studioMark?: number }).studioMark)).toBe(2);
  }, 150_000);

  it('fits a phone: the list of screens, then the chosen one', async () => {
    const phone = await signedIn('admin', ADMIN_PASSWORD, 390);
    await phone.goto(`${server.url}/studio/screens`);
    await phone.getByRole('heading', { name: 'Choose a screen' }).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(phone);
    await phone.getByRole('link', { name: 'Categories' }).first().click();
    await phone.getByRole('button', { name: 'Save to the draft' }).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(phone);

    // The JSON view of the same screen, then a copy of it and its deletion, all into the draft.
    await phone.getByRole('tab', { name: 'JSON' }).click();
    await phone.getByLabel('JSON of the screen categories').waitFor();
    await phone.getByRole('button', { name: 'More' }).click();
    await phone.getByRole('button', { name: 'Duplicate' }).click();
    const duplicate = phone.getByRole('dialog');
    await expectNoAxeViolations(phone, '.modal');
    await duplicate.getByRole('button', { name: 'Duplicate' }).click();
    await phone.getByRole('heading', { name: 'Categories (copy)' }).waitFor();
    await phone.getByRole('button', { name: 'More' }).click();
    await phone.getByRole('button', { name: 'Delete' }).click();
    await phone.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await phone.getByRole('heading', { name: 'Choose a screen' }).waitFor();
    expect(await phone.getByRole('link', { name: 'Categories (copy)' }).count()).toBe(0);
    await apiCall(server, 'Configuration/DiscardDraft', {}, admin);
  });
});
