import type { BrowserContext } from 'playwright-core';
import type { RunningServer } from './server';

/** Signs a browser context in through the sign-in page, as a person would; its pages share the session. */
export async function signInThroughPage(
  context: BrowserContext,
  server: RunningServer,
  username: string,
  password: string,
): Promise<void> {
  const page = await context.newPage();
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(`${server.url}/home`);
  await page.close();
}
