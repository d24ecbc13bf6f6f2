// Data entry in real Chromium against the built product (issue 9, items 1, 2, 4, 6 and 15): numbers
// typed as the product shows them, typed data never thrown away without asking, JSON with line and
// column, messages for people under their fields, one format for numbers, dates and times.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, showEveryColumn, signInByApi } from './support/api';
import { expectNoAxeViolations, launchBrowser } from './support/browser';
import { type RunningServer, startServer } from './support/server';
import { signInThroughPage } from './support/sign-in';

const ADMIN_PASSWORD = 'E2e-Entry-Password-1';
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let token = '';

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ ADMIN_PASSWORD, DEMO_DATA: 'true', DEMO_PRODUCTS: '1200' }),
    launchBrowser(),
  ]);
  token = await signInByApi(server, 'admin', ADMIN_PASSWORD);
  // Every cell type is typed into, also those past a table's first eight columns (issue 25).
  await showEveryColumn(server, token, 'products', 'Product');
  // One signed-in context for every test; an English browser, whose own date inputs would show
  // mm/dd/yyyy and 12-hour times.
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

async function productsPage(viewport = DESKTOP): Promise<Page> {
  const page = await open('/data/products', viewport);
  await page.locator('tr[data-row-id]').first().waitFor();
  return page;
}

const cell = (page: Page, id: number, field: string): Locator =>
  page.locator(`tr[data-row-id="${id}"] td[data-field="${field}"]`);
const detail = async (id: number) => (await apiCall(server, 'Product/Detail', { Id: id }, token)).body.Data;

/** The bodies of the calls a page made to one API, as they leave the browser. */
function watchCalls(page: Page, api: string): unknown[] {
  const bodies: unknown[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith(`/api/v1/${api}`)) bodies.push(request.postDataJSON());
  });
  return bodies;
}

async function openAddNew(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Add new' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add new' });
  await dialog.getByLabel('Name').waitFor();
  return dialog;
}

const discardQuestion = (page: Page) => page.getByRole('dialog', { name: 'Unsaved changes' });

describe('numbers are read as they are displayed', () => {
  it('a Price cell showing 555,33 takes 12,50 as twelve and a half, saved as 12.5 and shown 12,50', async () => {
    const page = await productsPage();
    const price = cell(page, 3, 'Price');
    await price.getByRole('button', { name: /^Edit Price/ }).click();
    const input = price.getByRole('textbox', { name: 'Price' });
    // The editor shows the value as the cell does: decimal comma.
    expect(await input.inputValue()).toMatch(/^\d+(,\d+)?$/);
    await input.fill('12,50');
    await input.press('Enter');
    await expect.poll(async () => (await detail(3)).Price).toBe(12.5);
    await expect.poll(() => price.textContent()).toBe('12,50');
    await page.close();
  });

  it('letters in a number cell say "must be a number" on the cell, and nothing is sent', async () => {
    const page = await productsPage();
    const updates = watchCalls(page, 'Product/UpdateFields');
    const before = (await detail(4)).Quantity;
    const quantity = cell(page, 4, 'Quantity');
    await quantity.getByRole('button', { name: /^Edit Quantity/ }).click();
    const input = quantity.getByRole('textbox', { name: 'Quantity' });
    await input.fill('12abc');
    await input.press('Enter');
    await quantity.getByText('Must be a number.').waitFor();
    expect(await input.getAttribute('aria-invalid')).toBe('true');
    expect(await input.inputValue()).toBe('12abc');
    // A dot where the display never puts one could be a decimal point: refused, not read as 125.
    await input.fill('12.5');
    await input.press('Enter');
    await quantity.getByText(/^Unclear number/).waitFor();
    await expectNoAxeViolations(page, 'tbody');
    await input.press('Escape');
    expect(updates).toEqual([]);
    expect((await detail(4)).Quantity).toBe(before);
    await page.close();
  });

  it('the Add new form reads 12,50 as 12.5 and saves it through the API', async () => {
    const page = await productsPage();
    const dialog = await openAddNew(page);
    await dialog.getByLabel('SKU').fill('ENTRY-1250');
    await dialog.getByLabel('Name').fill('Typed as displayed');
    await dialog.getByLabel('Price').fill('12,50');
    await dialog.getByLabel('Quantity').fill('1.250');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const found = await apiCall(
      server,
      'Product/List',
      { Filters: [{ FieldName: 'Sku', Type: 'text', Value: 'ENTRY-1250' }] },
      token,
    );
    expect(found.body.Data.Data).toHaveLength(1);
    expect(found.body.Data.Data[0]).toMatchObject({ Price: 12.5, Quantity: 1250 });
    await page.close();
  });

  it('refuses letters and unclear numbers in the Add new form under the field, sending nothing', async () => {
    const page = await productsPage();
    const adds = watchCalls(page, 'Product/AddNew');
    const dialog = await openAddNew(page);
    await dialog.getByLabel('SKU').fill('ENTRY-BAD');
    await dialog.getByLabel('Name').fill('Not a price');
    await dialog.getByLabel('Price').fill('abc');
    await dialog.getByLabel('Quantity').fill('2.5');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.locator('[data-field="Price"]').getByText('Must be a number.').waitFor();
    await dialog
      .locator('[data-field="Quantity"]')
      .getByText(/^Unclear number/)
      .waitFor();
    expect(await dialog.getByLabel('Price').getAttribute('aria-invalid')).toBe('true');
    expect(adds).toEqual([]);

    // What the server refuses shows under its field too, in words for people.
    await dialog.getByLabel('SKU').fill('bad sku');
    await dialog.getByLabel('Price').fill('3,5');
    await dialog.getByLabel('Quantity').fill('2');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog
      .locator('[data-field="Sku"]')
      .getByText('SKU must be 3 to 32 capitals, digits or -.', { exact: true })
      .waitFor();
    expect(adds).toHaveLength(1);
    await page.close();
  });
});

describe('typed data is never thrown away without asking', () => {
  it('Escape in the date picker closes only the picker; Escape, the close button and the backdrop then ask first', async () => {
    const page = await productsPage();
    const dialog = await openAddNew(page);
    await dialog.getByLabel('Name').fill('Half-typed product');
    const released = dialog.getByLabel('Released');
    await released.click();
    const calendar = page.locator('.flatpickr-calendar.open');
    await calendar.waitFor();
    await page.keyboard.press('Escape');
    await calendar.waitFor({ state: 'detached' }).catch(() => undefined);
    await expect.poll(() => page.locator('.flatpickr-calendar.open').count()).toBe(0);
    expect(await discardQuestion(page).count()).toBe(0);
    expect(await dialog.getByLabel('Name').inputValue()).toBe('Half-typed product');

    // Escape again: the form has changes, so it asks; keeping them keeps the form as it was.
    await page.keyboard.press('Escape');
    await discardQuestion(page).getByText('Discard your changes?').waitFor();
    await expectNoAxeViolations(page, '[role="dialog"]');
    await discardQuestion(page).getByRole('button', { name: 'Keep editing' }).click();
    await discardQuestion(page).waitFor({ state: 'detached' });
    expect(await dialog.getByLabel('Name').inputValue()).toBe('Half-typed product');

    await dialog.getByRole('button', { name: 'Close' }).click();
    await discardQuestion(page).getByRole('button', { name: 'Keep editing' }).click();
    await discardQuestion(page).waitFor({ state: 'detached' });
    expect(await dialog.isVisible()).toBe(true);

    // The backdrop: a click outside the dialog box.
    await page.mouse.click(5, DESKTOP.height - 5);
    await discardQuestion(page).getByRole('button', { name: 'Discard' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.close();
  });

  it('closes at once when nothing was typed', async () => {
    const page = await productsPage();
    const dialog = await openAddNew(page);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await discardQuestion(page).count()).toBe(0);
    await page.close();
  });

  it('Escape in a date cell closes the picker, not the edit', async () => {
    const page = await productsPage();
    const releasedCell = cell(page, 6, 'ReleaseDate');
    await releasedCell.getByRole('button', { name: /^Edit Released/ }).click();
    const input = releasedCell.getByRole('textbox', { name: 'Released' });
    await page.locator('.flatpickr-calendar.open').waitFor();
    await input.fill('07/08/2024');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.flatpickr-calendar.open').count()).toBe(0);
    expect(await input.inputValue()).toBe('07/08/2024');
    await input.press('Enter');
    await expect.poll(async () => (await detail(6)).ReleaseDate).toBe('2024-08-07');
    await page.close();
  });

  it('asks before leaving a page whose form has changes', async () => {
    const page = await open('/demo/form');
    await page.getByRole('heading', { name: 'Order form' }).waitFor();
    await page.getByLabel('Customer').fill('Half-typed customer');
    const home = page.locator('nav').getByRole('link', { name: 'Home', exact: true }).first();
    await home.click();
    await discardQuestion(page).getByText('Discard your changes?').waitFor();
    await discardQuestion(page).getByRole('button', { name: 'Keep editing' }).click();
    expect(new URL(page.url()).pathname).toBe('/demo/form');
    expect(await page.getByLabel('Customer').inputValue()).toBe('Half-typed customer');
    await home.click();
    await discardQuestion(page).getByRole('button', { name: 'Discard' }).click();
    await page.waitForURL(`${server.url}/home`);
    await page.close();
  });
});

describe('JSON fields', () => {
  it('take only valid JSON, name the line and column of a mistake, and show it formatted', async () => {
    const page = await productsPage();
    const dialog = await openAddNew(page);
    const attributes = dialog.getByLabel('Attributes');
    await attributes.fill('{\n  "size": "M",\n  colour: "red"\n}');
    await dialog.getByLabel('Name').click();
    await dialog
      .locator('[data-field="Attributes"]')
      .getByText('Not valid JSON: unexpected c at line 3, column 3.')
      .waitFor();
    await attributes.fill('{"size":"M","colour":"red"}');
    await dialog.getByLabel('Name').click();
    expect(await attributes.inputValue()).toBe('{\n  "size": "M",\n  "colour": "red"\n}');
    await page.close();
  });
});

describe('messages for people', () => {
  it('the forgot page checks the e-mail format under the field before sending anything', async () => {
    const guest = await browser.newContext({ viewport: PHONE });
    const page = await guest.newPage();
    const sent = watchCalls(page, 'Account/ForgotPassword');
    await page.goto(`${server.url}/forgot`);
    await page.getByLabel('Email').fill('not-an-address');
    await page.getByRole('button', { name: 'Send' }).click();
    const message = page.getByText('Enter a valid e-mail address, such as name@example.com.');
    await message.waitFor();
    expect(await page.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('Email').getAttribute('aria-describedby')).toBe(
      await message.getAttribute('id'),
    );
    expect(sent).toEqual([]);
    await expectNoAxeViolations(page);
    await page.getByLabel('Email').fill('someone@example.com');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    await guest.close();
  });
});

describe('one format everywhere', () => {
  it('no browser date or time inputs (mm/dd/yyyy, AM/PM) on the forms and cells; times in 24 hours', async () => {
    const page = await productsPage();
    const pickup = cell(page, 7, 'PickupTime');
    await pickup.getByRole('button', { name: /^Edit Pick-up/ }).click();
    const input = pickup.getByRole('textbox', { name: 'Pick-up' });
    expect(await input.getAttribute('type')).toBe('text');
    await input.fill('18:45');
    await input.press('Enter');
    await expect.poll(async () => (await detail(7)).PickupTime).toBe('18:45');
    await expect.poll(() => pickup.textContent()).toBe('18:45');

    const dialog = await openAddNew(page);
    expect(
      await dialog.locator('input[type="date"], input[type="time"], input[type="datetime-local"]').count(),
    ).toBe(0);
    expect(await dialog.getByLabel('Released').getAttribute('placeholder')).toBe('dd/mm/yyyy');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.close();
  });

  it("the report's date filter and the calendar write day before month, times in 24 hours", async () => {
    const page = await open('/reports/sales');
    const lists = watchCalls(page, 'Sale/List');
    const from = page.getByLabel('Date from');
    await from.waitFor();
    expect(await page.locator('input[type="date"]').count()).toBe(0);
    expect(await from.getAttribute('placeholder')).toBe('dd/mm/yyyy');
    await from.fill('05/03/2024');
    await from.press('Tab');
    await expect
      .poll(() => JSON.stringify(lists.at(-1)))
      .toContain('"Value":{"start":"2024-03-05","end":"9999-12-31"}');
    // The filters and the calendar open under the second one (the page around is the report's).
    await expectNoAxeViolations(page, '.report-filters, .flatpickr-calendar.open');

    await page.goto(`${server.url}/calendar`);
    await page.getByRole('button', { name: 'Week' }).click();
    const headings = page.locator('.fc-col-header-cell-cushion');
    await headings.first().waitFor();
    for (const text of await headings.allTextContents()) expect(text).toMatch(/^[A-Z][a-z]{2} \d{2}\/\d{2}$/);
    const slots = await page.locator('.fc-timegrid-slot-label-cushion').allTextContents();
    expect(slots).toContain('13:00');
    expect(slots.join(' ')).not.toMatch(/am|pm/i);
    await page.close();
  });

  it('writes counts with the thousand symbol, and the pages pass axe at desktop and phone widths', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await productsPage(viewport);
      // 1,200 demo products and the ones these tests added: the total has its thousand dot.
      await expect
        .poll(() => page.locator('.table-range').textContent())
        .toMatch(/^Showing rows 1 to 50 of 1\.20\d$/);
      expect(await page.getByLabel('Rows per page').locator('option[value="1000"]').textContent()).toBe(
        '1.000',
      );
      await expectNoAxeViolations(page);
      const dialog = await openAddNew(page);
      await dialog.getByLabel('Price').fill('1,2,3');
      await dialog.getByLabel('Name').click();
      await dialog.locator('[data-field="Price"]').getByText('Must be a number.').waitFor();
      await expectNoAxeViolations(page, '[role="dialog"]');
      await page.close();
    }
  });
});
