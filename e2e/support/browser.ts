import AxeBuilder from '@axe-core/playwright';
import { type Browser, chromium, type Page } from 'playwright-core';

/** Flags for Debian's Chromium on a closed network, as the machine notes prescribe. */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

/** Fails with the list of accessibility violations axe finds on the page as it is now. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  // A toast fading in or out has a passing low contrast; judge the page once animations settle.
  await page.waitForFunction(
    () => !document.querySelector('[class*="Toastify__bounce-enter"], [class*="Toastify__bounce-exit"]'),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const violations = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  if (violations.length > 0) throw new Error(`Accessibility violations:\n${violations.join('\n')}`);
}
