// The table as a grid in real Chromium against the built product (issue 9, items 3, 5, 12, 13 and 14):
// refused edits never shown as saved, the table's state in the address, keyboard movement in the
// grid, the rows after Add new, and the grid's polish.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, showEveryColumn, signInByApi } from './support/api';
import { expectNoAxeViolations, launchBrowser } from './support/browser';
import { type RunningServer, startServer } from './support/server';
import { signInThroughPage } from './support/sign-in';

const ADMIN_PASSWORD = 'E2e-Grid-Password-1';
const PRODUCTS = 120;
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let token = '';

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ ADMIN_PASSWORD, DEMO_DATA: 'true', DEMO_PRODUCTS: String(PRODUCTS) }),
    launchBrowser(),
  ]);
  token = await signInByApi(server, 'admin', ADMIN_PASSWORD);
  context = await browser.newContext({ viewport: DESKTOP, locale: 'en-US', timezoneId: 'UTC' });
  await signInThroughPage(context, server, 'admin', ADMIN_PASSWORD);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function open(path: string, viewport = DESKTOP): Promise<Page> {
  const page = await context.newPage();
  await page.setViewportSize(viewport);
  await page.goto(`${server.url}${path}`);
  return page;
}

async function productsPage(query = '', viewport = DESKTOP): Promise<Page> {
  // This suite works on every cell type: every column shown, beyond the screen's default ones.
  await showEveryColumn(server, token, 'products', 'Product');
  const page = await open(`/data/products${query}`, viewport);
  await page.locator('tr[data-row-id]').first().waitFor();
  return page;
}

const cell = (page: Page, id: number, field: string): Locator =>
  page.locator(`tr[data-row-id="${id}"] td[data-field="${field}"]`);
const range = (page: Page) => page.locator('.table-range');
const firstRowId = (page: Page) => page.locator('tr[data-row-id]').first().getAttribute('data-row-id');
const detail = async (id: number) => (await apiCall(server, 'Product/Detail', { Id: id }, token)).body.Data;
const query = (page: Page) => new URL(page.url()).searchParams;

/** The calls a page made to one API, as they leave the browser. */
function watchCalls(page: Page, api: string): unknown[] {
  const bodies: unknown[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith(`/api/v1/${api}`)) bodies.push(request.postDataJSON());
  });
  return bodies;
}

describe('an inline edit the server refuses (item 3)', () => {
  it('keeps the editor open with the typed value and the message, never shows it as saved, and does not resend it unchanged', async () => {
    const page = await productsPage();
    const updates = watchCalls(page, 'Product/UpdateFields');
    const saved = (await detail(3)).Price as number;
    const price = cell(page, 3, 'Price');
    const shown = (await price.textContent()) ?? '';
    await price.getByRole('button', { name: /^Edit Price/ }).click();
    const input = price.getByRole('textbox', { name: 'Price' });
    await input.fill('2000000');
    await input.press('Enter');
    await price.getByRole('alert').getByText('Price: must be at most 1000000').waitFor();
    // The editor is still there, with what was typed, marked invalid and pointing at the message.
    expect(await input.inputValue()).toBe('2000000');
    expect(await input.getAttribute('aria-invalid')).toBe('true');
    expect(await input.evaluate((el) => document.activeElement === el)).toBe(true);
    // Nothing shows the refused value as the cell's value, and a refusal offers no Retry.
    expect(await price.locator('.cell-edit-trigger').count()).toBe(0);
    expect(await price.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    await expectNoAxeViolations(page, 'tbody');

    // The same value again (Enter, then leaving the field) is not sent again.
    await input.press('Enter');
    await input.blur();
    await price.getByRole('alert').waitFor();
    expect(updates).toHaveLength(1);

    // Escape gives up: the saved value is back, the server still holds it.
    await input.focus();
    await input.press('Escape');
    await price.getByRole('alert').waitFor({ state: 'detached' });
    expect(await price.textContent()).toBe(shown);
    expect((await detail(3)).Price).toBe(saved);
    // The focus goes back to the cell, not to the page.
    expect(await price.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.close();
  });

  it('sends a changed value after a refusal and shows it once the server took it', async () => {
    const page = await productsPage();
    const price = cell(page, 5, 'Price');
    await price.getByRole('button', { name: /^Edit Price/ }).click();
    const input = price.getByRole('textbox', { name: 'Price' });
    await input.fill('2000000');
    await input.press('Enter');
    await price.getByRole('alert').waitFor();
    await input.fill('77,5');
    await input.press('Enter');
    await price.getByRole('alert').waitFor({ state: 'detached' });
    await expect.poll(() => price.textContent()).toBe('77,50');
    expect((await detail(5)).Price).toBe(77.5);
    await page.close();
  });

  it('offers Retry after a network failure, and Retry sends the same value again', async () => {
    const page = await productsPage();
    const updates = watchCalls(page, 'Product/UpdateFields');
    await page.route('**/api/v1/Product/UpdateFields', (route) => route.abort('internetdisconnected'));
    const quantity = cell(page, 6, 'Quantity');
    await quantity.getByRole('button', { name: /^Edit Quantity/ }).click();
    const input = quantity.getByRole('textbox', { name: 'Quantity' });
    await input.fill('321');
    await input.press('Enter');
    const retry = quantity.getByRole('button', { name: 'Retry' });
    await retry.waitFor();
    expect((await detail(6)).Quantity).not.toBe(321);
    await page.unroute('**/api/v1/Product/UpdateFields');
    await retry.click();
    await quantity.getByRole('alert').waitFor({ state: 'detached' });
    await expect.poll(async () => (await detail(6)).Quantity).toBe(321);
    expect(updates).toHaveLength(2);
    await page.close();
  });

  it('a refused switch keeps showing the saved state', async () => {
    const page = await productsPage();
    // A refusal the server makes for any row: the row changed elsewhere after the page loaded it.
    const loaded = await detail(8);
    await apiCall(
      server,
      'Product/UpdateFields',
      {
        Id: 8,
        Values: [{ FieldName: 'Name', NewValue: 'Changed elsewhere 8' }],
        IM_ReturnTime: loaded.IM_ReturnTime,
      },
      token,
    );
    const active = cell(page, 8, 'IsActive').getByRole('checkbox');
    const before = await active.isChecked();
    await active.click();
    await cell(page, 8, 'IsActive')
      .getByRole('alert')
      .getByText(/was changed by .* after you loaded it/)
      .waitFor();
    expect(await active.isChecked()).toBe(before);
    expect((await detail(8)).IsActive).toBe(before);
    await page.close();
  });
});

describe('the table in the address (item 13)', () => {
  it('keeps search, sort, page and page size in the address: reload, back and forward, and a shared link', async () => {
    const page = await productsPage();
    await page.getByRole('search', { name: 'Filters' }).getByLabel('Search').fill('Alpine');
    await expect.poll(() => query(page).get('q')).toBe('Alpine');
    await expect.poll(() => range(page).textContent()).toBe('Showing rows 1 to 12 of 12');

    await page.locator('th[data-field="Price"] button').click();
    await expect.poll(() => query(page).get('sort')).toBe('Price');
    await page.getByLabel('Rows per page').selectOption('10');
    await expect.poll(() => query(page).get('size')).toBe('10');
    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect.poll(() => range(page).textContent()).toBe('Showing rows 11 to 12 of 12');
    expect(query(page).get('page')).toBe('2');
    const expected = await apiCall(
      server,
      'Product/List',
      { Page: 2, PageSize: 10, TextSearch: 'Alpine', Sorts: [{ Field: 'Price', Dir: 'asc' }] },
      token,
    );
    const secondPageFirst = String(expected.body.Data.Data[0].Id);
    await expect.poll(() => firstRowId(page)).toBe(secondPageFirst);

    await page.reload();
    await expect.poll(() => range(page).textContent()).toBe('Showing rows 11 to 12 of 12');
    await expect.poll(() => firstRowId(page)).toBe(secondPageFirst);
    expect(await page.getByRole('search', { name: 'Filters' }).getByLabel('Search').inputValue()).toBe(
      'Alpine',
    );
    expect(await page.locator('th[data-field="Price"]').getAttribute('aria-sort')).toBe('ascending');

    await page.goBack();
    await expect.poll(() => range(page).textContent()).toBe('Showing rows 1 to 10 of 12');
    await page.goBack();
    await expect.poll(() => range(page).textContent()).toBe('Showing rows 1 to 12 of 12');
    expect(query(page).get('size')).toBe('50');
    await page.goForward();
    await page.goForward();
    await expect.poll(() => range(page).textContent()).toBe('Showing rows 11 to 12 of 12');

    // The link, opened by someone else (another tab), shows the same rows.
    const shared = await open(new URL(page.url()).pathname + new URL(page.url()).search);
    await shared.locator('tr[data-row-id]').first().waitFor();
    await expect.poll(() => range(shared).textContent()).toBe('Showing rows 11 to 12 of 12');
    await expect.poll(() => firstRowId(shared)).toBe(secondPageFirst);
    await shared.close();
    await page.close();
  });

  it('keeps filters in the address, and back takes them off again', async () => {
    const page = await productsPage();
    const filters = page.getByRole('search', { name: 'Filters' });
    await filters.getByRole('button', { name: /^More filters/ }).click();
    await filters.getByLabel('SKU', { exact: true }).fill('SKU-00010');
    await expect.poll(() => range(page).textContent()).toBe('Showing rows 1 to 10 of 10');
    expect(query(page).get('f.Sku')).toBe('SKU-00010');
    await page.reload();
    await expect.poll(() => range(page).textContent()).toBe('Showing rows 1 to 10 of 10');
    expect(
      await page.getByRole('search', { name: 'Filters' }).getByLabel('SKU', { exact: true }).inputValue(),
    ).toBe('SKU-00010');
    await page.goBack();
    await expect
      .poll(() => range(page).textContent())
      .toMatch(new RegExp(`^Showing rows 1 to \\d+ of ${PRODUCTS}$`));
    expect(
      await page.getByRole('search', { name: 'Filters' }).getByLabel('SKU', { exact: true }).inputValue(),
    ).toBe('');
    await page.close();
  });
});

describe("the file manager's folder and a screen's tab in the address (item 13)", () => {
  it('opens the same folder after a reload and from a shared link; back returns to the folder before', async () => {
    const made = await apiCall(
      server,
      'FileManager/CreateFolder',
      { ParentId: null, Name: 'Grid reports' },
      token,
    );
    const outer = made.body.Data.Id as number;
    await apiCall(server, 'FileManager/CreateFolder', { ParentId: outer, Name: 'Inner 2026' }, token);
    const page = await open('/file-manager');
    await page
      .locator('tr[data-entry="Grid reports"]')
      .getByRole('button', { name: 'Grid reports', exact: true })
      .click();
    await page
      .locator('tr[data-entry="Inner 2026"]')
      .getByRole('button', { name: 'Inner 2026', exact: true })
      .click();
    const crumbs = page.getByRole('navigation', { name: 'Folders' });
    await crumbs.locator('[aria-current="page"]', { hasText: 'Inner 2026' }).waitFor();
    expect(query(page).get('folder')).not.toBeNull();
    await page.reload();
    await page
      .getByRole('navigation', { name: 'Folders' })
      .locator('[aria-current="page"]', { hasText: 'Inner 2026' })
      .waitFor();
    await page.goBack();
    await page
      .getByRole('navigation', { name: 'Folders' })
      .locator('[aria-current="page"]', { hasText: 'Grid reports' })
      .waitFor();
    expect(query(page).get('folder')).toBe(String(outer));
    const shared = await open(`/file-manager?folder=${outer}`);
    await shared.locator('tr[data-entry="Inner 2026"]').waitFor();
    await shared.close();
    await page.close();
  });

  it("keeps a screen's tab: reload shows it, back returns to the tab before", async () => {
    const page = await open('/workspace');
    const products = page.getByRole('tab', { name: /^Products/ });
    await products.click();
    await expect.poll(() => query(page).get('tab')).toBe('workspace-products');
    await page.reload();
    await expect
      .poll(() => page.getByRole('tab', { name: /^Products/ }).getAttribute('aria-selected'))
      .toBe('true');
    await page.goBack();
    await expect.poll(() => page.getByRole('tab', { selected: true }).textContent()).toMatch(/^Sales/);
    await page.close();
  });
});

/** What has the focus: its tag, its text (short) and, in the grid, its row and field. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      tag: el?.tagName ?? '',
      text: (el?.textContent ?? '').trim().slice(0, 60),
      row: el?.closest('tr')?.getAttribute('data-row-id') ?? null,
      field: el?.getAttribute('data-field') ?? null,
      inGrid: Boolean(el?.closest('[role="grid"]')),
    };
  });

describe('the keyboard (item 14)', () => {
  it('offers a skip link first, which leads to the page heading', async () => {
    const page = await productsPage();
    await page.locator('body').press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await skip.isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    await skip.press('Enter');
    await expect.poll(async () => (await focused(page)).tag).toBe('H1');
    expect((await focused(page)).text).toBe('Products');
    await page.close();
  });

  it('moves the focus to the page heading after a navigation and after sign-in', async () => {
    const fresh = await browser.newContext({ viewport: DESKTOP });
    const page = await fresh.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${server.url}/home`);
    await expect.poll(async () => (await focused(page)).tag).toBe('H1');
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Products' })
      .first()
      .click();
    await page.waitForURL(/\/data\/products/);
    await expect
      .poll(async () => `${(await focused(page)).tag}:${(await focused(page)).text}`)
      .toBe('H1:Products');
    await fresh.close();
  });

  it('makes the table one Tab stop with arrow keys between cells, Enter to edit and Escape to cancel', async () => {
    const page = await productsPage();
    const grid = page.getByRole('grid', { name: 'Products' });
    // One Tab stop in the whole grid (header and rows): the cells' own controls are out of the Tab order.
    const tabStops = () =>
      grid.evaluate(
        (table) =>
          Array.from(table.querySelectorAll<HTMLElement>('*')).filter(
            (el) => el.tabIndex >= 0 && !el.closest('.row-expansion') && !el.hasAttribute('disabled'),
          ).length,
      );
    expect(await tabStops()).toBe(1);

    // The grid's Tab stop is a cell; arrows move from it, the next Tab leaves the grid.
    await grid.locator('td[tabindex="0"]').focus();
    let now = await focused(page);
    expect(now.inGrid).toBe(true);
    const startRow = now.row;
    // Past the row's own cells (its selection box, its expansion) to the first field.
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('ArrowRight');
      now = await focused(page);
      if (now.field !== null) break;
    }
    expect(now.row).toBe(startRow);
    expect(now.field).not.toBeNull();
    await page.keyboard.press('ArrowDown');
    const below = await focused(page);
    expect(below.row).not.toBe(startRow);
    expect(below.field).toBe(now.field);
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    expect((await focused(page)).tag).toBe('TH');
    await page.keyboard.press('Tab');
    expect((await focused(page)).inGrid).toBe(false);
    await page.keyboard.press('Shift+Tab');
    expect((await focused(page)).tag).toBe('TH');

    // To the Name column of the first row: Enter edits, Escape cancels and comes back to the cell.
    await page.keyboard.press('ArrowDown');
    const firstRow = (await focused(page)).row as string;
    const before = (await detail(Number(firstRow))).Name as string;
    for (let i = 0; i < 10 && (await focused(page)).field !== 'Name'; i++)
      await page.keyboard.press('ArrowRight');
    expect((await focused(page)).field).toBe('Name');
    await page.keyboard.press('Enter');
    const input = cell(page, Number(firstRow), 'Name').getByRole('textbox');
    await input.waitFor();
    expect(await input.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('Typed, then given up');
    await page.keyboard.press('Escape');
    await input.waitFor({ state: 'detached' });
    await expect.poll(async () => (await focused(page)).field).toBe('Name');
    expect((await focused(page)).row).toBe(firstRow);
    expect(await cell(page, Number(firstRow), 'Name').textContent()).toBe(before);

    // Enter edits, Enter saves, and the focus is back on the cell for the next move.
    await page.keyboard.press('Enter');
    await input.waitFor();
    await input.fill('Saved from the keyboard');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await detail(Number(firstRow))).Name).toBe('Saved from the keyboard');
    await expect.poll(async () => (await focused(page)).field).toBe('Name');
    await page.keyboard.press('ArrowDown');
    expect((await focused(page)).row).not.toBe(firstRow);
    // The cell drawn again after the save is still out of the Tab order: one stop.
    await expect.poll(tabStops).toBe(1);
    await expectNoAxeViolations(page);
    await page.close();
  });

  it('scrolls rows into view as the arrow keys go down the page', async () => {
    const page = await productsPage();
    await page.locator('[data-row-id] td').first().focus();
    for (let i = 0; i < 45; i++) await page.keyboard.press('ArrowDown');
    const at = await focused(page);
    expect(at.inGrid).toBe(true);
    const ids = await page
      .locator('tr[data-row-id]')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-row-id')));
    expect(ids).toContain(at.row);
    expect(ids.indexOf(at.row)).toBeGreaterThan(0);
    await page.close();
  });
});

describe('the rows after Add new (item 5)', () => {
  async function addProduct(page: Page, sku: string, price: string) {
    await page.getByRole('button', { name: 'Add new' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add new' });
    await dialog.getByLabel('SKU').fill(sku);
    await dialog.getByLabel('Name').fill(`Added ${sku}`);
    await dialog.getByLabel('Price').fill(price);
    await dialog.getByLabel('Quantity').fill('1');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const found = await apiCall(
      server,
      'Product/List',
      { Filters: [{ FieldName: 'Sku', Type: 'text', Value: sku }] },
      token,
    );
    return String(found.body.Data.Data[0].Id);
  }

  it('reads the list again: the counts grow and the new row sits where the sort puts it', async () => {
    const page = await productsPage('?sort=-Price&size=20');
    const total = Number(/of (\d+)$/.exec((await range(page).textContent()) ?? '')?.[1]);
    const top = await firstRowId(page);

    // The dearest product: first under a descending price sort, highlighted as new.
    const dear = await addProduct(page, 'GRID-DEAR', '999999');
    await expect.poll(() => firstRowId(page)).toBe(dear);
    await expect.poll(() => range(page).textContent()).toBe(`Showing rows 1 to 20 of ${total + 1}`);
    expect(await page.locator(`tr[data-row-id="${dear}"]`).getAttribute('class')).toContain('row-just-new');

    // The cheapest: not on this page; the list says so instead of showing it in the wrong place.
    const cheap = await addProduct(page, 'GRID-CHEAP', '0,01');
    await expect.poll(() => range(page).textContent()).toBe(`Showing rows 1 to 20 of ${total + 2}`);
    await page.getByText('The new record is not on this page: the list is sorted and filtered.').waitFor();
    expect(await page.locator(`tr[data-row-id="${cheap}"]`).count()).toBe(0);
    expect(await firstRowId(page)).toBe(dear);
    expect(top).not.toBe(dear);
    await page.close();
  });
});

describe('the grid looks and behaves like the best grids (item 12)', () => {
  const headers = (page: Page) =>
    page
      .locator('[role="grid"] thead th[data-field]')
      .evaluateAll((ths) => ths.map((th) => th.getAttribute('data-field')));

  it('has a column chooser whose choices are kept for the user on the server, in any browser', async () => {
    const page = await productsPage();
    const initial = await headers(page);
    const chooser = page.getByRole('button', { name: 'Columns' });
    await chooser.click();
    // The chooser opens only once the user's saved view has arrived, so one click is a choice that holds.
    await page.getByRole('checkbox', { name: 'SKU' }).click();
    await expect.poll(() => headers(page)).not.toContain('Sku');
    await page.getByRole('button', { name: 'Move Price up' }).click();
    const priceAt = initial.indexOf('Price') - 1;
    await expect.poll(async () => (await headers(page)).indexOf('Price')).toBe(priceAt - 1);
    const order = await headers(page);
    await expectNoAxeViolations(page, '.column-chooser');

    // Another browser of the same user: the same columns.
    const elsewhere = await browser.newContext({ viewport: DESKTOP });
    await signInThroughPage(elsewhere, server, 'admin', ADMIN_PASSWORD);
    const other = await elsewhere.newPage();
    await other.goto(`${server.url}/data/products`);
    await other.locator('tr[data-row-id]').first().waitFor();
    await expect.poll(() => headers(other)).toEqual(order);
    await elsewhere.close();

    await page.reload();
    await page.locator('tr[data-row-id]').first().waitFor();
    await expect.poll(() => headers(page)).toEqual(order);
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('button', { name: 'Reset columns' }).click();
    await expect.poll(() => headers(page)).toContain('Sku');
    await page.close();
  });

  it('shows a real empty state without a pager, and its button clears the filters', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await productsPage('', viewport);
      await page
        .getByRole('search', { name: 'Filters' })
        .getByLabel('Search')
        .fill('no such product anywhere');
      const empty = page.locator('.list-state');
      await empty.getByText('No records match').waitFor();
      expect(await empty.locator('.list-state-icon').count()).toBe(1);
      expect(await page.locator('.table-pager').count()).toBe(0);
      await expectNoAxeViolations(page);
      await empty.getByRole('button', { name: 'Clear filters' }).click();
      await page.locator('tr[data-row-id]').first().waitFor();
      expect(await page.getByRole('search', { name: 'Filters' }).getByLabel('Search').inputValue()).toBe('');
      await expect.poll(() => query(page).get('q')).toBeNull();
      await page.close();
    }
  });

  it('never cuts a header off, sorts on a click anywhere on the header, and fills the width', async () => {
    const page = await productsPage();
    const cut = await page.locator('[role="grid"] thead th.sortable').evaluateAll((ths) =>
      ths
        .filter((th) => {
          const text = th.querySelector<HTMLElement>('.sort-title') ?? th;
          return (
            text.scrollWidth > text.clientWidth + 1 ||
            th.getAttribute('title') !== (th.textContent ?? '').trim()
          );
        })
        .map((th) => th.getAttribute('data-field')),
    );
    expect(cut).toEqual([]);
    // A click near the header's right end, away from its text.
    const name = page.locator('th[data-field="Name"]');
    const box = await name.boundingBox();
    if (!box) throw new Error('no Name header');
    await page.mouse.click(box.x + box.width - 6, box.y + box.height - 4);
    await expect.poll(() => name.getAttribute('aria-sort')).toBe('ascending');
    const widths = await page.locator('.data-grid-scroll').evaluate((scroll) => ({
      scroll: scroll.clientWidth,
      table: (scroll.querySelector('table') as HTMLElement).offsetWidth,
    }));
    expect(widths.table).toBeGreaterThanOrEqual(widths.scroll);
    await page.close();
  });

  it('draws rows of one height with photos scaled inside, and no placeholder as a value', async () => {
    const page = await productsPage();
    // Row 4 has a photo (every fourth product), row 1 none.
    await cell(page, 4, 'Photo').locator('img').first().waitFor();
    const heights = await page
      .locator('tr[data-row-id]')
      .evaluateAll((rows) => [...new Set(rows.map((row) => Math.round(row.getBoundingClientRect().height)))]);
    expect(heights).toHaveLength(1);
    const image = await cell(page, 4, 'Photo').locator('img').first().boundingBox();
    const photoCell = await cell(page, 4, 'Photo').boundingBox();
    expect(image && photoCell && image.height <= photoCell.height).toBe(true);

    // Product 1 has no label: its cell does not show the editor's placeholder as if it were a value.
    const label = cell(page, 1, 'Label');
    expect(await label.textContent()).not.toContain('Short label');
    await label.getByRole('button', { name: /^Edit Label/ }).click();
    expect(await label.getByRole('textbox').getAttribute('placeholder')).toBe('Short label');
    await label.getByRole('textbox').press('Escape');
    await page.close();
  });

  it('shows toasts where they never cover the toolbar', async () => {
    const page = await productsPage();
    await page.getByRole('button', { name: 'Add new' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add new' });
    await dialog.getByLabel('SKU').fill('GRID-TOAST');
    await dialog.getByLabel('Name').fill('Toast check');
    await dialog.getByLabel('Price').fill('5');
    await dialog.getByLabel('Quantity').fill('1');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const toast = page.locator('.Toastify__toast').first();
    await toast.waitFor();
    await dialog.waitFor({ state: 'detached' });
    const [toastBox, toolbarBox] = await Promise.all([
      toast.boundingBox(),
      page.locator('.table-toolbar').boundingBox(),
    ]);
    if (!toastBox || !toolbarBox) throw new Error('no boxes');
    const overlaps =
      toastBox.x < toolbarBox.x + toolbarBox.width &&
      toolbarBox.x < toastBox.x + toastBox.width &&
      toastBox.y < toolbarBox.y + toolbarBox.height &&
      toolbarBox.y < toastBox.y + toastBox.height;
    expect(overlaps).toBe(false);
    await page.close();
  });
});
