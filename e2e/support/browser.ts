import { existsSync } from 'node:fs';
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

/** Debian's package `chromium-headless-shell`: the same Chromium, without the browser's window layer. */
export const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';

/**
 * The Chromium the tests drive: `CHROME_PATH` when set; otherwise Debian's headless shell when it is
 * installed (`.ci/run` installs it), which the end-to-end tests prefer: here a new tab cost 0.16 s of
 * CPU in it against 0.9 s in the full browser's headless mode, and a page of the product 0.7 s against
 * 1.7 s (docs/decisions.md). `fullBrowser` asks for `/usr/bin/chromium` itself: the benchmarks measure
 * what a person's browser does.
 */
export function chromiumPath({ fullBrowser = false } = {}): string {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  if (!fullBrowser && existsSync(HEADLESS_SHELL_PATH)) return HEADLESS_SHELL_PATH;
  return '/usr/bin/chromium';
}

/** `extraArgs`: more Chromium flags, e.g. a host resolver rule for a name that is not localhost. */
export function launchBrowser(
  extraArgs: readonly string[] = [],
  { fullBrowser = false } = {},
): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath({ fullBrowser }),
    args: [...CHROMIUM_ARGS, ...extraArgs],
  });
}

/**
 * Fails with the list of accessibility violations axe finds on the page as it is now, or only inside
 * `within` (a selector: a dialog on a page already checked whole). `exclude` leaves a part out: the
 * studio's preview frame, a page of the product checked on its own, whose landmarks repeat the page's.
 */
export async function expectNoAxeViolations(page: Page, within?: string, exclude?: string): Promise<void> {
  // A toast or a dialog fading in or out has a passing low contrast; judge the page once its finite
  // animations and transitions (a dialog's fade) have settled. Spinners turn for ever: not waited for.
  await page.waitForFunction(
    () =>
      !document.querySelector('[class*="Toastify__bounce-enter"], [class*="Toastify__bounce-exit"]') &&
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' ||
            animation.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY,
        ),
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
