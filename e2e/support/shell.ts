import type { Page } from 'playwright-core';

/** Opens the user menu in the header (its toggle reads 'Hi {name}'). */
export async function openUserMenu(page: Page): Promise<void> {
  await page.locator('#user-menu').click();
}

/** Logs out through the header's user menu. */
export async function logoutThroughMenu(page: Page): Promise<void> {
  await openUserMenu(page);
  await page.getByRole('button', { name: 'Logout' }).click();
}
