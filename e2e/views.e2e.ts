// The views of issue 9 item 16 in real Chromium against the built product: a chart's second axis,
// adding and editing events on the calendar, map tiles from a setting with the grey map as the
// offline fallback (on local servers only: the tests never reach the internet), and the one image
// viewer of tables and files.
import { createServer, type Server } from 'node:http';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, saveSettings, signInByApi } from './support/api';
import { expectNoAxeViolations, launchBrowser } from './support/browser';
import { freePort, type RunningServer, startServer } from './support/server';

/** Waits for a state, however loaded the machine is (expect.poll alone gives up after 1 s). */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000, interval: 100 });

const ADMIN_PASSWORD = 'Views-Admin-Password-1';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let admin = '';
/** A local tile server: answers every /{z}/{x}/{y}.png with a one-pixel image and counts them. */
let tiles: Server;
let tilePort = 0;
const tileRequests: string[] = [];

/** A day of the current month (UTC), as YYYY-MM-DD. */
const dayOfThisMonth = (day: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), day)).toISOString().slice(0, 10);
};
/** The same day as the date-time fields write it (dd/mm/yyyy). */
const pickerDay = (iso: string) => iso.split('-').reverse().join('/');

beforeAll(async () => {
  tilePort = await freePort();
  tiles = createServer((request, response) => {
    tileRequests.push(request.url ?? '');
    if (/^\/\d+\/\d+\/\d+\.png$/.test(request.url ?? '')) {
      response.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    } else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => tiles.listen(tilePort, '127.0.0.1', resolve));
  [server, browser] = await Promise.all([startServer({ ADMIN_PASSWORD }), launchBrowser()]);
  admin = await signInByApi(server, 'admin', ADMIN_PASSWORD);
  // Sales in two months whose amounts are thousands of times their quantities.
  for (const [SoldOn, Amount, Quantity] of [
    [dayOfThisMonth(2), 125_000, 3],
    [dayOfThisMonth(3), 98_000, 2],
  ] as const) {
    const added = await apiCall(
      server,
      'Sale/AddNew',
      { SoldOn, Region: 'north', Channel: 'shop', Amount, Quantity, Customer: 'Customer' },
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

  context = await browser.newContext({
    timezoneId: 'UTC',
    locale: 'en-GB',
    viewport: { width: 1440, height: 900 },
  });
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
  await new Promise((resolve) => tiles?.close(resolve));
});

async function open(path: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${server.url}${path}`);
  return page;
}

/** The header cells of a chart's figures table (the legend's texts), by the chart's title. */
const seriesOf = (page: Page, title: string) =>
  page
    .getByTestId('chart-data')
    .filter({ has: page.locator('caption', { hasText: new RegExp(`^${title}$`) }) })
    .locator('thead th');

describe('charts', () => {
  it('draws a series of a much smaller magnitude against a second axis, and says so', async () => {
    const page = await open('/demo/demo_chartjs');
    await page.getByRole('heading', { name: 'Chart.js charts' }).waitFor();
    // The line chart of sales by month: amounts in hundred thousands, quantities in units.
    await expect
      .poll(() => seriesOf(page, 'Line').allTextContents())
      .toEqual(['Amount', 'Quantity (right axis)']);
    // One series alone has one axis.
    await poll(() => seriesOf(page, 'Bar').allTextContents()).toEqual(['Amount']);
    await expectNoAxeViolations(page);
    await page.close();
  });
});

describe('google-style charts', () => {
  it('are drawn in their own style, with the second axis too', async () => {
    const page = await open('/demo/demo_ggchart');
    await page.getByRole('heading', { name: 'Google-style charts' }).waitFor();
    await poll(() => page.getByTestId('chart-canvas').count()).toBe(4);
    for (const style of await page
      .getByTestId('chart-canvas')
      .evaluateAll((canvases) => canvases.map((c) => c.getAttribute('data-chart-style'))))
      expect(style).toBe('google');
    await expect
      .poll(() => seriesOf(page, 'Area chart').allTextContents())
      .toEqual(['Amount', 'Quantity (right axis)']);
    await expectNoAxeViolations(page);
    const plain = await open('/demo/demo_chartjs');
    await plain.getByTestId('chart-canvas').first().waitFor();
    expect(await plain.getByTestId('chart-canvas').first().getAttribute('data-chart-style')).toBe('default');
    await page.close();
    await plain.close();
  });
});

describe('the calendar (/calendar)', () => {
  it('adds an event on a clicked empty day, then opens it for editing and moves it', async () => {
    const day = dayOfThisMonth(15);
    const later = dayOfThisMonth(17);
    const page = await open('/calendar');
    const cell = page.locator(`td[data-date="${day}"]`);
    await cell.waitFor();
    // The empty part of the day, under its number.
    const frame = await cell.locator('.fc-daygrid-day-frame').boundingBox();
    if (!frame) throw new Error('no day');
    await page.mouse.click(frame.x + frame.width / 2, frame.y + frame.height - 8);

    const adding = page.getByRole('dialog', { name: 'New event' });
    await adding.waitFor();
    expect(await adding.getByLabel('Start').inputValue()).toBe(`${pickerDay(day)} 09:00`);
    expect(await adding.getByLabel('End').inputValue()).toBe(`${pickerDay(day)} 10:00`);
    await adding.getByLabel('Title').fill('Supplier visit');
    await expectNoAxeViolations(page, '[role="dialog"]');
    await adding.getByRole('button', { name: 'Add' }).click();
    await adding.waitFor({ state: 'detached' });
    await cell.locator('.fc-event', { hasText: 'Supplier visit' }).waitFor();
    const listed = await apiCall(server, 'Event/List', { Page: 1, PageSize: 100 }, admin);
    expect(listed.body.Data.Data.find((e: { Title: string }) => e.Title === 'Supplier visit')).toMatchObject({
      Start: `${day}T09:00:00.000Z`,
      End: `${day}T10:00:00.000Z`,
    });

    await cell.locator('.fc-event', { hasText: 'Supplier visit' }).click();
    const editing = page.getByRole('dialog', { name: 'Edit Supplier visit' });
    await editing.waitFor();
    await editing.getByRole('group', { name: 'Move' }).waitFor();
    await editing.getByLabel('Title').fill('Supplier visit (moved)');
    await editing.getByLabel('Start').fill(`${pickerDay(later)} 09:00`);
    await editing.getByLabel('End').fill(`${pickerDay(later)} 11:30`);
    // Escape in a date picker closes only the picker (it may cover the dialog's fields).
    await page.keyboard.press('Escape');
    await poll(() => page.locator('.flatpickr-calendar.open').count()).toBe(0);
    expect(await editing.getByLabel('End').inputValue()).toBe(`${pickerDay(later)} 11:30`);
    await expectNoAxeViolations(page, '[role="dialog"]');
    await editing.getByRole('button', { name: 'Save' }).click();
    await editing.waitFor({ state: 'detached' });
    await page
      .locator(`td[data-date="${later}"]`)
      .locator('.fc-event', { hasText: 'Supplier visit (moved)' })
      .waitFor();
    expect(await cell.locator('.fc-event').count()).toBe(0);

    await page.reload();
    await page
      .locator(`td[data-date="${later}"]`)
      .locator('.fc-event', { hasText: 'Supplier visit (moved)' })
      .waitFor();
    const moved = await apiCall(server, 'Event/List', { Page: 1, PageSize: 100 }, admin);
    expect(
      moved.body.Data.Data.find((e: { Title: string }) => e.Title === 'Supplier visit (moved)'),
    ).toMatchObject({ Start: `${later}T09:00:00.000Z`, End: `${later}T11:30:00.000Z` });
    await expectNoAxeViolations(page);
    await page.close();
  });

  it("keeps today's number and events readable in dark mode (the calendar with links to its days)", async () => {
    const page = await open('/demo/libs');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForFunction(() => document.documentElement.getAttribute('data-bs-theme') === 'dark');
    // Today's tint once took the day's number and its events under 4.5:1 (4.48).
    await page.locator('.fc-day-today .fc-daygrid-day-number').waitFor();
    await expectNoAxeViolations(page, '.fc');
    await page.close();
  });
});

describe('the map (/map)', () => {
  it("has OpenStreetMap's tiles by default, as a setting", async () => {
    const first = await apiCall(server, 'GlobalAppSetting/FisrtSetting', {}, admin);
    expect(first.body.Data.UIAppConfig.mapTileUrl).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    const refused = await apiCall(
      server,
      'GlobalAppSetting/SaveSettings',
      { UIAppConfig: { mapTileUrl: 'javascript:alert(1)' } },
      admin,
    );
    expect(refused.status).toBe(400);
  });

  it('draws the tiles of the tile server the setting names', async () => {
    await saveSettings(server, admin, { mapTileUrl: `http://127.0.0.1:${tilePort}/{z}/{x}/{y}.png` });
    tileRequests.length = 0;
    const page = await open('/map');
    await page.getByTestId('map-places').getByText('Head office').waitFor();
    await poll(() => page.locator('img.leaflet-tile-loaded').count()).toBeGreaterThan(0);
    for (const src of await page
      .locator('img.leaflet-tile')
      .evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).src)))
      expect(src.startsWith(`http://127.0.0.1:${tilePort}/`)).toBe(true);
    expect(tileRequests.length).toBeGreaterThan(0);
    expect(await page.getByText('could not be loaded').count()).toBe(0);
    await expectNoAxeViolations(page);
    await page.close();
  });

  it('falls back to the grey map when the tile server cannot be reached', async () => {
    // A local address where nothing listens: the tiles fail as they would offline.
    await saveSettings(server, admin, { mapTileUrl: `http://127.0.0.1:${await freePort()}/{z}/{x}/{y}.png` });
    const page = await open('/map');
    await page.getByTestId('map-places').getByText('Head office').waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: 'The map tiles could not be loaded: the places are shown on a blank map.' })
      .waitFor();
    await poll(() => page.locator('img.leaflet-tile').count()).toBe(0);
    // The markers are still there, on the grey map.
    expect(await page.locator('path.leaflet-interactive').count()).toBe(1);
    await expectNoAxeViolations(page);
    await page.close();
  });
});

describe('one image viewer for tables and files', () => {
  it('opens a file manager image in the lightbox, with zoom and the file name', async () => {
    const page = await open('/file-manager');
    await page.getByRole('heading', { name: 'Files' }).waitFor();
    await page
      .locator('#file-manager-upload')
      .setInputFiles({ name: 'plan.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('button', { name: 'plan.png', exact: true }).click();
    const viewer = page.getByRole('dialog', { name: 'Image viewer' });
    await viewer.waitFor();
    const image = viewer.getByRole('img', { name: 'plan.png' });
    await image.waitFor();
    await viewer.getByText('plan.png').waitFor();
    await viewer.getByRole('button', { name: 'Zoom in' }).click();
    expect(await image.getAttribute('data-zoom')).toBe('1.3');
    await viewer.getByRole('button', { name: 'Rotate right' }).click();
    expect(await image.getAttribute('data-rotation')).toBe('90');
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    expect(await image.getAttribute('data-zoom')).toBe('1');
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
    await page.close();
  });
});
