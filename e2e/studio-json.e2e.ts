// The studio's JSON view and configuration file page (issue 22) in real Chromium: a malformed option
// typed into a screen's JSON is marked at its line and saved nowhere; an item that only the rules
// between items refuse reaches the draft but makes it unpublishable; the configuration goes down as a
// file and comes back through a plan in words and an apply; axe at 1440 and 390 px.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, signInByApi } from './support/api';
import { expectNoAxeViolations, launchBrowser } from './support/browser';
import { type RunningServer, startServer } from './support/server';
import { signInThroughPage } from './support/sign-in';

const ADMIN_PASSWORD = 'Studio-Json-Password-1';

let server: RunningServer;
let browser: Browser;
let admin = '';
const contexts: BrowserContext[] = [];

async function signedIn(width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, acceptDownloads: true });
  contexts.push(context);
  await signInThroughPage(context, server, 'admin', ADMIN_PASSWORD);
  return context.newPage();
}

const call = async (name: string, body: object = {}) => {
  const answer = await apiCall(server, name, body, admin);
  expect(answer.body.StatusCode, `${name}: ${JSON.stringify(answer.body)}`).toBe(1);
  return answer.body.Data;
};

/** Replaces the editor's whole text, as pasting it would. */
async function replaceText(page: Page, text: string) {
  const editor = page.getByRole('textbox', { name: 'JSON of screens.products' });
  await editor.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.insertText(text);
}

/** The line (from 1) of the first occurrence of `part`. */
const lineOf = (text: string, part: string) => text.slice(0, text.indexOf(part)).split('\n').length;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ ADMIN_PASSWORD, DEMO_DATA: 'true', DEMO_PRODUCTS: '5' }),
    launchBrowser(),
  ]);
  admin = await signInByApi(server, 'admin', ADMIN_PASSWORD);
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
});

describe('the JSON view', () => {
  it('marks a malformed option at its line and saves nothing; a draft the rules refuse cannot be published', async () => {
    const page = await signedIn(1440);
    await page.goto(`${server.url}/studio/file?item=screens.products`);
    const editor = page.getByRole('textbox', { name: 'JSON of screens.products' });
    await editor.waitFor();
    await page.getByText('No errors.').waitFor();

    const screen = structuredClone((await call('Configuration/Draft')).Document.screens.products);
    screen.columns.Price = { ...screen.columns.Price, more: { button: { color: 'not-a-colour' } } };
    const text = JSON.stringify(screen, null, 2);
    await replaceText(page, text);
    const issue = page.getByRole('button', { name: /columns\.Price\.more\.button\.color/ });
    await issue.waitFor();
    expect(await issue.textContent()).toContain(`Line ${lineOf(text, '"color"')},`);
    expect(await issue.textContent()).toContain('must be a colour such as #057e38');
    // In the editor, the mark is on the key, on that line.
    const mark = page.locator('.cm-lintRange-error');
    expect(await mark.textContent()).toBe('"color"');
    expect(
      (
        await mark
          .locator('xpath=ancestor::div[contains(concat(" ", @class, " "), " cm-line ")]')
          .textContent()
      )?.trim(),
    ).toBe('"color": "not-a-colour"');
    await expectNoAxeViolations(page);

    // Neither the button nor Ctrl+S puts it into the draft.
    await page.getByRole('button', { name: 'Save to the draft' }).click();
    await page.getByText('Fix the marked errors before saving: nothing was saved.').waitFor();
    await editor.click();
    await page.keyboard.press('Control+S');
    await page.getByText('Fix the marked errors before saving: nothing was saved.').waitFor();
    expect((await call('Configuration/Draft')).Items).toEqual([]);

    // The keyboard leaves the editor: Escape to Save, and Tab on past it.
    await editor.click();
    await page.keyboard.press('Escape');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Save to the draft');
    await editor.click();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.classList.contains('cm-content'))).toBe(false);

    // A column the products resource does not have passes the screen's schema, so the draft takes
    // it; the draft then cannot be published, and says why.
    delete screen.columns.Price.more;
    screen.columns.NoSuchField = { header: 'Ghost' };
    await replaceText(page, JSON.stringify(screen, null, 2));
    await page.getByText('No errors.').waitFor();
    await page.keyboard.press('Control+S');
    await page.getByText('Saved to the draft.').waitFor();
    await page.getByText('The draft cannot be published until these are fixed:').waitFor();
    await page
      .getByRole('button', { name: /screens\.products\.columns\.NoSuchField.*is not a column of Product/ })
      .waitFor();
    await page.getByText('In the draft', { exact: true }).waitFor();
    const refused = await apiCall(server, 'Configuration/Publish', { Message: 'A ghost column' }, admin);
    expect(refused.status).toBe(400);
    expect(refused.body.error_description).toContain('screens.products.columns.NoSuchField');

    await page.getByRole('button', { name: 'Discard this item’s draft' }).click();
    await page.getByText('The draft is empty.').waitFor();
  });
});

describe('the configuration file', () => {
  it('goes down as a file and comes back through a plan in words and an apply with a message', async () => {
    const page = await signedIn(1440);
    await page.goto(`${server.url}/studio/file`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download the configuration' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^configuration-v\d+\.json$/);
    const document = JSON.parse(readFileSync(await download.path(), 'utf8'));
    expect(document).toEqual(await call('Configuration/Export'));
    const upload = page.getByLabel('Upload a configuration file');

    // A file the rules refuse: its issues in words, with their paths; nothing changes.
    const folder = server.dataDir;
    const malformed = structuredClone(document);
    malformed.screens.products.columns.Price = { more: { button: { color: 'greenish' } } };
    writeFileSync(join(folder, 'malformed.json'), JSON.stringify(malformed));
    await upload.setInputFiles(join(folder, 'malformed.json'));
    const alert = page.getByRole('alert');
    await alert.getByText('The file breaks the configuration’s rules; nothing changed:').waitFor();
    await alert.getByText('screens.products.columns.Price.more.button.color').waitFor();
    await alert.getByText('must be a colour such as #057e38').waitFor();
    // Not JSON at all: where it stops being JSON.
    writeFileSync(join(folder, 'broken.json'), '{\n  "format": 1,\n}');
    await upload.setInputFiles(join(folder, 'broken.json'));
    await alert
      .getByText('The file is not JSON: line 2, column 14: Nothing follows this comma before }: remove it.')
      .waitFor();

    const changed = structuredClone(document);
    changed.screens.products.columns.Price = { header: 'Unit price' };
    writeFileSync(join(folder, 'changed.json'), JSON.stringify(changed, null, 2));
    await upload.setInputFiles(join(folder, 'changed.json'));
    const dialog = page.getByRole('dialog', { name: 'Apply changed.json' });
    await dialog.getByText('Column Price').waitFor();
    await expectNoAxeViolations(page, '.modal');
    await dialog.getByLabel('Message').fill('Call the price a unit price');
    await dialog.getByRole('button', { name: 'Apply', exact: true }).click();
    await page.getByText(/^Version \d+ is live\.$/).waitFor();
    const history = await call('Configuration/History', { Page: 1, PageSize: 1 });
    expect(history.Data[0]).toMatchObject({ Kind: 'apply', Message: 'Call the price a unit price' });
    expect((await call('Configuration/Export')).screens.products.columns.Price).toEqual({
      header: 'Unit price',
    });
  });

  it('fits a phone and passes axe there', async () => {
    const phone = await signedIn(390);
    await phone.goto(`${server.url}/studio/file?item=menus.side`);
    await phone.getByRole('textbox', { name: 'JSON of menus.side' }).waitFor();
    await phone.getByText('No errors.').waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(phone);
  });
});
