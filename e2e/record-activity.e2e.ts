// A record's history and comments on the products table, in real Chromium against the built product
// with its default settings (the live stream off): opened from the row's expansion, the history in the
// user's language, a comment whose @mention reaches another signed-in user while they work, and an
// open thread that shows another user's comment by itself.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, saveSettings, signInByApi } from './support/api';
import { expectNoAxeViolations, launchBrowser } from './support/browser';
import { type RunningServer, startServer } from './support/server';
import { signInThroughPage } from './support/sign-in';

const ADMIN_PASSWORD = 'E2e-Activity-Password-1';
const STAFF_PASSWORD = 'E2e-Activity-Staff-1';
let server: RunningServer;
let browser: Browser;
let admin = '';
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ ADMIN_PASSWORD, DEMO_DATA: 'true', DEMO_PRODUCTS: '20' }),
    launchBrowser(),
  ]);
  admin = await signInByApi(server, 'admin', ADMIN_PASSWORD);
  // The live stream (hasSignalR) stays off, as in a new installation: the pages ask now and then.
  await saveSettings(server, admin, { registerAccount: true });
  // A Vietnamese staff user, to be mentioned.
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
  // Product 3's story: the staff user changes its price.
  const changed = await apiCall(
    server,
    'Product/UpdateFields',
    { Id: 3, Values: [{ FieldName: 'Price', NewValue: 4321.5 }] },
    staff,
  );
  expect(changed.body.StatusCode, JSON.stringify(changed.body)).toBe(1);
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
});

async function signedIn(username: string, password: string, width = 1440): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: width === 390 ? 844 : 900 } });
  contexts.push(context);
  await signInThroughPage(context, server, username, password);
  return context.newPage();
}

/** axe on the dialog in light and dark (the shell has no dark theme; the dialog's part is judged). */
async function checkDialog(page: Page, name: string): Promise<void> {
  for (const theme of ['light', 'dark']) {
    await page.evaluate((value) => document.documentElement.setAttribute('data-bs-theme', value), theme);
    await expectNoAxeViolations(page, '.modal');
    if (process.env.PW_SCREENSHOTS) {
      const width = page.viewportSize()?.width ?? 0;
      await page.screenshot({
        path: `${process.env.PW_SCREENSHOTS}/record-activity-${name}-${width}-${theme}.png`,
      });
    }
  }
  await page.evaluate(() => document.documentElement.setAttribute('data-bs-theme', 'light'));
}

describe("a record's history and comments", () => {
  it('opens from the row’s expansion, shows the history, and a comment’s @mention reaches the other signed-in user', async () => {
    const [adminPage, staffPage] = await Promise.all([
      signedIn('admin', ADMIN_PASSWORD),
      signedIn('vnstaff', STAFF_PASSWORD),
    ]);
    await staffPage.goto(`${server.url}/home`);
    await adminPage.goto(`${server.url}/data/products`);
    await adminPage.getByRole('button', { name: 'Show details of row 3' }).click();
    await adminPage
      .locator('[data-expansion-of="3"]')
      .getByRole('button', { name: 'Comments and history' })
      .click();
    const dialog = adminPage.getByRole('dialog', { name: 'Comments and history of #3' });
    await dialog.getByText('No comments yet. Start the conversation below.').waitFor();

    await dialog.getByRole('tab', { name: 'History' }).click();
    const latest = dialog.locator('.activity-entry').first();
    await latest.getByText('vnstaff').waitFor();
    expect(await latest.innerText()).toMatch(/vnstaff changed/);
    const priceRow = latest.locator('tr', { has: adminPage.getByRole('rowheader', { name: 'Price' }) });
    expect(await priceRow.locator('.activity-new').innerText()).toBe('4.321,50');
    await checkDialog(adminPage, 'history');

    await dialog.getByRole('tab', { name: 'Comments' }).click();
    const box = dialog.getByRole('textbox', { name: 'Add a comment' });
    await box.pressSequentially('Please check the price, @vns');
    const picker = dialog.getByRole('listbox', { name: 'People to mention' });
    await picker.getByRole('option', { name: /vnstaff/ }).waitFor();
    await checkDialog(adminPage, 'mention');
    await box.press('Enter');
    expect(await box.inputValue()).toBe('Please check the price, @vnstaff ');
    await box.pressSequentially('thanks!');
    await dialog.getByRole('button', { name: 'Comment', exact: true }).click();
    const comment = dialog.locator('.activity-comment').first();
    await comment.getByText('@vnstaff', { exact: true }).waitFor();
    expect(await comment.locator('.mention').innerText()).toBe('@vnstaff');

    // The mentioned user is told while they work, in Vietnamese, without the live stream (their page
    // asks every 10 s).
    const toast = staffPage.getByText(/Administrator đã nhắc đến bạn trong Sản phẩm #3/);
    await toast.waitFor({ timeout: 30_000 });
    expect(await toast.innerText()).toContain('Please check the price, @vnstaff thanks!');
    // The notification's link opens the record's thread; the history speaks Vietnamese.
    await staffPage.goto(`${server.url}/data/products?record=3`);
    const staffDialog = staffPage.getByRole('dialog');
    await staffDialog.locator('.activity-comment .mention').getByText('@vnstaff').waitFor();
    await staffDialog.getByRole('tab', { name: 'Lịch sử' }).click();
    const mine = staffDialog.locator('.activity-entry').first();
    await mine.getByRole('rowheader', { name: 'Giá' }).waitFor();
    expect(await mine.innerText()).toContain('vnstaff đã thay đổi');
    expect(new URL(staffPage.url()).searchParams.get('record')).toBeNull();

    // The staff user's thread is open: the administrator's next comment appears in it by itself.
    await staffDialog.getByRole('tab', { name: 'Bình luận' }).click();
    const reply = await apiCall(
      server,
      'Comments/AddNew',
      { APIName: 'Product', Id: 3, Body: 'Price confirmed, thank you.' },
      admin,
    );
    expect(reply.body.StatusCode, JSON.stringify(reply.body)).toBe(1);
    await staffDialog.getByText('Price confirmed, thank you.').waitFor({ timeout: 30_000 });
  }, 180_000);

  it('reads well at 390 px, light and dark, with no axe violations', async () => {
    const page = await signedIn('admin', ADMIN_PASSWORD, 390);
    await page.goto(`${server.url}/data/products?record=3`);
    const dialog = page.getByRole('dialog');
    await dialog.locator('.activity-comment').first().waitFor();
    await checkDialog(page, 'comments');
    await dialog.getByRole('tab', { name: 'History' }).click();
    await dialog.locator('.activity-entry').first().waitFor();
    await checkDialog(page, 'history');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, 'the page scrolls sideways at 390 px').toBeLessThanOrEqual(1);
  }, 120_000);
});
