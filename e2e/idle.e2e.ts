import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, saveSettings, signInByApi } from './support/api';
import { expectNoAxeViolations, launchBrowser } from './support/browser';
import { type RunningServer, startServer } from './support/server';

const ADMIN_PASSWORD = 'Idle-Admin-Password-1';
const IDLE_COUNTDOWN_S = 12;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ ADMIN_PASSWORD }), launchBrowser()]);
  const admin = await signInByApi(server, 'admin', ADMIN_PASSWORD);
  // Short times so that the test sees the whole countdown; the countdown is long enough for the
  // accessibility check and the click to happen before it runs out on a busy machine.
  await saveSettings(server, admin, {
    hasCheckIdle: true,
    checkIdleSecond: 3,
    checkIdleInterval: 1,
    checkIdleCountdown: IDLE_COUNTDOWN_S,
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('idle check with short configured times', () => {
  it('warns with a countdown, keeps the session on request, then expires it and revokes the token', async () => {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${server.url}/home`);
    const token = await page.evaluate(() => localStorage.getItem('Auth-Token'));

    const dialog = page.getByRole('dialog', { name: 'Your session is about to expire' });
    await dialog.waitFor({ timeout: 10_000 });
    await expect
      .poll(() => dialog.getByRole('timer').textContent())
      .toMatch(/You will be signed out in (1 second|([2-9]|1[0-2]) seconds)\./);
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Keep me signed in' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await apiCall(server, 'ConfigMenu/CategoryScreenList', {}, token ?? '')).status).toBe(200);

    // No activity now: the countdown runs out.
    const expired = page.getByRole('dialog', { name: 'Your session expired' });
    await expired.waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => localStorage.getItem('Auth-Token'))).toBeNull();
    expect((await apiCall(server, 'ConfigMenu/CategoryScreenList', {}, token ?? '')).status).toBe(401);
    await expired.getByRole('button', { name: 'Back to sign in' }).click();
    await page.waitForURL(`${server.url}/login`);
  }, 90_000);
});
