// Screenshots of the product: the sign-in page and the key screens (start page, a table, a form, the
// profile, the till, the studio, the dashboard and the 403 page) at 1440 and 390 px, light and dark,
// in English and Vietnamese, taken in Chromium from the built product on a fresh data folder with
// the demo data. Run with `npm run screenshots` (it builds first); the PNG files are written to
// docs/screens/ as <screen>-<width>-<theme>-<language>.png (the README shows some of them).
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { signInByApi } from './support/api';
import { launchBrowser } from './support/browser';
import {
  chooseLook,
  LANGUAGES,
  lookingContext,
  makeStaff,
  SHOTS,
  STAFF_PASSWORD,
  STAFF_USER,
  settle,
  THEMES,
  WIDTHS,
} from './support/screens';
import { startServer } from './support/server';

const OUT = resolve(import.meta.dirname, '..', 'docs', 'screens');
const ADMIN_PASSWORD = 'Screenshots-Password-1';

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const [server, browser] = await Promise.all([
    startServer({ ADMIN_PASSWORD, DEMO_DATA: 'true', DEMO_PRODUCTS: '500' }),
    launchBrowser(),
  ]);
  const accounts = {
    admin: { username: 'admin', password: ADMIN_PASSWORD },
    staff: { username: STAFF_USER, password: STAFF_PASSWORD },
  };
  try {
    await makeStaff(server, await signInByApi(server, 'admin', ADMIN_PASSWORD));
    for (const language of LANGUAGES) {
      for (const theme of THEMES) {
        const look = { theme, language };
        for (const account of Object.values(accounts))
          await chooseLook(server, account.username, account.password, look);
        for (const width of WIDTHS) {
          const suffix = `${width.name}-${theme}-${language}`;
          const guest = await lookingContext(browser, server, width.viewport, look);
          await guest.page.goto(`${server.url}/login`);
          await guest.page.locator('#login-username').waitFor();
          await settle(guest.page);
          await guest.page.screenshot({ path: join(OUT, `sign-in-${suffix}.png`) });
          await guest.context.close();
          for (const as of ['admin', 'staff'] as const) {
            const shots = SHOTS.filter((shot) => (shot.as ?? 'admin') === as);
            const { context, page } = await lookingContext(
              browser,
              server,
              width.viewport,
              look,
              accounts[as],
            );
            for (const shot of shots) {
              await page.goto(`${server.url}${shot.path}`);
              await shot.ready(page);
              await settle(page);
              await page.screenshot({ path: join(OUT, `${shot.name}-${suffix}.png`) });
              process.stdout.write(`docs/screens/${shot.name}-${suffix}.png\n`);
            }
            await context.close();
          }
        }
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
