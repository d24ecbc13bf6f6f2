// The studio's Screens page (issue 22) in real Chromium: an administrator creates a screen from
// nothing with a Vietnamese title, is told under each field what is wrong as they type, sets options
// from the option groups (visibility, styling), gives a column a Vietnamese header, is asked before
// leaving with unsaved edits, sees the preview beside the editor at 1440 px, and publishes; a
// Vietnamese user then sees the screen as configured. axe at 390 and 1440 px. With
// STUDIO_SCREENSHOTS=1 it also saves the page's screenshots (light and dark, both widths) under
// docs/screens.
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, saveSettings, signInByApi } from './support/api';
import { expectNoAxeViolations, launchBrowser } from './support/browser';
import { type RunningServer, startServer } from './support/server';
import { signInThroughPage } from './support/sign-in';

const ADMIN_PASSWORD = 'Studio-Screens-Password-3';
const STAFF_PASSWORD = 'Studio-Screens-Staff-3';
const SCREENS = resolve(import.meta.dirname, '..', 'docs', 'screens');

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

/** axe at both widths; the screenshots of the page in light and dark when asked for. */
async function checkPage(page: Page, name: string, shown: string) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.locator(shown).scrollIntoViewIfNeeded();
    // A notice of the last save is judged where it is shown, not here.
    await page.locator('.Toastify__toast').first().waitFor({ state: 'detached' });
    // The preview is the product itself in a frame, checked by the product's own pages.
    await expectNoAxeViolations(page, undefined, '.studio-preview-box');
    if (!process.env.STUDIO_SCREENSHOTS) continue;
    for (const theme of ['light', 'dark']) {
      await page.evaluate((value) => document.documentElement.setAttribute('data-bs-theme', value), theme);
      await page.screenshot({ path: join(SCREENS, `studio-${name}-${width}-${theme}.png`) });
    }
    await page.evaluate(() => document.documentElement.removeAttribute('data-bs-theme'));
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ ADMIN_PASSWORD, DEMO_DATA: 'true', DEMO_PRODUCTS: '5' }),
    launchBrowser(),
  ]);
  admin = await signInByApi(server, 'admin', ADMIN_PASSWORD);
  // A Vietnamese staff user: registered, given the staff role, their account's language vn.
  await saveSettings(server, admin, { registerAccount: true });
  const registered = await apiCall(server, 'Account/Register', {
    UserName: 'vnbuyer',
    Email: 'vnbuyer@example.com',
    Password: STAFF_PASSWORD,
    ConfirmPassword: STAFF_PASSWORD,
  });
  expect(registered.status, JSON.stringify(registered.body)).toBe(200);
  await saveSettings(server, admin, { registerAccount: false });
  const users = await apiCall(server, 'User/List', { Page: 1, PageSize: 5, TextSearch: 'vnbuyer' }, admin);
  const roles = await apiCall(
    server,
    'User/UpdateFields',
    { Id: users.body.Data.Data[0].Id, Values: [{ FieldName: 'Roles', NewValue: ['staff'] }] },
    admin,
  );
  expect(roles.body.StatusCode, JSON.stringify(roles.body)).toBe(1);
  const staff = await signInByApi(server, 'vnbuyer', STAFF_PASSWORD);
  const language = await apiCall(
    server,
    'Account/UpdateFields',
    { Values: [{ FieldName: 'LanguageCode', NewValue: 'vn' }] },
    staff,
  );
  expect(language.body.StatusCode, JSON.stringify(language.body)).toBe(1);
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
});

describe('the studio’s screens', () => {
  it('creates a screen from nothing with a Vietnamese title, sets options from their groups, publishes, and a Vietnamese user sees it', async () => {
    const page = await signedIn('admin', ADMIN_PASSWORD);
    await page.goto(`${server.url}/studio/screens`);
    await page.getByRole('button', { name: 'New screen' }).click();
    const dialog = page.getByRole('dialog', { name: 'New screen' });

    // Each field says what is wrong under it, as one types: the code here, the rest by the server's rules.
    const code = dialog.getByLabel('Code');
    await code.fill('has space');
    await dialog.getByText('A code is 1 to 64 letters, digits, - or _.').waitFor();
    expect(await code.getAttribute('aria-invalid')).toBe('true');
    await code.fill('products');
    await dialog.getByText('There is a screen with this code already.').waitFor();
    await code.fill('buying');
    const address = dialog.getByLabel('Address');
    await address.fill('/studio/buying');
    await address.blur();
    await dialog.getByText('is a path of the product itself').waitFor();
    await address.fill('/buying/[group]');
    const requestData = dialog.getByLabel('Request data');
    await requestData.fill('{"Status": 1');
    await dialog.getByText('This is not JSON: check the quotes, commas and braces.').waitFor();
    await requestData.fill('{}');
    await dialog.getByLabel('Title in English').fill('Buying list');
    await dialog.getByLabel('Title in Vietnamese').fill('Danh sách mua hàng');
    await dialog.getByLabel('Kind of screen').selectOption('table');
    await dialog.getByLabel('Resource (API name)').fill('Product');
    // The roles that may list the resource may open the screen, unless the creator unticks them.
    expect(await dialog.getByRole('checkbox', { name: 'Staff' }).isChecked()).toBe(true);
    await expect.poll(() => dialog.locator('.invalid-feedback').count()).toBe(0);
    await expectNoAxeViolations(page, '.modal');
    await dialog.getByRole('button', { name: 'Create the screen' }).click();

    // The new screen opens in its editor, in the draft.
    await page.waitForURL(/\/studio\/screens\/buying$/);
    await page.getByRole('heading', { name: 'Buying list' }).waitFor();
    await page
      .getByRole('link', { name: /Buying list/ })
      .getByText('Draft')
      .waitFor();

    // A Vietnamese header for a column, and options from two groups.
    await page.getByLabel('Header of Name in Vietnamese').fill('Tên hàng');
    const skuRow = page.locator('tr', { has: page.getByRole('rowheader', { name: 'Sku', exact: true }) });
    await skuRow.getByRole('button', { name: /^Options/ }).click();
    await page.getByRole('button', { name: /^Visibility/ }).click();
    await page.getByLabel(/^Show the cells/).selectOption('no');
    await skuRow.getByRole('button', { name: /^Options/ }).click();
    const nameRow = page.locator('tr', { has: page.getByRole('rowheader', { name: 'Name', exact: true }) });
    await nameRow.getByRole('button', { name: /^Options/ }).click();
    await page.getByRole('button', { name: /^Styling/ }).click();
    // A wrong value is marked under its field, in words, before anything is saved.
    const colour = page.getByLabel(/^Text colour \(Name\)/);
    await colour.fill('reddish');
    await page.getByText('must be a colour such as #057e38').waitFor();
    await page.getByRole('button', { name: /^Styling\s*Check/ }).waitFor();
    await colour.fill('#b02a37');
    await expect.poll(() => page.getByText('must be a colour such as #057e38').count()).toBe(0);

    // The preview stands beside the editor at 1440 px.
    await page.getByRole('complementary', { name: 'Preview' }).getByLabel('As the role').waitFor();
    await checkPage(page, 'screen-options', '.studio-options-panel');

    // Leaving with unsaved edits asks first; keeping them stays.
    await page
      .getByRole('link', { name: /^Products/ })
      .first()
      .click();
    const ask = page.getByRole('dialog').filter({ hasText: 'Discard your changes?' });
    await ask.getByRole('button', { name: 'Keep editing' }).click();
    expect(page.url()).toMatch(/\/studio\/screens\/buying$/);

    // A button over the table, from the Buttons tab.
    await page.getByRole('tab', { name: 'Buttons' }).click();
    await page.getByRole('button', { name: 'Add a button' }).click();
    await page.getByLabel(/^Text of the button/).fill('Reorder');
    await page.getByLabel(/^Address \(Reorder\)/).fill('/products');
    await page.getByRole('tab', { name: 'Columns' }).click();

    await page.getByRole('button', { name: 'Save to the draft' }).click();
    await page.getByText('Saved to the draft.').first().waitFor();
    await expect
      .poll(async () => page.getByRole('button', { name: 'Save to the draft' }).isDisabled())
      .toBe(true);
    const draft = (await apiCall(server, 'Configuration/Draft', {}, admin)).body.Data;
    expect(draft.Document.screens.buying).toMatchObject({
      title: 'Buying list',
      uiUrl: '/buying/[group]',
      apiName: 'Product',
      columns: { Sku: { more: { canShow: false } }, Name: { more: { color: '#b02a37' } } },
      screenConfig: { Header: { buttonList: [{ title: 'Reorder', link: '/products' }] } },
    });
    expect(draft.Document.roles.staff.grants.buying).toMatchObject({ list: true, edit: false });
    expect(draft.Document.translations.vn.buying).toEqual({
      'Buying list': 'Danh sách mua hàng',
      Name: 'Tên hàng',
    });

    await page.getByRole('button', { name: 'Review and publish' }).click();
    const publish = page.getByRole('dialog');
    await publish.getByLabel('Message').fill('A buying list');
    await publish.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByText(/^Version \d+ is live\.$/).waitFor();

    // What a Vietnamese user sees: the title and header in Vietnamese, the Sku cells empty, the
    // names in the configured colour.
    const buyer = await signedIn('vnbuyer', STAFF_PASSWORD);
    await buyer.goto(`${server.url}/buying/fresh`);
    await buyer.getByRole('columnheader', { name: 'Tên hàng' }).waitFor();
    await buyer.getByText('Danh sách mua hàng').first().waitFor();
    const product = (await apiCall(server, 'Product/List', { Page: 1, PageSize: 1 }, admin)).body.Data
      .Data[0];
    const name = buyer.getByText(product.Name, { exact: true }).first();
    await name.waitFor();
    expect(await name.evaluate((element) => getComputedStyle(element).color)).toBe('rgb(176, 42, 55)');
    expect(await buyer.getByText(product.Sku, { exact: true }).count()).toBe(0);
  }, 240_000);

  it('changes a screen’s code: its texts go with it', async () => {
    const page = await signedIn('admin', ADMIN_PASSWORD);
    await page.goto(`${server.url}/studio/screens/buying`);
    await page.getByRole('button', { name: 'More' }).click();
    await page.getByRole('button', { name: 'Change the code' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('New code').fill('products');
    await dialog.getByText('There is a screen with this code already.').waitFor();
    await dialog.getByLabel('New code').fill('purchases');
    await dialog.getByRole('button', { name: 'Change the code' }).click();
    await page.waitForURL(/\/studio\/screens\/purchases$/);
    const draft = (await apiCall(server, 'Configuration/Draft', {}, admin)).body.Data;
    expect(draft.Document.screens.buying).toBeUndefined();
    expect(draft.Document.screens.purchases.title).toBe('Buying list');
    expect(draft.Document.translations.vn.purchases).toEqual({
      'Buying list': 'Danh sách mua hàng',
      Name: 'Tên hàng',
    });
    expect(draft.Document.translations.vn.buying ?? {}).toEqual({});
    // Who may open it goes with it too.
    expect(draft.Document.roles.staff.grants.purchases).toMatchObject({ list: true });
    expect(draft.Document.roles.staff.grants.buying).toBeUndefined();
    await page.getByRole('tab', { name: 'General' }).click();
    await expect.poll(() => page.getByLabel('Title in Vietnamese').inputValue()).toBe('Danh sách mua hàng');
  }, 120_000);
});
