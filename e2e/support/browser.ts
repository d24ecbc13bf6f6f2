import AxeBuilder from '@axe-core/playwright';
import { type Browser, chromium, type Page } from 'playwright-core';

/** Flags for Debian's Chromium on a closed network, as the machine notes prescribe. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** `extraArgs`: more Chromium flags, e.g. a host resolver rule for a name that is not localhost. */
export function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, ...extraArgs],
  });
}

/**
 * Fails with the list of accessibility violations axe finds on the page as it is now, or only inside
 * `within` (a selector: a dialog on a page already checked whole). `exclude` leaves a part out: the
 * studio's preview frame, a page of the product checked on its own, whose landmarks repeat the page's.
 */
export async function expectNoAxeViolations(page: Page, within?: string, exclude?: string): Promise<void> {
  // A toast fading in or out has a passing low contrast; judge the page once animations settle.
  await page.waitForFunction(
    () => !document.querySelector('[class*="Toastify__bounce-enter"], [class*="Toastify__bounce-exit"]'),
  );
  // Legacy mode runs axe in the page itself. The product draws no iframes, so the cross-frame mode
  // would only add a second page per check, which nearly doubled each check's time here.
  const builder = new AxeBuilder({ page }).setLegacyMode(true);
  if (within) builder.include(within);
  if (exclude) builder.exclude(exclude);
  const results = await builder.analyze();
  const violations = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  if (violations.length > 0) throw new Error(`Accessibility violations:\n${violations.join('\n')}`);
}
