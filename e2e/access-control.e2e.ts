// Access control (issue 11) in real Chromium against the built product: a role made on the product's
// own administration screens decides the menu, the editable cells and the buttons of its users; the
// server refuses what the role does not allow; disabling a user signs them out in their open browser;
// the audit screen shows their edit with its old and new value.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, saveSettings, signInByApi } from './support/api';
import { expectNoAxeViolations, launchBrowser } from './support/browser';
import { type RunningServer, startServer } from './support/server';

const ADMIN_PASSWORD = 'E2e-Access-Password-1';
const STOCK_PASSWORD = 'Stock-Keeper-Pa55word!';
let server: RunningServer;
let browser: Browser;
let admin = '';

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ ADMIN_PASSWORD, DEMO_DATA: 'true', DEMO_PRODUCTS: '30' }),
    launchBrowser(),
  ]);
  admin = await signInByApi(server, 'admin', ADMIN_PASSWORD);
  // The live connection carries the "session ended" signal to open browsers.
  await saveSettings(server, admin, { hasSignalR: true });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signedInPage(username: string, password: string, width = 1400): Promise<Page> {
  const context: BrowserContext = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(`${server.url}/home`);
  return page;
}

const cell = (page: Page, id: number, field: string): Locator =>
  page.locator(`tr[data-row-id="${id}"] td[data-field="${field}"]`);

/** A protocol call that must succeed (the scene is set through the same calls the screens make). */
async function ok(name: string, body: object, token = admin) {
  const answer = await apiCall(server, name, body, token);
  if (answer.body?.StatusCode !== 1) throw new Error(`${name}: ${JSON.stringify(answer.body)}`);
  return answer.body.Data;
}

describe('a role that may only list Products and edit their Quantity', () => {
  let userId = 0;
  let userPage: Page;

  it('is made through the protocol of the administration screens, which pass an accessibility check', async () => {
    await ok('Role/AddNew', { Code: 'stock', Name: 'Stock keeper' });
    await ok('RoleGrant/AddNew', {
      RoleCode: 'stock',
      Target: 'Product',
      CanList: true,
      CanEdit: true,
      EditFields: ['Quantity'],
    });
    const user = await ok('User/AddNew', {
      Username: 'stock-keeper',
      DisplayName: 'Stock keeper',
      Roles: ['stock'],
    });
    userId = Number(user.Id);
    await ok('User/ResetPassword', { Id: userId, Password: 'Temporary-Pa55word!' });
    // The temporary password must be changed: the user does so once, then signs in in the browser.
    const temporary = await signInByApi(server, 'stock-keeper', 'Temporary-Pa55word!');
    await ok(
      'Account/ChangePassword',
      { OldPassword: 'Temporary-Pa55word!', NewPassword: STOCK_PASSWORD, ConfirmPassword: STOCK_PASSWORD },
      temporary,
    );

    const page = await signedInPage('admin', ADMIN_PASSWORD);
    for (const [url, heading] of [
      ['/admin/roles', 'Roles'],
      ['/admin/permissions', 'Permissions'],
      ['/admin/users', 'Users'],
    ] as const) {
      await page.goto(`${server.url}${url}`);
      await page.getByRole('heading', { name: heading }).waitFor();
      await page.locator('tr[data-row-id]').first().waitFor();
      await expectNoAxeViolations(page);
    }
    // The Users screen lists the new account with its role.
    await cell(page, userId, 'Username').getByText('stock-keeper').waitFor();
    await page.context().close();
  });

  it('gives its user a menu of Products only, Quantity the only editable cell, and no Add new, Delete or Export', async () => {
    userPage = await signedInPage('stock-keeper', STOCK_PASSWORD);
    const sidebar = userPage.getByRole('navigation', { name: 'Main menu' });
    await sidebar.getByRole('link', { name: 'Products' }).waitFor();
    const links = await sidebar.getByRole('link').allTextContents();
    expect(links.map((text) => text.trim()).filter((text) => text !== 'Home')).toEqual(['Products']);

    await sidebar.getByRole('link', { name: 'Products' }).click();
    await userPage.waitForURL(`${server.url}/data/products`);
    await cell(userPage, 1, 'Quantity').waitFor();
    expect(
      await cell(userPage, 1, 'Quantity')
        .getByRole('button', { name: /^Edit / })
        .count(),
    ).toBe(1);
    for (const field of ['Name', 'Price', 'Discount', 'Description']) {
      expect(
        await cell(userPage, 1, field)
          .getByRole('button', { name: /^Edit / })
          .count(),
        field,
      ).toBe(0);
    }
    expect(await userPage.getByRole('button', { name: 'Add new' }).count()).toBe(0);
    expect(await userPage.getByRole('button', { name: 'Export' }).count()).toBe(0);
    expect(await userPage.getByRole('button', { name: /^Delete row/ }).count()).toBe(0);
    expect(await userPage.getByRole('button', { name: 'Restock +10' }).count()).toBe(0);
    await expectNoAxeViolations(userPage);

    // The Quantity cell saves.
    const target = cell(userPage, 1, 'Quantity');
    await target.getByRole('button', { name: /^Edit / }).click();
    const input = target.getByRole('textbox');
    await input.fill('77');
    await input.press('Enter');
    await expect
      .poll(async () => (await apiCall(server, 'Product/Detail', { Id: 1 }, admin)).body.Data.Quantity)
      .toBe(77);
  });

  it('is refused, with 403 and nothing changed, an UpdateFields of Price or a Delete sent directly', async () => {
    const token = await signInByApi(server, 'stock-keeper', STOCK_PASSWORD);
    const before = (await apiCall(server, 'Product/Detail', { Id: 2 }, admin)).body.Data;
    const price = await apiCall(
      server,
      'Product/UpdateFields',
      { Id: 2, Values: [{ FieldName: 'Price', NewValue: 1 }] },
      token,
    );
    expect(price.status).toBe(403);
    expect(price.body.error_description).toMatch(/permission missing: Products Price edit/);
    const removed = await apiCall(server, 'Product/Delete', { Id: 2 }, token);
    expect(removed.status).toBe(403);
    expect(removed.body.error_description).toMatch(/permission missing: Products Delete/);
    expect((await apiCall(server, 'Product/Detail', { Id: 2 }, admin)).body.Data).toEqual(before);
  });

  it('shows the edit on the audit screen with its old and new value', async () => {
    const page = await signedInPage('admin', ADMIN_PASSWORD);
    await page.goto(`${server.url}/admin/audit`);
    await page.getByRole('heading', { name: 'Audit log' }).waitFor();
    await page
      .locator('td[data-field="Changes"]')
      .filter({ hasText: /Quantity: \d+ → 77/ })
      .first()
      .waitFor();
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page
      .locator('td[data-field="Changes"]')
      .filter({ hasText: /Quantity: \d+ → 77/ })
      .first()
      .waitFor();
    await expectNoAxeViolations(page);
    await page.context().close();
  });

  it('signs the user out in the open browser within seconds of being disabled', async () => {
    await ok('User/UpdateFields', { Id: userId, Values: [{ FieldName: 'IsDisabled', NewValue: true }] });
    await userPage.waitForURL(`${server.url}/login`, { timeout: 10_000 });
    await userPage.context().close();
  });
});
