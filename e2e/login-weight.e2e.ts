// /login's JavaScript stays within issue 26's budget: at most 110 KB gzip (each script at gzip level
// 9, as `npm run bench` weighs it) with React kept, and none of it is the router, TanStack Query or
// i18next (read from the built scripts' source maps). The rest of the app loads at the first key
// press and takes over when the user signs in.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { type RunningServer, startServer } from './support/server';

const LOGIN_JS_BUDGET_KB = 110;
const DIST = join(import.meta.dirname, '..', 'apps', 'web', 'dist');

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The built scripts a page asked for, by their path under dist. */
function recordScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

/** The packages a built script holds, from its source map (the bundler's runtime has none). */
function packagesOf(script: string): string[] {
  if (!existsSync(join(DIST, `${script}.map`))) return [];
  const map = JSON.parse(readFileSync(join(DIST, `${script}.map`), 'utf8')) as { sources: string[] };
  return map.sources
    .map((source) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1])
    .filter((name): name is string => name !== undefined);
}

const gzipKb = (script: string) => gzipSync(readFileSync(join(DIST, script)), { level: 9 }).length / 1024;

describe('/login, light', () => {
  it('loads at most 110 KB of JavaScript (gzip), React but no router, TanStack Query or i18next', async () => {
    const page = await (await browser.newContext()).newPage();
    const scripts = recordScripts(page);
    await page.goto(`${server.url}/login`);
    await page.getByRole('button', { name: 'Login' }).waitFor();
    await page.waitForLoadState('networkidle');
    const loaded = [...new Set(scripts)];
    const packages = new Set(loaded.flatMap(packagesOf));
    expect(packages).toContain('react-dom');
    for (const heavy of ['react-router', '@tanstack/query-core', '@tanstack/react-query', 'i18next']) {
      expect(packages, `${heavy} on /login`).not.toContain(heavy);
    }
    const total = loaded.reduce((sum, script) => sum + gzipKb(script), 0);
    expect(total).toBeLessThanOrEqual(LOGIN_JS_BUDGET_KB);
    await page.close();
  });

  it('loads the rest of the app at the first key press, and the app takes over after sign-in', async () => {
    const page = await (await browser.newContext()).newPage();
    const scripts = recordScripts(page);
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Username').waitFor();
    const routerLoaded = () => scripts.some((script) => packagesOf(script).includes('react-router'));
    expect(routerLoaded()).toBe(false);
    await page.getByLabel('Username').pressSequentially(server.admin.username);
    await expect.poll(routerLoaded).toBe(true);
    // Still the sign-in form, typed into, while the app loaded behind it.
    expect(await page.getByLabel('Username').inputValue()).toBe(server.admin.username);
    await page.getByLabel('Password', { exact: true }).fill(server.admin.password);
    await page.getByRole('button', { name: 'Login' }).click();
    // The printed password must be replaced first: the app's router draws that page.
    await page.waitForURL(`${server.url}/my-profile?tab=changepw`);
    await page.getByText('Your password must be changed before you continue.').waitFor();
    await page.close();
  });

  it('hands over on a link: the recovery page opens, and Back returns to the sign-in form', async () => {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${server.url}/login`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(`${server.url}/forgot`);
    await page.getByRole('heading', { name: 'Forgot password?' }).waitFor();
    await page.goBack();
    await page.waitForURL(`${server.url}/login`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.getByRole('button', { name: 'Login' }).waitFor();
    await page.close();
  });
});
