// Every screen type and page in the pseudo-locale, in real Chromium: each translated text reads
// ⟦…⟧, so any visible text node with a letter outside the markers (and outside an element marked as
// data) is a text that no translation can reach.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, signInByApi } from './support/api';
import { launchBrowser } from './support/browser';
import { unwrappedTexts, usePseudoLocale } from './support/pseudo-locale';
import { type RunningServer, startServer } from './support/server';
import { sweepPaths } from './support/sweep';

const ADMIN_PASSWORD = 'E2e-Pseudo-Password-1';
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let screens: { UIUrl: string; UIType: string; ScreenCode: string }[] = [];
/** Values for the screens' address parameters ([pj], [taskid]). */
const parameters: Record<string, string> = {};

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ ADMIN_PASSWORD, DEMO_DATA: 'true', DEMO_PRODUCTS: '20' }),
    launchBrowser(),
  ]);
  const token = await signInByApi(server, 'admin', ADMIN_PASSWORD);
  const list = await apiCall(server, 'ConfigMenu/CategoryScreenList', {}, token);
  screens = list.body.Data;
  const projects = await apiCall(server, 'Project/List', { Page: 1, PageSize: 1 }, token);
  parameters.pj = String(projects.body.Data.Data[0].Id);
  const tasks = await apiCall(server, 'Task/List', { Page: 1, PageSize: 1 }, token);
  parameters.taskid = String(tasks.body.Data.Data[0].Id);
  context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await usePseudoLocale(context);
  page = await context.newPage();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Opens a path and waits until the page has settled (no spinner, no pending texts). */
async function visit(path: string): Promise<void> {
  await page.goto(`${server.url}${path}`);
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => {});
  await page.waitForFunction(() => !document.querySelector('.spinner-border, [aria-busy="true"]'), null, {
    timeout: 15_000,
  });
  // The page shows its own texts (markers are there) before it is judged.
  await page.waitForFunction(() => document.body.innerText.includes('⟦'), null, { timeout: 15_000 });
}

/** What each path shows untranslated (or why it could not be judged). */
async function judge(paths: string[]): Promise<Record<string, string[]>> {
  const problems: Record<string, string[]> = {};
  for (const path of paths) {
    try {
      await visit(path);
      const texts = await unwrappedTexts(page);
      if (texts.length) problems[path] = texts;
    } catch (error) {
      problems[path] = [`did not settle: ${(error as Error).message.split('\n')[0]}`];
    }
  }
  return problems;
}

/** Signs in through the sign-in page (once; the page keeps the session). */
async function signIn(): Promise<void> {
  await page.goto(`${server.url}/login`);
  if (await page.evaluate(() => Boolean(localStorage.getItem('Auth-Token')))) return;
  await page.locator('#login-username').fill('admin');
  await page.locator('#login-password').fill(ADMIN_PASSWORD);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL(`${server.url}/home`);
}

describe('pseudo-locale: no text escapes translation', () => {
  it('the guest pages', async () => {
    expect(
      await judge([
        '/login',
        '/forgot',
        '/welcome',
        '/reset-password/not-a-key',
        '/test/test_input_range',
        '/test/test_camera',
      ]),
    ).toEqual({});
  });

  it('every screen of the menu and every page, signed in', async () => {
    await signIn();
    const paths = [
      '/home',
      '/my-profile',
      '/my-profile?tab=changepw',
      '/setting',
      '/pos',
      '/no-such-screen',
      ...sweepPaths(screens, (url) =>
        url.replace(/\[(\w+)\]/g, (_, name: string) => parameters[name] ?? name),
      ),
    ];
    expect(new Set(screens.map((s) => s.UIType)).size).toBeGreaterThan(8);
    expect(await judge([...new Set(paths)])).toEqual({});
  }, 600_000);

  it('opened states: the user menu, a table filter, an inline editor and the Add new dialog', async () => {
    const problems: Record<string, string[]> = {};
    const judgeState = async (state: string) => {
      const texts = await unwrappedTexts(page);
      if (texts.length) problems[state] = texts;
    };
    await signIn();
    await visit('/data/products');
    await page.locator('tr[data-row-id]').first().waitFor();
    await page.locator('#user-menu').click();
    await page.locator('.dropdown-menu.show').waitFor();
    await judgeState('user menu');
    await page.keyboard.press('Escape');
    await page.getByRole('search').locator('button').first().click();
    await judgeState('a filter');
    await page.keyboard.press('Escape');
    const cell = page.locator('tr[data-row-id] td[data-field="Name"]').first();
    await cell.locator('button.cell-edit-trigger, button.cell-edit-button').first().click();
    await cell.getByRole('textbox').waitFor();
    await judgeState('an inline editor');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Add new' }).first().click();
    await page.getByRole('dialog').waitFor();
    await judgeState('the Add new dialog');
    expect(problems).toEqual({});
  });
});
