// The table and cell engine in real Chromium against the built product, on 120 demo products.
import ExcelJS from 'exceljs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, showEveryColumn, signInByApi } from './support/api';
import { expectNoAxeViolations, launchBrowser } from './support/browser';
import { type RunningServer, startServer } from './support/server';
import { signInThroughPage } from './support/sign-in';

const ADMIN_PASSWORD = 'E2e-Table-Password-1';
const PRODUCTS = 120;
let server: RunningServer;
let browser: Browser;
let token = '';

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer(
      { ADMIN_PASSWORD, DEMO_DATA: 'true', DEMO_PRODUCTS: String(PRODUCTS) },
      { database: 'embedded' },
    ),
    launchBrowser(),
  ]);
  token = await signInByApi(server, 'admin', ADMIN_PASSWORD);
  // This suite works on every cell type: every column shown, beyond the screen's default ones.
  await showEveryColumn(server, token, 'products', 'Product');
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A signed-in page on the products screen, its rows drawn. */
async function productsPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, acceptDownloads: true });
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

const cell = (page: Page, id: number, field: string): Locator =>
  page.locator(`tr[data-row-id="${id}"] td[data-field="${field}"]`);
const range = (page: Page) => page.locator('.table-range');
const detail = async (id: number) => (await apiCall(server, 'Product/Detail', { Id: id }, token)).body.Data;

/** Opens a cell's editor, types the value and presses Enter. */
async function editCell(page: Page, id: number, field: string, value: string) {
  const target = cell(page, id, field);
  await target.getByRole('button', { name: /^Edit / }).click();
  const input = target.getByRole('textbox');
  await input.fill(value);
  await input.press('Enter');
}

const today = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

describe('the products table', () => {
  it('shows the first page with the range text and passes an accessibility check', async () => {
    const page = await productsPage();
    await expect.poll(() => range(page).textContent()).toBe(`Showing rows 1 to 50 of ${PRODUCTS}`);
    expect(await page.getByRole('heading', { name: 'Products' }).count()).toBe(1);
    // Virtualised: far fewer row elements than the 50 rows of the page.
    expect(await page.locator('tr[data-row-id]').count()).toBeLessThan(40);
    await expectNoAxeViolations(page);
    await page.context().close();
  });

  it('edits a cell and the value persists after a reload', async () => {
    const page = await productsPage();
    await editCell(page, 2, 'Name', 'Edited in the browser');
    await expect.poll(() => cell(page, 2, 'Name').getAttribute('aria-busy')).toBeNull();
    expect(await cell(page, 2, 'Name').textContent()).toBe('Edited in the browser');
    await page.reload();
    await cell(page, 2, 'Name').getByText('Edited in the browser').waitFor();
    expect((await detail(2)).Name).toBe('Edited in the browser');
    await page.context().close();
  });

  it('shows a server validation error on the cell, keeps the editor, and saves once it is fixed', async () => {
    const page = await productsPage();
    const price = cell(page, 3, 'Price');
    await editCell(page, 3, 'Price', '2000000');
    await price.getByRole('alert').getByText('Price: must be at most 1000000').waitFor();
    // A refusal is not retried as it is (see table-grid.e2e.ts); the editor stays open for a fix.
    expect(await price.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    const input = price.getByRole('textbox');
    await input.fill('99,5');
    await input.press('Enter');
    await expect.poll(() => price.getByRole('alert').count()).toBe(0);
    await expect.poll(() => price.textContent()).toBe('99,50');
    expect((await detail(3)).Price).toBe(99.5);
    await page.context().close();
  });

  it('refuses a stale write: the row changed on the server after the page loaded it', async () => {
    const page = await productsPage();
    const loaded = await detail(10);
    const elsewhere = await apiCall(
      server,
      'Product/UpdateFields',
      {
        Id: 10,
        Values: [{ FieldName: 'Name', NewValue: 'Changed elsewhere' }],
        IM_ReturnTime: loaded.IM_ReturnTime,
      },
      token,
    );
    expect(elsewhere.body.StatusCode).toBe(1);
    await editCell(page, 10, 'Name', 'My stale change');
    await cell(page, 10, 'Name')
      .getByRole('alert')
      .getByText(/was changed by .* after you loaded it/)
      .waitFor();
    expect((await detail(10)).Name).toBe('Changed elsewhere');
    await page.context().close();
  });

  it('filters by a date preset, shown DD/MM/YYYY - DD/MM/YYYY', async () => {
    const row = await detail(15);
    await apiCall(
      server,
      'Product/UpdateFields',
      { Id: 15, Values: [{ FieldName: 'ReleaseDate', NewValue: today() }], IM_ReturnTime: row.IM_ReturnTime },
      token,
    );
    const page = await productsPage();
    const filters = page.getByRole('search', { name: 'Filters' });
    await filters.getByRole('button', { name: /^More filters/ }).click();
    await filters.getByRole('button', { name: /^Released/ }).click();
    await page.getByRole('button', { name: 'Today', exact: true }).click();
    await expect.poll(() => range(page).textContent()).toBe('Showing rows 1 to 1 of 1');
    await page.locator('tr[data-row-id="15"]').waitFor();
    const [y, m, d] = today().split('-');
    expect(await filters.getByRole('button', { name: /^Released/ }).textContent()).toBe(
      `${d}/${m}/${y} - ${d}/${m}/${y}`,
    );
    await page.context().close();
  });

  it('sorts on the server by a header, pages, and keeps a new page size after a reload', async () => {
    const page = await productsPage();
    const sorted = await apiCall(
      server,
      'Product/List',
      { PageSize: 1, Sorts: [{ Field: 'Price', Dir: 'desc' }] },
      token,
    );
    const top = sorted.body.Data.Data[0];
    const priceHeader = page.locator('th[data-field="Price"] button');
    await priceHeader.click();
    await expect
      .poll(() => page.locator('th[data-field="Price"]').getAttribute('aria-sort'))
      .toBe('ascending');
    await priceHeader.click();
    await expect
      .poll(() => page.locator('th[data-field="Price"]').getAttribute('aria-sort'))
      .toBe('descending');
    await expect
      .poll(() => page.locator('tr[data-row-id]').first().getAttribute('data-row-id'))
      .toBe(String(top.Id));

    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect.poll(() => range(page).textContent()).toBe(`Showing rows 51 to 100 of ${PRODUCTS}`);

    await page.getByLabel('Rows per page').selectOption('20');
    await expect.poll(() => range(page).textContent()).toBe(`Showing rows 1 to 20 of ${PRODUCTS}`);
    await page.reload();
    await expect.poll(() => range(page).textContent()).toBe(`Showing rows 1 to 20 of ${PRODUCTS}`);
    expect(await page.evaluate(() => localStorage.getItem('products-config'))).toBe('{"sizePerPage":20}');
    await page.context().close();
  });

  it('expands a row', async () => {
    const page = await productsPage();
    await page.getByRole('button', { name: 'Show details of row 3' }).click();
    const expansion = page.locator('[data-expansion-of="3"]');
    await expansion.getByText('A sturdy item, number 3', { exact: false }).waitFor();
    expect(await expansion.textContent()).toContain('Attributes');
    await page.getByRole('button', { name: 'Hide details of row 3' }).click();
    await expansion.waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('asks for confirmation before a configured change, and opens a modal', async () => {
    const page = await productsPage();
    await cell(page, 4, 'IsFeatured').getByRole('switch').click();
    const confirm = page.getByRole('dialog', { name: 'Featured product' });
    await confirm.getByText(/Change whether .* is featured\?/).waitFor();
    // The page behind was checked whole by the first test; here only the dialogs.
    await expectNoAxeViolations(page, '[role="dialog"]');
    await confirm.getByRole('button', { name: 'OK' }).click();
    await expect.poll(async () => (await detail(4)).IsFeatured).toBe(true);
    expect(await cell(page, 4, 'IsFeatured').getByRole('switch').isChecked()).toBe(true);

    // Notes: a cell-in-modal with the product's name as its title; the full HTML shows there.
    await cell(page, 5, 'NotesHtml').getByRole('button').click();
    const name = (await detail(5)).Name as string;
    const modal = page.getByRole('dialog', { name });
    await modal.locator('strong', { hasText: 'Note' }).waitFor();
    await expectNoAxeViolations(page, '[role="dialog"]');
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });

    // The details action: an api check (Product/CheckDetails) before a component modal.
    await page.getByRole('button', { name: 'Actions of row 6' }).click();
    await page.getByRole('button', { name: 'Details', exact: true }).click();
    await page.getByRole('dialog', { name: 'Product SKU-000006' }).getByText('SKU-000006').first().waitFor();
    await page.getByRole('button', { name: 'Close' }).click();
    await page.context().close();
  });

  it('asks before deleting with the record named and a red Delete button, and deletes it', async () => {
    // A product of its own, so that the other tests keep their rows (the export counts them all).
    const name = 'Lamp to delete';
    const added = await apiCall(server, 'Product/AddNew', { Name: name, Sku: 'DEL-1', Price: 5 }, token);
    const id = Number(added.body.Data?.Id);
    expect(id).toBeGreaterThan(0);
    const page = await productsPage();
    await page.getByRole('search', { name: 'Filters' }).getByLabel('Search').fill(name);
    await page.locator(`tr[data-row-id="${id}"]`).waitFor();
    await page
      .locator(`tr[data-row-id="${id}"]`)
      .getByRole('button', { name: /^Delete row/ })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`Delete “${name}”? This cannot be undone.`).waitFor();
    const confirm = dialog.getByRole('button', { name: 'Delete', exact: true });
    expect(await confirm.getAttribute('class')).toContain('btn-danger');
    await expectNoAxeViolations(page, '[role="dialog"]');
    await confirm.click();
    await expect
      .poll(async () => (await apiCall(server, 'Product/Detail', { Id: id }, token)).body.StatusCode)
      .not.toBe(1);
    await page.context().close();
  });

  it('runs a configured action call and shows its message and the re-read row', async () => {
    const page = await productsPage();
    const before = (await detail(7)).Quantity as number;
    await cell(page, 7, 'UI_Restock').getByRole('button', { name: 'Restock +10' }).click();
    await page.getByText(/^Restocked .*: \d+ in stock\.$/).waitFor();
    await expect.poll(() => cell(page, 7, 'Quantity').textContent()).toBe(String(before + 10));
    expect((await detail(7)).Quantity).toBe(before + 10);
    await page.context().close();
  });

  it('opens the lightbox on a photo: zoom, pan, Escape resets then closes', async () => {
    const page = await productsPage();
    await cell(page, 4, 'Photo')
      .getByRole('button', { name: /Open photo 1/ })
      .click();
    const viewer = page.getByRole('dialog', { name: 'Image viewer' });
    await viewer.waitFor();
    const image = viewer.getByRole('img');
    await viewer.getByRole('button', { name: 'Zoom in' }).click();
    await page.keyboard.press('ArrowRight');
    expect(await image.getAttribute('data-zoom')).toBe('1.3');
    expect(await image.getAttribute('data-offset')).toBe('20,0');
    await image.dblclick();
    expect(await image.getAttribute('data-zoom')).toBe('1');
    await image.dblclick();
    expect(await image.getAttribute('data-zoom')).toBe('4');
    await page.keyboard.press('Escape');
    expect(await image.getAttribute('data-zoom')).toBe('1');
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('exports the list to xlsx, and the file reads back', async () => {
    const page = await productsPage();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Products-.*\.xlsx$/);
    const path = await download.path();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('the workbook has no sheet');
    expect(sheet.rowCount).toBe(PRODUCTS + 1);
    const headers = (sheet.getRow(1).values as unknown[]).filter(Boolean);
    expect(headers).toEqual(expect.arrayContaining(['ID', 'SKU', 'Name', 'Price']));
    expect(sheet.getRow(2).getCell(2).value).toBe('SKU-000001');
    await page.context().close();
  });

  it('shows the card variants: a grid of 5 cards to a line, and a list', async () => {
    for (const [code, type] of [
      ['product-cards', 'table_grid_card'],
      ['product-list', 'table_list'],
    ] as const) {
      const saved = await apiCall(
        server,
        'ConfigMenu/SaveScreen',
        { ScreenCode: code, Title: code, UIUrl: `/data/${code}`, UIType: type, APIName: 'Product' },
        token,
      );
      expect(saved.body.StatusCode).toBe(1);
    }
    await apiCall(server, 'Cache/Refresh', { Id: 'ALL' }, token);
    const page = await productsPage();
    await page.goto(`${server.url}/data/product-cards`);
    const line = page.locator('.card-views-line').first();
    await line.locator('article[data-row-id]').first().waitFor();
    expect(await line.locator('article.card').count()).toBe(5);
    await expectNoAxeViolations(page);
    await page.goto(`${server.url}/data/product-list`);
    await page.locator('article.row-list-item').first().waitFor();
    expect(await page.locator('article.card').count()).toBe(0);
    await page.context().close();
  });
});

describe('table headers', () => {
  /** Header words drawn on more than one line: a word broken inside ("Administra / tor"). */
  const brokenHeaderWords = (page: Page) =>
    page.evaluate(() => {
      const broken: string[] = [];
      for (const header of Array.from(document.querySelectorAll('.data-grid thead th'))) {
        const walker = document.createTreeWalker(header, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if ((node.parentElement as HTMLElement).closest('.visually-hidden')) continue;
          const text = node.textContent ?? '';
          for (const match of text.matchAll(/\S+/g)) {
            const range = document.createRange();
            range.setStart(node, match.index);
            range.setEnd(node, match.index + match[0].length);
            const lines = new Set(Array.from(range.getClientRects()).map((rect) => Math.round(rect.top)));
            if (lines.size > 1) broken.push(match[0]);
          }
        }
      }
      return broken;
    });

  for (const width of [390, 1440]) {
    it(`never breaks a header word across lines, on products and roles (${width} px)`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      await signInThroughPage(context, server, 'admin', ADMIN_PASSWORD);
      const page = await context.newPage();
      for (const path of ['/data/products', '/admin/roles']) {
        await page.goto(`${server.url}${path}`);
        await page.locator('tr[data-row-id]').first().waitFor();
        expect(await brokenHeaderWords(page), path).toEqual([]);
      }
      await context.close();
    });
  }
});
