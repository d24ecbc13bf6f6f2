// Import and bulk actions on the products table, in real Chromium against the built product.
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, saveSettings, signInByApi } from './support/api';
import { expectNoAxeViolations, launchBrowser } from './support/browser';
import { type RunningServer, startServer } from './support/server';

const ADMIN_PASSWORD = 'E2e-Import-Password-1';
const PRODUCTS = 120;
let server: RunningServer;
let browser: Browser;
let token = '';

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ ADMIN_PASSWORD, DEMO_DATA: 'true', DEMO_PRODUCTS: String(PRODUCTS) }),
    launchBrowser(),
  ]);
  token = await signInByApi(server, 'admin', ADMIN_PASSWORD);
  // The live stream (hasSignalR) is left off, as it is by default, until the last test.
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function productsPage(width = 1440): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(`${server.url}/home`);
  await page.goto(`${server.url}/data/products`);
  await page.locator('tr[data-row-id]').first().waitFor();
  return page;
}

/** 1,000 products, three of them bad: no name, a price that is no number, a negative quantity. */
function thousandRows(): string {
  const lines = ['SKU,Name,Price,Quantity,Released'];
  for (let i = 1; i <= 1000; i++) {
    const name = i === 100 ? '' : `Imported ${i}`;
    const price = i === 500 ? 'cheap' : `"${(1000 + i).toLocaleString('en')}.25"`;
    const quantity = i === 900 ? '-4' : String(i);
    lines.push(`E2E-${i},${name},${price},${quantity},05-Mar24`);
  }
  return lines.join('\n');
}

describe('import and bulk actions on the products table', () => {
  it('imports a 1,000-row CSV with 3 bad rows in skip mode, shows the progress, and hands back the refused rows', async () => {
    const page = await productsPage();
    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('CSV or Excel file').setInputFiles({
      name: 'products.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(thousandRows()),
    });
    await dialog.getByLabel('Rows with errors').selectOption('skip');
    await dialog.getByRole('button', { name: 'Check' }).click();
    await dialog.getByText('997 rows can be imported; 3 have errors.').waitFor();
    // The mapping was guessed from the headers, and the preview shows the file's first rows.
    expect(await dialog.getByLabel('Field for column Price').inputValue()).toBe('Price');
    expect(await dialog.locator('.import-errors li').allTextContents()).toEqual([
      'Row 100 · Name: is required',
      'Row 500 · Price: cheap is not a number',
      'Row 900 · Quantity: must be at least 0',
    ]);
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await dialog.getByText('Imported: 997; refused: 3.').waitFor({ timeout: 60_000 });
    await page.screenshot({ path: '/tmp/import-done.png' });
    // The progress, without the live stream (the dialog asked ImportProgress), to the last row.
    await dialog.locator('[aria-label="Import progress"][aria-valuenow="100"]').waitFor({ timeout: 20_000 });
    await dialog.getByText('Rows read: 1.000 of 1.000').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('link', { name: 'Download the refused rows' }).click(),
    ]);
    const refused = (await readFile(await download.path(), 'utf8'))
      .replace(/^\ufeff/, '')
      .trim()
      .split(/\r?\n/);
    expect(refused).toEqual([
      'SKU,Name,Price,Quantity,Released,Reason',
      'E2E-100,,"1,100.25",100,05-Mar24,Name: is required',
      'E2E-500,Imported 500,cheap,500,05-Mar24,Price: cheap is not a number',
      'E2E-900,Imported 900,"1,900.25",-4,05-Mar24,Quantity: must be at least 0',
    ]);
    const listed = await apiCall(server, 'Product/List', { PageSize: 1, TextSearch: 'E2E-' }, token);
    expect(listed.body.Data.Total).toBe(997);
    const [one] = (await apiCall(server, 'Product/List', { PageSize: 1, TextSearch: 'E2E-1234' }, token)).body
      .Data.Data;
    expect(one).toBeUndefined();
    await page.context().close();
  }, 150_000);

  it('selects 10 rows with a Shift-click and sets a field for all of them', async () => {
    const page = await productsPage();
    await page.getByLabel('Select row 1', { exact: true }).click();
    await page.getByLabel('Select row 10', { exact: true }).click({ modifiers: ['Shift'] });
    const bar = page.getByRole('region', { name: 'Selected rows' });
    await bar.getByText('10 selected').waitFor();
    await bar.getByLabel('Field to set').selectOption('Quantity');
    await bar.getByLabel('New value').fill('55');
    await expectNoAxeViolations(page);
    await bar.getByRole('button', { name: 'Apply to 10 rows' }).click();
    await page.getByText('Changed: 10.').waitFor();
    for (const id of [1, 5, 10]) {
      expect((await apiCall(server, 'Product/Detail', { Id: id }, token)).body.Data.Quantity).toBe(55);
    }
    expect((await apiCall(server, 'Product/Detail', { Id: 11 }, token)).body.Data.Quantity).not.toBe(55);
    await page.context().close();
  });

  it('selects all rows matching a search, beyond the page, and exports them', async () => {
    const page = await productsPage();
    // The products imported above: more of them match than a page holds.
    const matching = (await apiCall(server, 'Product/List', { PageSize: 1, TextSearch: 'Imported 1' }, token))
      .body.Data.Total as number;
    expect(matching).toBeGreaterThan(50);
    await page.getByRole('search', { name: 'Filters' }).getByLabel('Search').fill('Imported 1');
    await expect.poll(() => page.locator('.table-range').textContent()).toContain(`of ${matching}`);
    await page.getByLabel('Select the rows of this page').check();
    const bar = page.getByRole('region', { name: 'Selected rows' });
    await bar.getByRole('button', { name: `Select all ${matching} rows matching` }).click();
    await bar.getByText(`${matching} selected`).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      bar.getByRole('button', { name: 'Export selection' }).click(),
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    expect(workbook.worksheets[0]?.rowCount).toBe(matching + 1);
    await page.context().close();
  });

  it('exports only the rows chosen one by one', async () => {
    const page = await productsPage();
    for (const id of [4, 2, 6]) await page.getByLabel(`Select row ${id}`, { exact: true }).click();
    const bar = page.getByRole('region', { name: 'Selected rows' });
    await bar.getByText('3 selected').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      bar.getByRole('button', { name: 'Export selection' }).click(),
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('the export has no sheet');
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const id = header.indexOf('ID') + 1;
    const ids: unknown[] = [];
    for (let row = 2; row <= sheet.rowCount; row++) ids.push(sheet.getRow(row).getCell(id).value);
    expect(ids.map(Number)).toEqual([2, 4, 6]);
    await page.context().close();
  });

  it('keeps the bulk bar and the import dialog usable at 390 px, the progress coming over the live stream', async () => {
    await saveSettings(server, token, { hasSignalR: true });
    const page = await productsPage(390);
    await page.getByLabel('Select row 2', { exact: true }).click();
    await page.getByRole('region', { name: 'Selected rows' }).getByText('1 selected').waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('CSV or Excel file').setInputFiles({
      name: 'three.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('SKU,Name\nE2E-L1,Live one\nE2E-L2,Live two\nE2E-L3,Live three\n'),
    });
    await dialog.getByRole('button', { name: 'Check' }).click();
    await dialog.getByText('3 rows can be imported; 0 have errors.').waitFor();
    await dialog.getByText('Rows read: 3 of 3').waitFor({ timeout: 20_000 });
    await expectNoAxeViolations(page);
    await page.screenshot({ path: '/tmp/import-390.png' });
    await page.context().close();
  });
});
