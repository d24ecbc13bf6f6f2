// The studio's Collections page (issue 23) in real Chromium: an administrator makes "Customers" with
// a text, an e-mail, a money field and a relation to Categories, publishes it from the draft bar,
// Customers is in the menu, and a customer is added whose category is found by typing in the lookup
// (its cell then links to the category), and the table is filtered by a category typed into its filter;
// the category's detail lists its customers, where one is added and one edited; dropping a field that
// holds values asks for its name to be typed before the publish goes. axe finds nothing on the page at 390 and 1440 px, nor in the dialog.
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, signInByApi } from './support/api';
import { expectNoAxeViolations, launchBrowser } from './support/browser';
import { type RunningServer, startServer } from './support/server';
import { signInThroughPage } from './support/sign-in';

const ADMIN_PASSWORD = 'Collections-Admin-Password-3';
const SCREENS = resolve(import.meta.dirname, '..', 'docs', 'screens');

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let admin = '';
/** The category the first customer is given (by typing in the lookup). */
let category: { Id: number; Name: string; Code: string };

/** axe at both widths; with STUDIO_SCREENSHOTS=1 the page's screenshots, light and dark, in docs/screens. */
async function axeAtBothWidths(name: string) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await expectNoAxeViolations(page);
    if (!process.env.STUDIO_SCREENSHOTS) continue;
    for (const theme of ['light', 'dark']) {
      await page.evaluate((value) => document.documentElement.setAttribute('data-bs-theme', value), theme);
      await page.screenshot({ path: join(SCREENS, `studio-${name}-${width}-${theme}.png`), fullPage: true });
    }
    await page.evaluate(() => document.documentElement.removeAttribute('data-bs-theme'));
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** Publishes the draft from the draft bar, typing the names it asks for. */
async function publishThroughDialog(message: string, confirm: string[] = []) {
  // The draft's toast sits over the draft bar at the top right: closed by its button.
  const toasts = page.locator('.Toastify__toast');
  if (await toasts.count()) {
    await toasts.first().locator('.Toastify__close-button').dispatchEvent('click');
    await expect.poll(() => toasts.count(), { timeout: 10_000 }).toBe(0);
  }
  await page.getByRole('button', { name: 'Review and publish' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Message').fill(message);
  const publish = dialog.getByRole('button', { name: 'Publish', exact: true });
  for (const name of confirm) {
    const box = dialog.getByPlaceholder(name, { exact: true });
    await box.waitFor();
    expect(await publish.isDisabled()).toBe(true);
    await expectNoAxeViolations(page, '.modal');
    await box.fill(name);
  }
  await expect.poll(() => publish.isEnabled()).toBe(true);
  await publish.click();
  await dialog.waitFor({ state: 'detached' });
}

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ ADMIN_PASSWORD, DEMO_DATA: 'true', DEMO_PRODUCTS: '5' }),
    launchBrowser(),
  ]);
  admin = await signInByApi(server, 'admin', ADMIN_PASSWORD);
  context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await signInThroughPage(context, server, 'admin', ADMIN_PASSWORD);
  page = await context.newPage();
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

describe('the studio’s collections', () => {
  it('makes Customers with its fields, publishes it, and serves its table from the menu', async () => {
    await page.goto(`${server.url}/studio/collections`);
    await page.getByText('No collections yet.').waitFor();
    await axeAtBothWidths('collections-empty');

    await page.getByRole('button', { name: 'New collection' }).click();
    await page.getByLabel('Title (English)').fill('Customers');
    expect(await page.getByLabel('API name').inputValue()).toBe('Customer');
    await page.getByLabel('Title (Vietnamese)').fill('Khách hàng');
    const fields = page.locator('.studio-field');
    const addField = async (name: string, type: string) => {
      await page.getByRole('button', { name: 'Add field' }).click();
      const field = fields.last();
      await field.getByLabel('Name', { exact: true }).fill(name);
      await field.getByLabel('Type', { exact: true }).selectOption({ label: type });
      return field;
    };
    await addField('Email', 'E-mail');
    await addField('Balance', 'Money');
    const relation = await addField('Category', 'Relation');
    await relation.getByLabel('Other side').selectOption('Category');
    await relation.getByText('More options of Category').click();
    await relation.getByLabel('Shown as').fill('{Name} ({Code})');
    await axeAtBothWidths('collections');
    await page.getByRole('button', { name: 'Save to draft' }).click();
    await page.getByRole('button', { name: /Customers/ }).waitFor();
    await publishThroughDialog('Customers');

    const live = (await apiCall(server, 'Configuration/Export', {}, admin)).body.Data;
    expect(live.Collections[0].Fields.map((f: { Name: string }) => f.Name)).toEqual([
      'Name',
      'Email',
      'Balance',
      'Category',
    ]);
    const categories = await apiCall(server, 'Category/List', { Page: 1, PageSize: 50 }, admin);
    category = categories.body.Data.Data.at(-1) as { Id: number; Name: string; Code: string };

    await page.goto(`${server.url}/home`);
    await page.locator('#app-sidebar').getByRole('link', { name: 'Customers' }).click();
    await page.waitForURL(/\/c\/customer/);
    // Add a customer whose category is found by typing: the lookup asks the server as one types.
    await page.getByRole('button', { name: 'Add new' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add new' });
    await dialog.getByLabel('Name').fill('Ada Lovelace');
    await dialog.getByLabel('Email').fill('ada@example.com');
    const lookup = dialog.getByRole('combobox', { name: 'Category' });
    const searched = page.waitForResponse((response) => response.url().endsWith('/Customer/Lookup'));
    await lookup.fill(category.Name.slice(0, 3));
    expect((await searched).status()).toBe(200);
    const option = dialog.getByRole('option', { name: `${category.Name} (${category.Code})` });
    await option.waitFor();
    await expectNoAxeViolations(page, '.modal');
    await option.click();
    expect(await lookup.inputValue()).toBe(`${category.Name} (${category.Code})`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Ada Lovelace').waitFor();
    const saved = await apiCall(server, 'Customer/List', { Page: 1, PageSize: 5 }, admin);
    expect(saved.body.Data.Data[0]).toMatchObject({ Name: 'Ada Lovelace', Category: category.Id });
    // Its cell shows the category as the display template reads, and links to that category.
    const categoryLink = page
      .locator(`tr[data-row-id="${saved.body.Data.Data[0].Id}"] td[data-field="Category"]`)
      .getByRole('link', { name: `${category.Name} (${category.Code})` });
    expect(await categoryLink.getAttribute('href')).toBe(`/data/categories?id=${category.Id}`);

    // Filtered by its category, found by typing in the filter bar (never a list loaded whole): the
    // address keeps the category's id, and after a reload the filter shows its text again.
    const shown = `${category.Name} (${category.Code})`;
    const filters = page.getByRole('search', { name: 'Filters' });
    const filterLookup = filters.getByRole('combobox', { name: 'Category' });
    const filterSearched = page.waitForResponse(
      (response) =>
        response.url().endsWith('/Customer/Lookup') &&
        (response.request().postData() ?? '').includes(`"Search":"${category.Name.slice(0, 3)}"`),
    );
    await filterLookup.fill(category.Name.slice(0, 3));
    expect((await filterSearched).status()).toBe(200);
    const filterOption = filters.getByRole('option', { name: shown });
    await filterOption.waitFor();
    await expectNoAxeViolations(page);
    const filtered = page.waitForRequest(
      (request) =>
        request.url().endsWith('/Customer/List') &&
        (request.postData() ?? '').includes(
          `{"FieldName":"Category","Type":"select","Value":${category.Id}}`,
        ),
    );
    await filterOption.click();
    await filtered;
    await page.waitForURL(new RegExp(`fj\\.Category=${category.Id}(&|$)`));
    await filters.getByRole('list', { name: 'Active filters' }).getByText(`Category: ${shown}`).waitFor();
    await page.reload();
    await page.getByText('Ada Lovelace').waitFor();
    await expect
      .poll(() =>
        page
          .getByRole('search', { name: 'Filters' })
          .getByRole('combobox', { name: 'Category' })
          .inputValue(),
      )
      .toBe(shown);
  }, 240_000);

  it('lists the category’s customers in its detail, where customers are added and edited', async () => {
    await page.goto(`${server.url}/data/categories`);
    const row = page.locator(`tr[data-row-id="${category.Id}"]`);
    await row.getByRole('button', { name: `Show details of row ${category.Id}` }).click();
    const customers = page
      .locator(`tr[data-expansion-of="${category.Id}"]`)
      .getByRole('region', { name: 'Customers' });
    await customers.getByText('Ada Lovelace').waitFor();
    await axeAtBothWidths('collections-related');
    if (process.env.RELATED_SCREENSHOT) {
      await customers.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${process.env.RELATED_SCREENSHOT}-1440.png` });
      await page.setViewportSize({ width: 390, height: 844 });
      await customers.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${process.env.RELATED_SCREENSHOT}-390.png` });
      await page.setViewportSize({ width: 1440, height: 900 });
    }

    // Added there, the customer points at the category: the form does not even ask for it.
    await customers.getByRole('button', { name: 'Add new' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add new' });
    await dialog.getByLabel('Name').fill('Grace Hopper');
    expect(await dialog.getByRole('combobox', { name: 'Category' }).count()).toBe(0);
    await expectNoAxeViolations(page, '.modal');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await customers.getByText('Grace Hopper').waitFor();
    const listed = async () =>
      (
        await apiCall(
          server,
          'Customer/List',
          { Page: 1, PageSize: 50, RequestData: { Category: category.Id } },
          admin,
        )
      ).body.Data.Data as { Id: number; Name: string; Category: number }[];
    const grace = (await listed()).find((customer) => customer.Name === 'Grace Hopper');
    expect(grace?.Category).toBe(category.Id);

    // Edited in place, in the category's detail.
    const name = customers.locator(`tr[data-row-id="${grace?.Id}"] td[data-field="Name"]`);
    await name.getByRole('button', { name: /^Edit / }).click();
    const input = name.getByRole('textbox');
    await input.fill('Grace Brewster Hopper');
    await input.press('Enter');
    await customers.getByText('Grace Brewster Hopper').waitFor();
    await expect
      .poll(async () => (await listed()).map((customer) => customer.Name).sort())
      .toEqual(['Ada Lovelace', 'Grace Brewster Hopper']);
  }, 240_000);

  it('asks for the name of a field whose values a publish would delete', async () => {
    await page.goto(`${server.url}/studio/collections`);
    await page.getByRole('button', { name: /Customers/ }).click();
    await page.getByRole('button', { name: 'Remove Email' }).click();
    await page.getByRole('button', { name: 'Save to draft' }).click();
    await page.getByText('Draft: 1 change').waitFor();
    await publishThroughDialog('Customers without e-mail', ['Customer.Email']);
    const list = await apiCall(server, 'Customer/List', { Page: 1, PageSize: 5 }, admin);
    const ada = list.body.Data.Data.find((row: { Name: string }) => row.Name === 'Ada Lovelace');
    expect(ada).toBeDefined();
    expect(ada).not.toHaveProperty('Email');
  }, 240_000);
});
