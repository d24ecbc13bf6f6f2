// Every page and every screen the server lists (in `npm test`, a slice: see support/sweep.ts), at a
// desktop (1440 px) and a phone (390 px) width, in both colour modes:
// zero axe violations, and on the phone no sideways scrolling of the page itself (a wide table
// scrolls inside its own box). One browser page walks them all; each problem is reported by path.
// The account follows the device's colour mode, so the sweep switches the emulated one: the full sweep
// checks every page in light and in dark; `npm test`'s slice alternates the two from page to page (every
// other renderer in dark), which checks dark mode without doubling its time.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, signInByApi } from './support/api';
import { expectNoAxeViolations, launchBrowser } from './support/browser';
import { type RunningServer, startServer } from './support/server';
import { FULL_SWEEP, sweepPaths } from './support/sweep';

const ADMIN_PASSWORD = 'E2e-Axe-Sweep-Password-1';
const WIDTHS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;
const GUEST_PATHS = ['/login', '/forgot', '/welcome', '/reset-password/not-a-key'];

type Theme = 'light' | 'dark';
const THEMES: readonly Theme[] = ['light', 'dark'];

/** The colour modes a page is checked in: both in the full sweep, else one, alternating by its place. */
function themesFor(index: number): readonly Theme[] {
  if (FULL_SWEEP) return THEMES;
  return index % 2 === 0 ? ['light'] : ['dark'];
}

let server: RunningServer;
let browser: Browser;
let screenPaths: string[] = [];
let projectPath = '';

/** A project page's own tabs (each its own renderer: the board, the API tests, the schedule...). */
async function sweepProjectTabs(page: Page, phone: boolean): Promise<Record<string, string>> {
  const problems: Record<string, string> = {};
  await visit(page, projectPath);
  const tabs = ['Tasks', 'Board', 'Releases', 'Schedule', 'API tests', 'Environments', 'Members'];
  for (const [index, tab] of tabs.entries()) {
    for (const theme of themesFor(index)) {
      try {
        await drawIn(page, theme);
        await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
        await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => {});
        await page.waitForFunction(
          () => !document.querySelector('.spinner-border, [aria-busy="true"]'),
          null,
          {
            timeout: 15_000,
          },
        );
        const problem = await problemOf(page, phone);
        if (problem) problems[`${projectPath} ${tab} (${theme})`] = problem;
      } catch (error) {
        problems[`${projectPath} ${tab} (${theme})`] = (error as Error).message
          .split('\n')
          .slice(0, 4)
          .join(' | ');
      }
    }
  }
  return problems;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ ADMIN_PASSWORD, DEMO_DATA: 'true', DEMO_PRODUCTS: '20' }),
    launchBrowser(),
  ]);
  const token = await signInByApi(server, 'admin', ADMIN_PASSWORD);
  const list = await apiCall(server, 'ConfigMenu/CategoryScreenList', {}, token);
  const projects = await apiCall(server, 'Project/List', { Page: 1, PageSize: 1 }, token);
  const tasks = await apiCall(server, 'Task/List', { Page: 1, PageSize: 1 }, token);
  const parameters: Record<string, string> = {
    pj: String(projects.body.Data.Data[0].Id),
    taskid: String(tasks.body.Data.Data[0].Id),
  };
  screenPaths = sweepPaths(list.body.Data as { UIUrl: string; UIType: string }[], (url) =>
    url.replace(/\[(\w+)\]/g, (_, name: string) => parameters[name] ?? name),
  );
  projectPath = `/pj/${parameters.pj}`;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Opens a path and waits until it has settled: no spinner, nothing busy, the network quiet. */
async function visit(page: Page, path: string): Promise<void> {
  await page.goto(`${server.url}${path}`);
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => {});
  await page.waitForFunction(() => !document.querySelector('.spinner-border, [aria-busy="true"]'), null, {
    timeout: 15_000,
  });
}

/** Draws the page in a colour mode (the account and the browser follow the device's) and waits for it. */
async function drawIn(page: Page, theme: Theme): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  await page.waitForFunction(
    (wanted) => document.documentElement.getAttribute('data-bs-theme') === wanted,
    theme,
    {
      timeout: 5_000,
    },
  );
}

/** What is wrong with the page as drawn now: axe's findings, sideways scrolling on a phone; or nothing. */
async function problemOf(page: Page, phone: boolean): Promise<string | undefined> {
  try {
    await expectNoAxeViolations(page);
    if (phone) {
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      if (overflow > 1) return `the page scrolls sideways by ${overflow} px`;
    }
  } catch (error) {
    return (error as Error).message.split('\n').slice(0, 4).join(' | ');
  }
  return undefined;
}

/** What is wrong with each path at this width, by path and colour mode. */
async function sweep(page: Page, paths: string[], phone: boolean): Promise<Record<string, string>> {
  const problems: Record<string, string> = {};
  for (const [index, path] of paths.entries()) {
    for (const theme of themesFor(index)) {
      try {
        await page.emulateMedia({ colorScheme: theme });
        await visit(page, path);
        await drawIn(page, theme);
        const problem = await problemOf(page, phone);
        if (problem) problems[`${path} (${theme})`] = problem;
      } catch (error) {
        problems[`${path} (${theme})`] = (error as Error).message.split('\n').slice(0, 4).join(' | ');
      }
    }
  }
  return problems;
}

// `npm test` sweeps the phone width (where layouts break); the full sweep takes both.
describe.each(FULL_SWEEP ? WIDTHS : WIDTHS.filter((width) => width.name === 'phone'))(
  'axe on every page at $width px ($name)',
  ({ name, width, height }) => {
    it('the guest pages and every screen of the menu, signed in', async () => {
      const context = await browser.newContext({ viewport: { width, height } });
      const page = await context.newPage();
      const problems = await sweep(page, GUEST_PATHS, name === 'phone');
      await page.goto(`${server.url}/login`);
      await page.locator('#login-username').fill('admin');
      await page.locator('#login-password').fill(ADMIN_PASSWORD);
      await page.locator('button[type="submit"]').click();
      await page.waitForURL(`${server.url}/home`);
      expect(screenPaths.length).toBeGreaterThan(FULL_SWEEP ? 20 : 8);
      const signedIn = [
        '/home',
        '/my-profile',
        '/setting',
        '/pos',
        '/no-such-screen',
        ...new Set(screenPaths),
      ];
      Object.assign(problems, await sweep(page, signedIn, name === 'phone'));
      Object.assign(problems, await sweepProjectTabs(page, name === 'phone'));
      await context.close();
      expect(problems).toEqual({});
    }, 900_000);
  },
);
