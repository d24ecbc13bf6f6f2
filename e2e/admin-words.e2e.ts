// Administration read in words, in real Chromium against the built product with its demo data: the
// side menu names every entry distinctly in English and in Vietnamese (no two entries called
// "Bán hàng"); the audit log says what happened, to what and which fields, in the user's language.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, saveSettings, signInByApi } from './support/api';
import { expectNoAxeViolations, launchBrowser } from './support/browser';
import { type RunningServer, startServer } from './support/server';

const ADMIN_PASSWORD = 'E2e-Admin-Words-Password-1';
let server: RunningServer;
let browser: Browser;
let page: Page;
let token = '';

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ ADMIN_PASSWORD, DEMO_DATA: 'true', DEMO_PRODUCTS: '20' }),
    launchBrowser(),
  ]);
  token = await signInByApi(server, 'admin', ADMIN_PASSWORD);
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  page = await context.newPage();
  await page.goto(`${server.url}/login`);
  await page.locator('#login-username').fill('admin');
  await page.locator('#login-password').fill(ADMIN_PASSWORD);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL(`${server.url}/home`);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function useLanguage(code: 'en' | 'vn'): Promise<void> {
  const changed = await apiCall(
    server,
    'Account/UpdateFields',
    { Values: [{ FieldName: 'LanguageCode', NewValue: code }] },
    token,
  );
  expect(changed.body.StatusCode).toBe(1);
  await page.evaluate((language) => localStorage.setItem('Language', language), code);
}

/** Every label of the side menu, groups and entries, as the user reads them. */
async function menuLabels(): Promise<string[]> {
  const menu = page.locator('#app-sidebar');
  await menu.locator('.nav-link').first().waitFor();
  const labels = await menu.locator('.sidebar-group-title, .nav-link').allTextContents();
  return labels.map((l) => l.trim()).filter(Boolean);
}

const duplicates = (labels: string[]) => labels.filter((l, i) => labels.indexOf(l) !== i);

describe('the side menu', () => {
  it('names every entry distinctly, in English and in Vietnamese', async () => {
    await useLanguage('en');
    await page.goto(`${server.url}/home`);
    const english = await menuLabels();
    expect(english.length).toBeGreaterThan(15);
    expect(duplicates(english)).toEqual([]);

    await useLanguage('vn');
    await page.goto(`${server.url}/home`);
    await page.getByRole('navigation', { name: 'Menu chính' }).waitFor();
    const vietnamese = await menuLabels();
    expect(vietnamese.length).toBe(english.length);
    expect(duplicates(vietnamese)).toEqual([]);
    // Each is a translation, not the English left over.
    expect(vietnamese.filter((l, i) => l === english[i] && /[a-z]{3}/.test(l))).toEqual([]);
    await useLanguage('en');
  });
});

describe('the audit log', () => {
  it('says what happened, to what and which fields, in English and in Vietnamese', async () => {
    await useLanguage('en');
    const categories = await apiCall(server, 'Category/List', { Page: 1, PageSize: 50 }, token);
    const category = categories.body.Data.Data.find((row: { IsLocked?: boolean }) => !row.IsLocked);
    const renamed = await apiCall(
      server,
      'Category/UpdateFields',
      { Id: category.Id, Values: [{ FieldName: 'Name', NewValue: 'Audited beans' }] },
      token,
    );
    expect(renamed.body.StatusCode).toBe(1);

    await page.goto(`${server.url}/admin/audit`);
    const table = page.getByRole('main');
    await table.getByText('Audited beans').first().waitFor();
    const text = (await table.textContent()) ?? '';
    expect(text).toContain('Changed a record');
    expect(text).toContain('Categories');
    expect(text).toContain(`Name: ${category.Name} → Audited beans`);
    expect(text).toContain('Updated the profile');
    expect(text).toContain('Succeeded');
    expect(text).toContain('Language');
    for (const code of ['profile_update', 'record_update', 'languageCode', 'Category ']) {
      expect(text).not.toContain(code);
    }
    await expectNoAxeViolations(page);

    await useLanguage('vn');
    await page.goto(`${server.url}/admin/audit`);
    await page.getByRole('main').getByText('Audited beans').first().waitFor();
    await expect.poll(() => page.getByRole('main').textContent()).toContain('Tên: ');
    const vietnamese = (await page.getByRole('main').textContent()) ?? '';
    expect(vietnamese).toContain('Đã cập nhật hồ sơ');
    expect(vietnamese).toContain('Danh mục');
    expect(vietnamese).toContain(`Tên: ${category.Name} → Audited beans`);
    expect(vietnamese).toContain('Ngôn ngữ');
    // Nothing of it in English or in codes, the action filter's choices included.
    for (const english of ['Changed a record', 'Updated the profile', 'success']) {
      expect(vietnamese).not.toContain(english);
    }
    expect(vietnamese).toContain('Thành công');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 1440, height: 900 });
    await useLanguage('en');
  });

  it('says the open log in the new language right after a switch in the header, without Refresh Cache', async () => {
    await useLanguage('en');
    await saveSettings(server, token, { languageChange: true });
    try {
      await page.goto(`${server.url}/admin/audit`);
      const main = page.getByRole('main');
      const shown = (text: string) => main.getByText(text).filter({ visible: true }).first();
      await shown('Updated the profile').waitFor();
      await page.getByRole('combobox', { name: 'Language' }).selectOption('vn');
      // The rows and the action filter's choices the server said in English are read again in Vietnamese.
      await shown('Đã cập nhật hồ sơ').waitFor();
      await expect.poll(() => main.textContent()).not.toContain('Updated the profile');
    } finally {
      await saveSettings(server, token, { languageChange: false });
      await useLanguage('en');
    }
  });
});

describe('Permissions → Add new', () => {
  it('asks for the screen first, then the role and the actions by their labels: no field lists', async () => {
    await useLanguage('en');
    await page.goto(`${server.url}/admin/permissions`);
    await page.getByRole('button', { name: 'Add new' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Screen').waitFor();
    const labels = await dialog.locator('label').allTextContents();
    const names = labels.map((l) => l.replace('*', '').trim()).filter(Boolean);
    expect(names.indexOf('Screen')).toBeGreaterThanOrEqual(0);
    expect(names.indexOf('Screen')).toBeLessThan(names.indexOf('Role'));
    // The six actions, each by its word, and nothing of every resource's fields.
    expect(await dialog.getByRole('checkbox').count()).toBeLessThanOrEqual(6);
    const text = (await dialog.textContent()) ?? '';
    expect(text).not.toMatch(/\(UI_|\(Can[A-Z]|UI_Reload|UI_Delete/);
    for (const action of ['List', 'Detail', 'Add', 'Edit', 'Delete', 'Export']) {
      await dialog.getByLabel(action, { exact: true }).waitFor();
    }
    await expectNoAxeViolations(page, '.modal');
    await page.keyboard.press('Escape');
  });

  it('names fields and actions of a grant by their headers, without helper columns', async () => {
    const options = await apiCall(server, 'RoleGrant/Options', {}, token);
    const fields = options.body.Data.FieldList as { Value: string; Text: string; For: string }[];
    const actions = options.body.Data.NamedActionList as { Value: string; Text: string }[];
    expect(fields.filter((f) => f.Value.startsWith('UI_'))).toEqual([]);
    expect(fields.filter((f) => f.Text.endsWith(`(${f.Value})`))).toEqual([]);
    expect(fields.find((f) => f.Value === 'Price')?.Text).toContain('Price');
    // Each field belongs to its screen, which a grant's row narrows its field lists to.
    const productFields = fields.filter((f) => f.For === 'Product').map((f) => f.Value);
    expect(productFields).toEqual(expect.arrayContaining(['Price', 'Quantity', 'Status']));
    expect(productFields).not.toContain('Username');
    expect(fields.every((f) => typeof f.For === 'string' && f.For !== '')).toBe(true);
    const list = await apiCall(server, 'RoleGrant/List', { Page: 1, PageSize: 1 }, token);
    for (const field of ['EditFields', 'HiddenFields']) {
      const more = JSON.parse(list.body.Data.ExtraData.Columns[field].Type.more);
      expect(more.optionsFor).toBe('Target');
    }
    expect(actions.find((a) => a.Value === 'ResetPassword')?.Text).toBe('Reset password');
  });
});
