// The key screens of the product as pictures: where each is, what must be on screen before it is
// taken, and how a browser page is put in a colour mode and a language. Used by `npm run screenshots`
// (e2e/screenshots.ts) and by the visual check against committed baselines (e2e/visual.e2e.ts).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { apiCall, saveSettings, signInByApi } from './api';
import type { RunningServer } from './server';

export type Shot = {
  name: string;
  path: string;
  /** Who looks: the administrator, or a staff member (for the 403 page). */
  as?: 'admin' | 'staff';
  ready: (page: Page) => Promise<unknown>;
};

export const SHOTS: Shot[] = [
  { name: 'home', path: '/home', ready: (page) => page.locator('.home-figures').waitFor() },
  {
    name: 'table',
    path: '/data/products',
    ready: (page) => page.locator('tr[data-row-id]').first().waitFor(),
  },
  { name: 'form', path: '/demo/formcontrol', ready: (page) => page.locator('form').first().waitFor() },
  { name: 'profile', path: '/my-profile', ready: (page) => page.locator('form').first().waitFor() },
  {
    name: 'till',
    path: '/pos',
    ready: (page) => page.locator('.pos-page, main h1').first().waitFor(),
  },
  { name: 'studio', path: '/studio', ready: (page) => page.locator('main h1').first().waitFor() },
  { name: 'dashboard', path: '/dashboard', ready: (page) => page.locator('canvas').first().waitFor() },
  {
    name: 'forbidden',
    path: '/setting',
    as: 'staff',
    ready: (page) => page.locator('main h1').first().waitFor(),
  },
];

export const WIDTHS = [
  { name: '1440', viewport: { width: 1440, height: 900 } },
  { name: '390', viewport: { width: 390, height: 844 } },
] as const;
export const THEMES = ['light', 'dark'] as const;
export const LANGUAGES = ['en', 'vn'] as const;
export type Theme = (typeof THEMES)[number];
export type Language = (typeof LANGUAGES)[number];

export const STAFF_USER = 'screens-staff';
export const STAFF_PASSWORD = 'Screens-Staff-Password-1';

/** A staff account (no administrator), registered through the public registration. */
export async function makeStaff(server: RunningServer, adminToken: string): Promise<void> {
  await saveSettings(server, adminToken, { registerAccount: true });
  await apiCall(server, 'Account/Register', {
    UserName: STAFF_USER,
    Email: `${STAFF_USER}@example.com`,
    Password: STAFF_PASSWORD,
    ConfirmPassword: STAFF_PASSWORD,
  });
  await saveSettings(server, adminToken, { registerAccount: false });
}

/** The account's language and colour mode, as the user would have chosen them. */
export async function chooseLook(
  server: RunningServer,
  username: string,
  password: string,
  look: { theme: Theme; language: Language },
): Promise<void> {
  const token = await signInByApi(server, username, password);
  await apiCall(
    server,
    'Account/UpdateFields',
    {
      Values: [
        { FieldName: 'LanguageCode', NewValue: look.language },
        { FieldName: 'ColorMode', NewValue: look.theme },
      ],
    },
    token,
  );
}

/** A browser context at a width and in a colour mode, signed in through the sign-in page. */
export async function lookingContext(
  browser: Browser,
  server: RunningServer,
  viewport: { width: number; height: number },
  look: { theme: Theme; language: Language },
  account?: { username: string; password: string },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1, colorScheme: look.theme });
  // The first paint already in the mode and the language (as after an earlier visit).
  await context.addInitScript(
    ([theme, language]) => {
      localStorage.setItem('ColorMode', theme as string);
      localStorage.setItem('Language', language as string);
    },
    [look.theme, look.language],
  );
  const page = await context.newPage();
  if (account) {
    await page.goto(`${server.url}/login`);
    await page.locator('#login-username').fill(account.username);
    await page.locator('#login-password').fill(account.password);
    await page.locator('button[type="submit"]').click();
    await page.waitForURL(`${server.url}/home`);
  }
  return { context, page };
}

/** Waits until nothing moves: the network quiet, no spinner, no toast, fonts loaded, no caret. */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => {});
  await page.waitForFunction(
    () =>
      !document.querySelector('.spinner-border, .table-loading, [aria-busy="true"]') &&
      !document.querySelector('[class*="Toastify__bounce"]'),
    null,
    { timeout: 15_000 },
  );
  await page.evaluate(() => document.fonts.ready);
  await page.addStyleTag({
    content:
      '*, *::before, *::after { caret-color: transparent !important; transition: none !important; animation: none !important; }',
  });
}
