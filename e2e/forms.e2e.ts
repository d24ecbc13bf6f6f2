import { Secret, TOTP } from 'otpauth';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, saveSettings, signInByApi } from './support/api';
import { expectNoAxeViolations, launchBrowser } from './support/browser';
import { type RunningServer, startServer } from './support/server';

const ADMIN_PASSWORD = 'Forms-Admin-Password-1';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let admin = '';

/** A day of the current month (UTC), as YYYY-MM-DD. */
const dayOfThisMonth = (day: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), day)).toISOString().slice(0, 10);
};

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ ADMIN_PASSWORD }), launchBrowser()]);
  admin = await signInByApi(server, 'admin', ADMIN_PASSWORD);
  // The scene: a few sales for the reports and charts, a place for the map.
  for (const [SoldOn, Region, Channel, Amount] of [
    [dayOfThisMonth(2), 'north', 'shop', 120],
    [dayOfThisMonth(3), 'south', 'online', 80.5],
    [dayOfThisMonth(4), 'north', 'online', 40],
  ] as const) {
    const added = await apiCall(
      server,
      'Sale/AddNew',
      { SoldOn, Region, Channel, Amount, Quantity: 2, Customer: `Customer ${Region}` },
      admin,
    );
    expect(added.body.StatusCode).toBe(1);
  }
  const place = await apiCall(
    server,
    'Place/AddNew',
    { Name: 'Head office', Latitude: 21.0285, Longitude: 105.8048, Address: 'Ha Noi' },
    admin,
  );
  expect(place.body.StatusCode).toBe(1);
  // No tile server (OpenStreetMap's by default): the tests never reach the internet.
  await saveSettings(server, admin, { mapTileUrl: '' });

  // One signed-in browser context for every test, on UTC so that dates are what the API wrote.
  context = await browser.newContext({ timezoneId: 'UTC', locale: 'en-GB' });
  const page = await context.newPage();
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(`${server.url}/home`);
  await page.close();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function open(path: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${server.url}${path}`);
  return page;
}

/** The bodies of the calls a page made to one API, as they leave the browser. */
function watchCalls(page: Page, api: string): Record<string, unknown>[] {
  const bodies: Record<string, unknown>[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith(`/api/v1/${api}`))
      bodies.push(request.postDataJSON() as Record<string, unknown>);
  });
  return bodies;
}

const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text, { exact: true });

describe('the configured form (/demo/form)', () => {
  it('shows a hidden field when another field changes', async () => {
    const page = await open('/demo/form');
    await page.getByRole('heading', { name: 'Order form' }).waitFor();
    expect(await page.getByLabel('Reason').count()).toBe(0);
    await page.getByLabel('Other', { exact: true }).check();
    await page.getByLabel('Reason').waitFor();
    await page.getByLabel('Express', { exact: true }).check();
    await page.getByLabel('Express delivery time').waitFor();
    expect(await page.getByLabel('Reason').count()).toBe(0);
    await expectNoAxeViolations(page);
    await page.close();
  });

  it('marks the required fields with the warning toast, sends nothing, and clears a mark once filled', async () => {
    const page = await open('/demo/form');
    const saves = watchCalls(page, 'Demo/FormSave');
    await page.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Please fill out all required fields.').waitFor();
    const customer = page.getByLabel('Customer');
    expect(await customer.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('Region').getAttribute('aria-invalid')).toBe('true');
    // The first empty field has the focus.
    expect(await customer.evaluate((el) => el === document.activeElement)).toBe(true);
    await customer.fill('An Phat');
    expect(await customer.getAttribute('aria-invalid')).toBeNull();
    expect(await page.getByLabel('Region').getAttribute('aria-invalid')).toBe('true');
    await page.waitForTimeout(300);
    expect(saves).toEqual([]);
    await page.close();
  });

  it('fills a field from the after-change call, shows a server rule on its field, then saves', async () => {
    const page = await open('/demo/form');
    await page.getByLabel('Customer').fill('Binh Minh');
    await page.getByLabel('Region').selectOption({ label: 'South' });
    const afterChange = page.waitForResponse((r) => r.url().endsWith('/api/v1/Demo/FormAfterChange'));
    await page.getByLabel('Product').selectOption({ label: 'Office chair' });
    await afterChange;
    await expect.poll(() => page.getByLabel('Unit price').inputValue()).toBe('49');
    await expect.poll(() => page.getByLabel('Total').inputValue()).toBe('49');

    // The server refuses a negative price, and says so on the field.
    await page.getByLabel('Unit price').fill('-5');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('[data-field="UnitPrice"]').getByText('must be at least 0').waitFor();
    expect(await page.getByLabel('Unit price').getAttribute('aria-invalid')).toBe('true');

    await page.getByLabel('Unit price').fill('45');
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/v1/Demo/FormSave'));
    await page.getByRole('button', { name: 'Save' }).click();
    const body = (await (await saved).request().postDataJSON()) as Record<string, any>;
    expect(body.DefaultValues).toEqual({ FormCode: 'order' });
    expect(body.DataForm).toMatchObject({
      Customer: 'Binh Minh',
      Region: 'south',
      Product: 'chair',
      UnitPrice: 45,
      Total: 49,
    });
    await toast(page, 'Saved.').waitFor();
    const entries = await apiCall(server, 'Demo/FormEntries', { FormCode: 'order' }, admin);
    expect(entries.body.Data[0].Data).toMatchObject({
      Customer: 'Binh Minh',
      Product: 'chair',
      UnitPrice: 45,
    });
    await page.close();
  });

  it('draws every control type on /demo/formcontrol, accessibly', async () => {
    const page = await open('/demo/formcontrol');
    await page.getByRole('heading', { name: 'Form controls' }).waitFor();
    for (const label of [
      'Text',
      'Number',
      'Money',
      'Date',
      'Date and time',
      'Time',
      'Select',
      'Colour',
      'Tags',
      'File',
      'Photo',
      'JSON',
      'Password',
    ])
      await page.getByLabel(label, { exact: true }).waitFor();
    await page.getByLabel('Date', { exact: true }).fill('05/03/2026');
    await page.getByLabel('Tags', { exact: true }).fill('urgent');
    await page.getByLabel('Tags', { exact: true }).press('Enter');
    await page.getByRole('textbox', { name: 'Rich text' }).fill('Hello');
    await expect
      .poll(async () => JSON.parse((await page.getByTestId('form-values').textContent()) ?? '{}'))
      .toMatchObject({ Date: '2026-03-05', Tags: 'urgent', RichText: 'Hello', Colour: '#057e38' });
    await expectNoAxeViolations(page);
    await page.close();
  });
});

describe('tab screens (/workspace)', () => {
  it('switches content and keeps the filters of each tab', async () => {
    const page = await open('/workspace');
    const sales = page.getByRole('tab', { name: /Sales/ });
    await sales.waitFor();
    const salesPanel = page.getByRole('tabpanel', { name: /Sales/ });
    const rows = salesPanel.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(3);
    const listed = page.waitForResponse((r) => r.url().endsWith('/api/v1/Sale/List'));
    await salesPanel.getByLabel('Region').selectOption({ label: 'North' });
    await listed;
    await expect.poll(() => rows.count()).toBe(2);
    expect(await page.getByTestId('tab-count').first().textContent()).toBe('3');
    await expectNoAxeViolations(page);

    await page.getByRole('tab', { name: /Events/ }).click();
    const eventsPanel = page.getByRole('tabpanel', { name: /Events/ });
    await eventsPanel.getByLabel('Title').fill('review');
    expect(new URL(page.url()).searchParams.get('tab')).toBe('workspace-events');
    await expect.poll(() => salesPanel.isHidden()).toBe(true);

    await sales.click();
    expect(await salesPanel.getByLabel('Region').inputValue()).toBe('north');
    await expect.poll(() => rows.count()).toBe(2);
    await page.getByRole('tab', { name: /Events/ }).click();
    expect(await eventsPanel.getByLabel('Title').inputValue()).toBe('review');
    await page.close();
  });
});

describe('dashboards (/dashboard)', () => {
  it('draws a chart from server data, and number widgets', async () => {
    const page = await open('/dashboard');
    const byMonth = page.getByRole('region', { name: 'Sales by month' });
    await byMonth.getByTestId('chart-canvas').locator('canvas').waitFor();
    // The figures the chart was drawn from are the server's: this month's three sales.
    const table = byMonth.getByTestId('chart-data');
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
    expect(await table.locator('tbody th').textContent()).toBe(dayOfThisMonth(1).slice(0, 7));
    expect(await table.locator('tbody td').first().textContent()).toBe('240,5');
    const size = await byMonth.locator('canvas').boundingBox();
    expect(size?.width).toBeGreaterThan(100);
    expect(
      await page
        .getByRole('region', { name: 'Sales', exact: true })
        .getByTestId('chart-number')
        .textContent(),
    ).toBe('3');
    await expectNoAxeViolations(page);
    await page.close();
  });
});

describe('the calendar (/calendar)', () => {
  it('moves an event to another day by dragging, and it is still there after a reload', async () => {
    const from = dayOfThisMonth(10);
    const to = dayOfThisMonth(12);
    const added = await apiCall(
      server,
      'Event/AddNew',
      { Title: 'Stock count', Start: `${from}T09:00:00Z`, End: `${from}T10:00:00Z`, Category: 'task' },
      admin,
    );
    expect(added.body.StatusCode).toBe(1);
    const page = await open('/calendar');
    const event = page.locator('.fc-event', { hasText: 'Stock count' });
    await event.waitFor();
    expect(
      await page.locator(`td[data-date="${from}"]`).locator('.fc-event', { hasText: 'Stock count' }).count(),
    ).toBe(1);
    await expectNoAxeViolations(page);

    const source = await event.boundingBox();
    const target = await page.locator(`td[data-date="${to}"] .fc-daygrid-day-frame`).boundingBox();
    if (!source || !target) throw new Error('no boxes');
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/v1/Event/UpdateFields'));
    await page.mouse.move(source.x + 5, source.y + source.height / 2);
    await page.mouse.down();
    for (let i = 1; i <= 10; i++)
      await page.mouse.move(
        source.x + 5 + ((target.x + 20 - source.x) * i) / 10,
        source.y + source.height / 2 + ((target.y + target.height / 2 - source.y) * i) / 10,
      );
    await page.mouse.up();
    const answer = await (await saved).json();
    expect(answer.Data).toMatchObject({ Start: `${to}T09:00:00.000Z`, End: `${to}T10:00:00.000Z` });

    await page.reload();
    await page.locator(`td[data-date="${to}"]`).locator('.fc-event', { hasText: 'Stock count' }).waitFor();
    expect(
      await page.locator(`td[data-date="${from}"]`).locator('.fc-event', { hasText: 'Stock count' }).count(),
    ).toBe(0);
    await page.close();
  });
});

describe('the file manager (/file-manager)', () => {
  it('uploads, renames, previews and deletes a file', async () => {
    const page = await open('/file-manager');
    await page.getByRole('heading', { name: 'Files' }).waitFor();
    await page.getByText('This folder is empty.').waitFor();
    await expectNoAxeViolations(page);

    await page
      .locator('#file-manager-upload')
      .setInputFiles({ name: 'chart.png', mimeType: 'image/png', buffer: PNG });
    await toast(page, 'File uploaded.').waitFor();
    await page.getByRole('button', { name: 'chart.png', exact: true }).waitFor();

    await page.getByRole('button', { name: 'Rename chart.png' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename chart.png' });
    await rename.getByLabel('Name').fill('sales-chart.png');
    await expectNoAxeViolations(page, '[role="dialog"]');
    await rename.getByRole('button', { name: 'Rename' }).click();
    await page.getByRole('button', { name: 'sales-chart.png', exact: true }).waitFor();

    await page.getByRole('button', { name: 'sales-chart.png', exact: true }).click();
    // The product's one image viewer, as for table photos.
    const preview = page.getByRole('dialog', { name: 'Image viewer' });
    const image = preview.getByRole('img', { name: 'sales-chart.png' });
    await image.waitFor();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(1);
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await preview.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Delete sales-chart.png' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm' });
    await confirm.getByText('Delete sales-chart.png?').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('This folder is empty.').waitFor();
    const listing = await apiCall(server, 'FileManager/List', {}, admin);
    expect(listing.body.Data.Items).toEqual([]);
    await page.close();
  });
});

describe('every new page is accessible', () => {
  const pages: [string, string][] = [
    ['/demo/api_document', 'API document'],
    ['/demo/buttonlist', 'Button list'],
    ['/demo/survey', 'Survey'],
    ['/demo/tabletotal', 'Table with totals'],
    ['/demo/tablecell', 'Table cells'],
    ['/demo/tablefilter', 'Table filters'],
    ['/demo/table', 'Table'],
    ['/demo/myui', 'Embedded screens'],
    ['/demo/libs', 'Libraries'],
    ['/demo/demo_dashboard_one', 'Dashboard one'],
    ['/demo/demo_chartjs', 'Chart.js charts'],
    ['/demo/demo_ggchart', 'Google-style charts'],
    ['/adoc/index', 'Documentation'],
    ['/adoc/screens', 'Screens'],
    ['/map', 'Map'],
    ['/reports/sales', 'Sales report'],
  ];
  for (const [path, heading] of pages) {
    it(`${path} shows "${heading}"`, async () => {
      const page = await open(path);
      await page.getByRole('heading', { name: heading, exact: true, level: 1 }).waitFor();
      // Wait until the screen's parts have loaded.
      await expect
        .poll(() => page.locator('[role="status"] .spinner-border').count(), { timeout: 15_000 })
        .toBe(0);
      await expectNoAxeViolations(page);
      await page.close();
    });
  }

  it('the button list runs a configured call and shows its answer', async () => {
    const page = await open('/demo/buttonlist');
    await page.getByRole('button', { name: 'Ping the server' }).click();
    await page.getByRole('heading', { name: 'Answer of Ping the server' }).waitFor();
    expect(await page.locator('pre').textContent()).toContain('"Pong": true');
    await page.getByRole('button', { name: 'A failing action' }).click();
    await page.getByRole('dialog', { name: 'Confirm' }).getByText('Run an action that fails?').waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('dialog', { name: 'Confirm' }).getByRole('button', { name: 'Cancel' }).click();
    await page.close();
  });

  it('the report totals the shown rows and the map lists its places without outside tiles', async () => {
    const report = await open('/reports/sales');
    await expect.poll(() => report.getByTestId('report-totals').textContent()).toContain('240,5');
    await report.close();
    const map = await open('/map');
    await map.getByTestId('map-places').getByText('Head office').waitFor();
    await map.getByText('No map tiles are configured: the places are shown on a blank map.').waitFor();
    expect(await map.locator('img.leaflet-tile').count()).toBe(0);
    await map.close();
  });

  it('the public test pages work for guests', async () => {
    const guest = await (await browser.newContext()).newPage();
    await guest.goto(`${server.url}/test/test_input_range`);
    await guest.getByRole('heading', { name: 'Input range test' }).waitFor();
    await guest.getByLabel('Volume as a number').fill('75');
    await guest.getByLabel('Volume as a number').blur();
    expect(await guest.getByTestId('volume-output').textContent()).toBe('Volume: 75');
    expect(await guest.getByRole('slider', { name: 'Volume', exact: true }).inputValue()).toBe('75');
    await expectNoAxeViolations(guest);
    await guest.goto(`${server.url}/test/test_camera`);
    await guest.getByRole('heading', { name: 'Camera test' }).waitFor();
    await guest.getByRole('button', { name: 'Start the camera' }).click();
    await guest.getByText(/No camera is available in this browser\.|permission was refused/).waitFor();
    await expectNoAxeViolations(guest);
    await guest.close();
  });
});

describe('the pay-slip OTP prompt (/demo/myui)', () => {
  it('shows the protected pay slip only after the current code of the second factor', async () => {
    // The second factor is turned on from another session, so the browser's stays signed in.
    const setupToken = await signInByApi(server, 'admin', ADMIN_PASSWORD);
    const setup = await apiCall(server, 'Aauth2FA/Setup', { FA2MethodId: 'totp' }, setupToken);
    const totp = new TOTP({
      secret: Secret.fromBase32(setup.body.Data.Secret),
      digits: 6,
      period: 30,
      algorithm: 'SHA1',
    });
    const enabled = await apiCall(
      server,
      'Aauth2FA/Enable',
      { FA2MethodId: 'totp', Code: totp.generate() },
      setupToken,
    );
    expect(enabled.body.StatusCode).toBe(1);

    const page = await open('/demo/myui');
    const box = page.getByRole('region', { name: 'Pay slip' });
    await box.getByRole('button', { name: 'Show Pay slip' }).click();
    const prompt = page.getByRole('dialog', { name: 'Pay slip' });
    await prompt.getByLabel('Code').waitFor();
    await expectNoAxeViolations(page);
    await prompt.getByLabel('Code').fill('000000');
    await prompt.getByRole('button', { name: 'Verify' }).click();
    await prompt.getByRole('alert').getByText('The code is not correct or has expired.').waitFor();
    expect(await box.getByRole('table').count()).toBe(0);
    // The next step's code: the one used to enable may not be used again.
    await prompt.getByLabel('Code').fill(totp.generate({ timestamp: Date.now() + 30_000 }));
    await prompt.getByRole('button', { name: 'Verify' }).click();
    await box.getByRole('table', { name: 'Pay slip, this month' }).waitFor();
    await page.close();
  });
});
