// Access control (issue 11) in real Chromium against the built product: a role made on the product's
// own administration screens (Roles with its permission matrix, Permissions, Users — their forms, in
// the browser) decides the menu, the editable cells and the buttons of its users; the server refuses
// what the role does not allow; ending a session or disabling the user signs them out in their open
// browser; the audit screen shows their edit with its old and new value.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, saveSettings, showEveryColumn, signInByApi } from './support/api';
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
  // The grants' field lists are past the Permissions table's first eight columns (issue 25).
  await showEveryColumn(server, admin, 'admin-permissions', 'RoleGrant');
  // The live connection carries the "session ended" signal to open browsers.
  await saveSettings(server, admin, { hasSignalR: true });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signedInPage(
  username: string,
  password: string,
  width = 1400,
  landing = '/home',
): Promise<Page> {
  const context: BrowserContext = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(`${server.url}${landing}`);
  return page;
}

async function openAddNew(page: Page, firstField: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Add new' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add new' });
  await dialog.getByLabel(firstField).waitFor();
  return dialog;
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

  it('is made on the Roles, Permissions and Users screens in the browser, which pass an accessibility check', async () => {
    const page = await signedInPage('admin', ADMIN_PASSWORD);
    // Roles: Add new.
    await page.goto(`${server.url}/admin/roles`);
    await page.getByRole('heading', { name: 'Roles' }).waitFor();
    await page.locator('tr[data-row-id]').first().waitFor();
    await expectNoAxeViolations(page);
    const addRole = await openAddNew(page, 'Code');
    await addRole.getByLabel('Code').fill('stock');
    await addRole.getByLabel('Name').fill('Stock keeper');
    await addRole.getByRole('button', { name: 'Save' }).click();
    await addRole.waitFor({ state: 'detached' });
    const roleRow = page.locator('tr[data-row-id]').filter({ hasText: 'Stock keeper' });

    // The role's permission matrix: select a whole screen, then clear whole actions, keeping List and Edit.
    await roleRow.getByRole('button', { name: 'Permissions' }).click();
    const matrix = page.getByRole('dialog', { name: 'Permissions' });
    await matrix.getByRole('checkbox', { name: 'Select all: Products' }).click();
    for (const name of ['List', 'Detail', 'Add', 'Edit', 'Delete', 'Export']) {
      expect(await matrix.getByRole('checkbox', { name: `Products: ${name}` }).isChecked(), name).toBe(true);
    }
    for (const name of ['Detail', 'Add', 'Delete', 'Export']) {
      // Mixed (only Products has it) → every screen → none.
      const column = matrix.getByRole('checkbox', { name: `Select all: ${name}`, exact: true });
      await column.click();
      expect(await matrix.getByRole('checkbox', { name: `Categories: ${name}` }).isChecked()).toBe(true);
      await column.click();
      expect(await matrix.getByRole('checkbox', { name: `Products: ${name}` }).isChecked()).toBe(false);
    }
    await expectNoAxeViolations(page, '[role="dialog"]');
    await matrix.getByRole('button', { name: 'Save' }).click();
    await matrix.waitFor({ state: 'detached' });

    // Permissions: the grant's editable fields narrowed to Quantity, in its cell.
    await page.goto(`${server.url}/admin/permissions`);
    await page.getByRole('heading', { name: 'Permissions' }).waitFor();
    const grantRow = page.locator('tr[data-row-id]').filter({
      has: page.locator('td[data-field="RoleCode"]').filter({ hasText: /^\s*(stock|Stock keeper)\s*$/ }),
    });
    await page.locator('tr[data-row-id]').first().waitFor();
    await page.getByRole('combobox', { name: 'Role' }).selectOption('stock');
    await grantRow.first().waitFor();
    expect(await grantRow.count()).toBe(1);
    await expectNoAxeViolations(page);
    const editFields = grantRow.locator('td[data-field="EditFields"]');
    await editFields.getByRole('button', { name: /^Edit / }).click();
    await editFields.getByRole('checkbox', { name: /^(.* \/ )?Quantity( \/ .*)?$/ }).check();
    await editFields.getByRole('button', { name: 'Save' }).click();
    await grantRow.locator('td[data-field="EditFields"]').getByText('Quantity').waitFor();

    // Users: Add new with only the new role, then a temporary password from the row's button.
    await page.goto(`${server.url}/admin/users`);
    await page.getByRole('heading', { name: 'Users' }).waitFor();
    await page.locator('tr[data-row-id]').first().waitFor();
    await expectNoAxeViolations(page);
    const addUser = await openAddNew(page, 'User name');
    await addUser.getByLabel('User name').fill('stock-keeper');
    await addUser.getByLabel('Display name').fill('Stock keeper');
    // No role is ticked before the administrator ticks one (issue 20): Staff is not pre-ticked.
    expect(await addUser.getByRole('checkbox', { name: 'Staff' }).isChecked()).toBe(false);
    for (const box of await addUser.getByRole('checkbox').all()) {
      const label =
        (await box.getAttribute('aria-label')) ??
        (await box.evaluate((el) => (el as HTMLInputElement).labels?.[0]?.textContent ?? ''));
      if (['Staff', 'Administrator', 'Viewer', 'Stock keeper'].includes(label.trim())) {
        expect(await box.isChecked(), label).toBe(false);
      }
    }
    await addUser.getByRole('checkbox', { name: 'Stock keeper' }).check();
    await addUser.getByRole('button', { name: 'Save' }).click();
    await addUser.waitFor({ state: 'detached' });
    const userRow = page.locator('tr[data-row-id]').filter({ hasText: 'stock-keeper' });
    userId = Number(await userRow.getAttribute('data-row-id'));
    await userRow.getByRole('button', { name: 'Reset password' }).click();
    await page
      .getByRole('dialog')
      .filter({ hasText: 'temporary password' })
      .getByRole('button', { name: 'OK' })
      .click();
    // The temporary password stays in a dialog until it is closed (not in a toast that vanishes), with
    // a Copy button, from characters that cannot be taken for one another.
    const shown = page.getByRole('dialog').filter({ hasText: 'Temporary password of stock-keeper' });
    await shown.getByRole('button', { name: 'Copy' }).waitFor();
    const temporary = (await shown.getByRole('textbox', { name: 'Value' }).inputValue()).trim();
    expect(temporary).toMatch(/^[A-HJ-NP-Za-km-np-z2-9]{16}$/);
    expect(
      await page
        .locator('.Toastify')
        .getByText(/Temporary password of/)
        .count(),
    ).toBe(0);
    await expectNoAxeViolations(page, '[role="dialog"]');
    await shown.getByRole('button', { name: 'Close' }).first().click();
    await shown.waitFor({ state: 'detached' });
    await page.context().close();

    // What the forms stored: the role grants Products List and Edit of Quantity, nothing else.
    const grants = await ok('RoleGrant/List', {
      Page: 1,
      PageSize: 100,
      Filters: [{ FieldName: 'RoleCode', Type: 'select', Value: 'stock' }],
    });
    expect(grants.Data).toHaveLength(1);
    expect(grants.Data[0]).toMatchObject({
      Target: 'Product',
      CanList: true,
      CanDetail: false,
      CanAdd: false,
      CanEdit: true,
      CanDelete: false,
      CanExport: false,
    });
    expect((await ok('User/Detail', { Id: userId })).Roles).toBe('stock');

    // The temporary password must be changed at the first sign-in: in the browser too.
    userPage = await signedInPage('stock-keeper', temporary, 1400, '/my-profile?tab=changepw');
    await userPage.getByLabel('Old password').fill(temporary);
    await userPage.getByLabel('New password').fill(STOCK_PASSWORD);
    await userPage.getByLabel('Confirm Password').fill(STOCK_PASSWORD);
    await userPage.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(async () => (await ok('User/Detail', { Id: userId })).MustChangePassword).toBe(false);
    await userPage.context().close();
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

  it('shows one 403 page, not the page behind it, for the till, the settings, the studio and a screen the role does not hold; 404 stays for what does not exist', async () => {
    const page = userPage;
    const toasts = page.locator('.Toastify__toast');
    for (const path of ['/pos', '/setting', '/studio/screens', '/dailytasks']) {
      await page.goto(`${server.url}${path}`);
      await page.getByRole('heading', { name: 'You don’t have access to this page' }).waitFor();
      expect(await page.getByRole('heading', { name: 'Page not found' }).count(), path).toBe(0);
      // Nothing of the forbidden page is drawn, and no "403 - Forbidden" toast comes with it.
      expect(await page.getByRole('button', { name: /Complete sale|Save/ }).count(), path).toBe(0);
      expect(await toasts.count(), path).toBe(0);
    }
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Go to home' }).click();
    await page.waitForURL(`${server.url}/home`);

    await page.goto(`${server.url}/no-such-page`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(await page.getByRole('heading', { name: 'You don’t have access to this page' }).count()).toBe(0);
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

  it("lists the user's open sessions on the Users screen, and ending one signs that browser out", async () => {
    const page = await signedInPage('admin', ADMIN_PASSWORD);
    await page.goto(`${server.url}/admin/users`);
    const userRow = page.locator(`tr[data-row-id="${userId}"]`);
    await userRow.getByRole('button', { name: 'Sessions' }).click();
    const sessions = page.getByRole('dialog', { name: 'Open sessions' });
    // The browser's session (and the token of the refused calls above), with where they come from.
    const browserSession = sessions.locator('tr[data-item-id]').filter({ hasText: /Chrome/ });
    await browserSession.first().waitFor();
    expect(await sessions.locator('tr[data-item-id]').count()).toBeGreaterThanOrEqual(1);
    await expectNoAxeViolations(page, '[role="dialog"]');
    const count = await browserSession.count();
    await browserSession.first().getByRole('button', { name: 'End session' }).click();
    await expect.poll(() => browserSession.count()).toBe(count - 1);
    await userPage.waitForURL(`${server.url}/login`, { timeout: 10_000 });
    await userPage.context().close();
    await page.context().close();
  });

  it('unlocks from the Users screen a user whose sign-in was refused after wrong passwords', async () => {
    const tokenCall = (password: string) =>
      fetch(`${server.url}/oauth2/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'password', username: 'stock-keeper', password }),
      });
    for (let i = 0; i < 10; i++) expect((await tokenCall(`wrong-${i}-password`)).status).toBe(400);
    expect((await tokenCall(STOCK_PASSWORD)).status).toBe(429);
    const page = await signedInPage('admin', ADMIN_PASSWORD);
    await page.goto(`${server.url}/admin/users`);
    await page.locator(`tr[data-row-id="${userId}"]`).getByRole('button', { name: 'Unlock' }).click();
    await page
      .getByRole('dialog')
      .filter({ hasText: 'failed sign-in attempts' })
      .getByRole('button', { name: 'OK' })
      .click();
    await page
      .locator('.Toastify')
      .getByText('Sign-in of stock-keeper is unlocked: its failed attempts are forgotten.')
      .waitFor();
    expect((await tokenCall(STOCK_PASSWORD)).status).toBe(200);
    await page.context().close();
  });

  it('signs the user out in the open browser within seconds of being disabled', async () => {
    userPage = await signedInPage('stock-keeper', STOCK_PASSWORD);
    const page = await signedInPage('admin', ADMIN_PASSWORD);
    await page.goto(`${server.url}/admin/users`);
    const disabled = page
      .locator(`tr[data-row-id="${userId}"] td[data-field="IsDisabled"]`)
      .getByRole('switch');
    await disabled.click();
    await userPage.waitForURL(`${server.url}/login`, { timeout: 10_000 });
    await expect.poll(async () => (await ok('User/Detail', { Id: userId })).IsDisabled).toBe(true);
    await userPage.context().close();
    await page.context().close();
  });
});
