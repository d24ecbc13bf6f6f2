// The visual check (issue 25, item 8): a few key screens are drawn again and compared with the
// baselines committed in e2e/baselines/ by pixelmatch. A small tolerance absorbs anti-aliasing; a
// moved, resized, recoloured or missing part fails. After an intended change of the look, take new
// baselines with `UPDATE_BASELINES=true npx vitest run --project e2e e2e/visual.e2e.ts` (after
// `npm run build`), look at them, and commit them.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pixelmatch from 'pixelmatch';
import type { Browser } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInByApi } from './support/api';
import { launchBrowser } from './support/browser';
import {
  chooseLook,
  type Language,
  lookingContext,
  makeStaff,
  STAFF_PASSWORD,
  STAFF_USER,
  settle,
  type Theme,
} from './support/screens';
import { type RunningServer, startServer } from './support/server';

const BASELINES = resolve(import.meta.dirname, 'baselines');
const FAILED = resolve(import.meta.dirname, '..', 'test-results', 'visual');
const UPDATE = process.env.UPDATE_BASELINES === 'true';
const ADMIN_PASSWORD = 'E2e-Visual-Password-1';
/** Per pixel: how different two colours may be (pixelmatch's 0 to 1); per picture: how many such pixels. */
const PIXEL_THRESHOLD = 0.1;
const MAX_CHANGED_SHARE = 0.005;

type Case = {
  name: string;
  path: string;
  as: 'guest' | 'admin' | 'staff';
  width: 1440 | 390;
  theme: Theme;
  language: Language;
  ready: string;
};

const CASES: Case[] = [
  {
    name: 'sign-in-1440-light-en',
    path: '/login',
    as: 'guest',
    width: 1440,
    theme: 'light',
    language: 'en',
    ready: '#login-username',
  },
  {
    name: 'sign-in-390-dark-vn',
    path: '/login',
    as: 'guest',
    width: 390,
    theme: 'dark',
    language: 'vn',
    ready: '#login-username',
  },
  {
    name: 'profile-1440-dark-en',
    path: '/my-profile',
    as: 'admin',
    width: 1440,
    theme: 'dark',
    language: 'en',
    ready: 'main form',
  },
  {
    name: 'forbidden-390-light-en',
    path: '/setting',
    as: 'staff',
    width: 390,
    theme: 'light',
    language: 'en',
    ready: 'main h1',
  },
  {
    name: 'forbidden-1440-dark-vn',
    path: '/setting',
    as: 'staff',
    width: 1440,
    theme: 'dark',
    language: 'vn',
    ready: 'main h1',
  },
];

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ ADMIN_PASSWORD, DEMO_DATA: 'true', DEMO_PRODUCTS: '20' }),
    launchBrowser(),
  ]);
  await makeStaff(server, await signInByApi(server, 'admin', ADMIN_PASSWORD));
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** How many pixels of the picture differ from the baseline (all of them when the sizes differ). */
function changedPixels(actual: Buffer, baseline: Buffer): { changed: number; total: number; diff: PNG } {
  const a = PNG.sync.read(actual);
  const b = PNG.sync.read(baseline);
  const diff = new PNG({ width: a.width, height: a.height });
  if (a.width !== b.width || a.height !== b.height)
    return { changed: a.width * a.height, total: a.width * a.height, diff };
  const changed = pixelmatch(a.data, b.data, diff.data, a.width, a.height, { threshold: PIXEL_THRESHOLD });
  return { changed, total: a.width * a.height, diff };
}

describe('the look against its baselines', () => {
  it.each(CASES)(
    '$name',
    async (shot) => {
      const accounts = {
        admin: { username: 'admin', password: ADMIN_PASSWORD },
        staff: { username: STAFF_USER, password: STAFF_PASSWORD },
      };
      const look = { theme: shot.theme, language: shot.language };
      const account = shot.as === 'guest' ? undefined : accounts[shot.as];
      if (account) await chooseLook(server, account.username, account.password, look);
      const viewport = shot.width === 1440 ? { width: 1440, height: 900 } : { width: 390, height: 844 };
      const { context, page } = await lookingContext(browser, server, viewport, look, account);
      try {
        await page.goto(`${server.url}${shot.path}`);
        await page.locator(shot.ready).first().waitFor();
        await settle(page);
        const picture = await page.screenshot();
        const file = join(BASELINES, `${shot.name}.png`);
        if (UPDATE) {
          mkdirSync(BASELINES, { recursive: true });
          writeFileSync(file, picture);
          return;
        }
        expect(existsSync(file), `no baseline ${file}: take it with UPDATE_BASELINES=true`).toBe(true);
        const { changed, total, diff } = changedPixels(picture, readFileSync(file));
        if (changed / total > MAX_CHANGED_SHARE) {
          mkdirSync(FAILED, { recursive: true });
          writeFileSync(join(FAILED, `${shot.name}-actual.png`), picture);
          writeFileSync(join(FAILED, `${shot.name}-diff.png`), PNG.sync.write(diff));
        }
        expect(
          changed / total,
          `${changed} of ${total} pixels differ (see test-results/visual/)`,
        ).toBeLessThanOrEqual(MAX_CHANGED_SHARE);
      } finally {
        await context.close();
      }
    },
    120_000,
  );
});
