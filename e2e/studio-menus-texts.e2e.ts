// The studio's Menus and Texts pages (issue 22) in real Chromium: an administrator reorders a menu
// entry with the keyboard alone and adds an entry in a chosen group, publishes, and the menu shows
// both; a Vietnamese text changed in the studio is what a Vietnamese user sees once published; axe
// finds nothing on either page at 390 and 1440 px. With STUDIO_SCREENSHOTS=1 it also saves the pages'
// screenshots (light and dark, both widths) under docs/screens.
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, saveSettings, signInByApi } from './support/api';
import { expectNoAxeViolations, launchBrowser } from './support/browser';
import { type RunningServer, startServer } from './support/server';
import { signInThroughPage } from './support/sign-in';

const ADMIN_PASSWORD = 'Studio-Admin-Password-2';
const STAFF_PASSWORD = 'Studio-Staff-Password-2';
const SCREENS = resolve(import.meta.dirname, '..', 'docs', 'screens');

type Entry = { code: string; name: string; url: string; children: Entry[] };

let server: RunningServer;
let browser: Browser;
let admin = '';
let studio: Page;
const contexts: BrowserContext[] = [];

async function signedIn(username: string, password: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  contexts.push(context);
  await signInThroughPage(context, server, username, password);
  return context.newPage();
}

async function publish(message: string) {
  const published = await apiCall(server, 'Configuration/Publish', { Message: message }, admin);
  expect(published.body.StatusCode, JSON.stringify(published.body)).toBe(1);
}

/** axe at both widths; the screenshots of the page in light and dark when asked for. */
async function checkPage(name: string) {
  for (const width of [1440, 390]) {
    await studio.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await expectNoAxeViolations(studio);
    if (!process.env.STUDIO_SCREENSHOTS) continue;
    for (const theme of ['light', 'dark']) {
      await studio.evaluate((value) => document.documentElement.setAttribute('data-bs-theme', value), theme);
      await studio.screenshot({ path: join(SCREENS, `studio-${name}-${width}-${theme}.png`) });
    }
    await studio.evaluate(() => document.documentElement.removeAttribute('data-bs-theme'));
  }
  await studio.setViewportSize({ width: 1440, height: 900 });
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
    UserName: 'vnstaff',
    Email: 'vnstaff@example.com',
    Password: STAFF_PASSWORD,
    ConfirmPassword: STAFF_PASSWORD,
  });
  expect(registered.status, JSON.stringify(registered.body)).toBe(200);
  await saveSettings(server, admin, { registerAccount: false });
  const users = await apiCall(server, 'User/List', { Page: 1, PageSize: 5, TextSearch: 'vnstaff' }, admin);
  const roles = await apiCall(
    server,
    'User/UpdateFields',
    { Id: users.body.Data.Data[0].Id, Values: [{ FieldName: 'Roles', NewValue: ['staff'] }] },
    admin,
  );
  expect(roles.body.StatusCode, JSON.stringify(roles.body)).toBe(1);
  const staff = await signInByApi(server, 'vnstaff', STAFF_PASSWORD);
  const language = await apiCall(
    server,
    'Account/UpdateFields',
    { Values: [{ FieldName: 'LanguageCode', NewValue: 'vn' }] },
    staff,
  );
  expect(language.body.StatusCode, JSON.stringify(language.body)).toBe(1);
  studio = await signedIn('admin', ADMIN_PASSWORD);
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
});

describe('the studio’s menus and texts', () => {
  it('reorders an entry by keyboard alone and adds one in a chosen group; once published the menu shows both', async () => {
    const draft = (await apiCall(server, 'Configuration/Draft', {}, admin)).body.Data;
    const data = (draft.Document.menus.side as Entry[]).find((entry) => entry.code === 'group-data');
    const [first, second] = data?.children ?? [];
    if (!first || !second) throw new Error('the Data group has fewer than two entries');

    await studio.goto(`${server.url}/studio/menus`);
    const handle = studio.getByRole('button', { name: `Move ${second.name}`, exact: true });
    await handle.waitFor();
    await checkPage('menus');

    // Keyboard alone: focus the entry's handle, Alt+ArrowUp; the move is announced and saved.
    const saved = studio.waitForResponse((response) => response.url().endsWith('/Configuration/SaveDraft'));
    await handle.focus();
    await studio.keyboard.press('Alt+ArrowUp');
    expect((await saved).status()).toBe(200);
    await studio.getByText(`${second.name}: place 1 of ${data?.children.length} in Data.`).waitFor();
    expect(await studio.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      `Move ${second.name}`,
    );

    // An entry in the Reports group, opening a screen chosen from the configuration's screens.
    await studio.getByRole('button', { name: 'Add an entry', exact: true }).click();
    const dialog = studio.getByRole('dialog');
    await dialog.getByLabel('Put it in').selectOption({ label: 'Reports' });
    await dialog.getByLabel('Name', { exact: true }).fill('Weekly figures');
    await dialog.getByLabel('Name in Vietnamese').fill('Số liệu tuần');
    await dialog.getByLabel('Screen', { exact: true }).selectOption({ value: '/data/products' });
    await expectNoAxeViolations(studio, '.modal');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    const added = studio.locator('.studio-menu-row', { hasText: 'Weekly figures' });
    await added.getByText('Changed in the draft').waitFor();

    await publish('Reorder the data group; weekly figures under reports');
    // The menu a user gets: the studio's own page is told of the publish, or a reload reads it.
    await studio.goto(`${server.url}/home`);
    const sidebar = studio.locator('#app-sidebar');
    const reports = sidebar.locator('.sidebar-group', {
      has: studio.getByRole('heading', { name: 'Reports' }),
    });
    await reports.getByRole('link', { name: 'Weekly figures' }).waitFor();
    const dataGroup = sidebar.locator('.sidebar-group', {
      has: studio.getByRole('heading', { name: 'Data' }),
    });
    const names = await dataGroup.getByRole('link').allTextContents();
    expect(names.slice(0, 2).map((name) => name.trim())).toEqual([second.name, first.name]);
  }, 240_000);

  it('changes a Vietnamese text that a Vietnamese user then sees', async () => {
    await studio.goto(`${server.url}/studio/texts`);
    await studio.getByLabel('Search', { exact: true }).fill('Search menu');
    const row = studio.locator('.studio-text-row', {
      has: studio.locator('code', { hasText: /^Search menu$/ }),
    });
    await row.getByText('Tìm trong menu').waitFor();
    await studio.getByLabel('Search', { exact: true }).fill('');
    await studio.locator('.studio-text-row').nth(3).waitFor();
    await checkPage('texts');

    await studio.getByLabel('Search', { exact: true }).fill('Search menu');
    await row.getByRole('button', { name: 'Edit the text for “Search menu”' }).click();
    await row.getByLabel('Text for “Search menu”').fill('Tìm nhanh chức năng');
    await row.getByRole('button', { name: 'Save' }).click();
    await row.getByText('Changed in the draft').waitFor();
    await publish('A shorter Vietnamese search label');

    const vietnamese = await signedIn('vnstaff', STAFF_PASSWORD);
    await vietnamese.goto(`${server.url}/home`);
    await vietnamese.getByRole('searchbox', { name: 'Tìm nhanh chức năng' }).waitFor();
    // The entry added in the first test, under its Vietnamese name.
    await vietnamese.locator('#app-sidebar').getByRole('link', { name: 'Số liệu tuần' }).waitFor();
    expect(await vietnamese.locator('html').getAttribute('lang')).toMatch(/^vi|^vn/);
  }, 240_000);
});
