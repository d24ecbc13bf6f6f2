import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_ADMIN, type TestServer } from '../testing/harness';
import { runConfigCommand } from './config-command';

let server: TestServer;
let token = '';
const folder = mkdtempSync(join(tmpdir(), 'pw-config-'));

beforeAll(async () => {
  server = await startTestServer({ workspaceScreens: true, demoProducts: 0 });
  token = await server.signIn();
});
afterAll(() => server.close());

/** Runs `npm run config -- <args>` against the test server, as a shell would. */
async function config(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runConfigCommand(
    [...args, '--url', server.url, '--user', TEST_ADMIN.username],
    { PANELWRIGHT_PASSWORD: TEST_ADMIN.password },
    { out: (text) => out.push(text), err: (text) => err.push(text) },
  );
  return { code, out: out.join(''), err: err.join('') };
}

const versions = async () =>
  (await server.call('Configuration/History', {}, token)).body.Data.Total as number;
const live = async () => (await server.call('Configuration/Export', {}, token)).body.Data;

describe('npm run config', () => {
  it('exports, plans without changing anything, and applies a file as one version', async () => {
    const file = join(folder, 'config.json');
    const exported = await config('export', file);
    expect(exported).toMatchObject({ code: 0 });
    const document = JSON.parse(readFileSync(file, 'utf8'));
    expect(document.$schema).toBe(`${server.url}/api/config.schema.json`);
    // A stable form: exporting again writes the same text.
    await config('export', join(folder, 'again.json'));
    expect(readFileSync(join(folder, 'again.json'), 'utf8')).toBe(readFileSync(file, 'utf8'));

    document.screens.products.columns.Price = { header: 'Unit price' };
    document.menus.side[0].name = 'Start';
    writeFileSync(file, JSON.stringify(document, null, 2));
    const before = await versions();
    const plan = await config('plan', file);
    expect(plan.code).toBe(0);
    expect(plan.out).toContain('would make 2 changes');
    expect(plan.out).toContain('+ screens.products.columns.Price');
    expect(plan.out).toContain(`~ menus.side.${document.menus.side[0].code}.name: "Home" → "Start"`);
    expect(await versions()).toBe(before);

    const applied = await config('apply', file, '--message', 'From the file');
    expect(applied).toMatchObject({ code: 0 });
    expect(applied.out).toMatch(/^Published version \d+ with 2 changes\.\n$/);
    expect(await versions()).toBe(before + 1);
    const now = await live();
    expect(now.screens.products.columns.Price).toEqual({ header: 'Unit price' });
    expect(now.menus.side[0].name).toBe('Start');
    // Applying it again changes nothing and makes no version.
    expect((await config('apply', file)).out).toContain('No changes');
    expect(await versions()).toBe(before + 1);
  });

  it('refuses a file that fails the schema with its first error and exit code 2, changing nothing', async () => {
    const file = join(folder, 'bad.json');
    const document = await live();
    document.screens.products.columns.Price = { more: { button: { color: 'greenish' } } };
    writeFileSync(file, JSON.stringify(document));
    const before = await versions();
    const refused = await config('apply', file);
    expect(refused.code).toBe(2);
    expect(refused.err).toContain(
      'screens.products.columns.Price.more.button.color: must be a colour such as #057e38',
    );
    expect(await versions()).toBe(before);
    expect((await live()).screens.products.columns.Price).toEqual({ header: 'Unit price' });
    // What only the server knows is refused the same way: a column the resource does not declare.
    document.screens.products.columns = { Nope: { width: 90 } };
    writeFileSync(file, JSON.stringify(document));
    const unknown = await config('plan', file);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('screens.products.columns.Nope: is not a column of Product');
  });

  it('leaves the previous version live when applying fails in the middle', async () => {
    const file = join(folder, 'midway.json');
    const document = await live();
    // The screens are written first; renaming the administrators' role then leaves no user an
    // administrator, which the last step refuses: nothing of it may stay.
    document.screens.products.title = 'Half-applied';
    document.roles.administrators = document.roles.admin;
    delete document.roles.admin;
    writeFileSync(file, JSON.stringify(document));
    const before = await versions();
    const failed = await config('apply', file);
    expect(failed.code).toBe(1);
    expect(failed.err).toContain('The last administrator cannot be removed');
    expect(await versions()).toBe(before);
    const after = await live();
    expect(after.screens.products.title).toBe('Products');
    expect(Object.keys(after.roles)).toContain('admin');
  });

  it('says how to use it, and refuses a wrong password without touching anything', async () => {
    const usage = await runConfigCommand(['upload'], {}, { out: () => {}, err: () => {} });
    expect(usage).toBe(2);
    const out: string[] = [];
    const code = await runConfigCommand(
      ['export', join(folder, 'never.json'), '--url', server.url],
      { PANELWRIGHT_PASSWORD: 'wrong-password' },
      { out: () => {}, err: (text) => out.push(text) },
    );
    expect(code).toBe(1);
    expect(out.join('')).toContain('Could not sign in as admin');
  });
});
