import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_ROOT } from '../../paths';
import { startTestServer, type TestServer } from '../../testing/harness';

// The web app's language files as the build copies them (public/ is what lands in dist/).
const WEB_PUBLIC = join(SERVER_ROOT, '..', 'web', 'public');
const shippedFile = (language: string, namespace: string) =>
  JSON.parse(readFileSync(join(WEB_PUBLIC, 'locales', language, `${namespace}.json`), 'utf8'));

let server: TestServer;
let admin = '';
let staff = '';

beforeAll(async () => {
  server = await startTestServer({ webDistDir: WEB_PUBLIC });
  admin = await server.signIn();
  staff = (await server.createUser('texts-staff')).token;
});
afterAll(() => server.close());

describe('Translations/Shipped', () => {
  it('lists every shipped language file by language and namespace, with its texts as shipped', async () => {
    const answer = await server.call('Translations/Shipped', {}, admin);
    expect(answer.status, answer.text).toBe(200);
    const texts = answer.body.Data.Texts;
    const namespaces = readdirSync(join(WEB_PUBLIC, 'locales', 'vn'))
      .map((name) => name.replace(/\.json$/, ''))
      .sort();
    expect(Object.keys(texts.vn).sort()).toEqual(namespaces);
    expect(texts.vn.common).toEqual(shippedFile('vn', 'common'));
    expect(texts.vn.studio).toEqual(shippedFile('vn', 'studio'));
    expect(texts.en.common).toEqual(shippedFile('en', 'common'));
  });

  it('gives the shipped texts, not the configured ones laid over them', async () => {
    const [key, shipped] = Object.entries(shippedFile('vn', 'common'))[0] as [string, string];
    const draft = (await server.call('Configuration/Draft', {}, admin)).body.Data;
    const saved = await server.call(
      'Configuration/SaveDraft',
      {
        Item: ['translations', 'vn', 'common', key],
        Value: 'Văn bản khác',
        Version: draft.Version,
        Revision: 0,
      },
      admin,
    );
    expect(saved.status, saved.text).toBe(200);
    const published = await server.call('Configuration/Publish', { Message: 'A text' }, admin);
    expect(published.status, published.text).toBe(200);
    // The language file serves the configured text; the list still says what the build shipped.
    const file = (await (await server.fetch('/locales/vn/common.json')).json()) as Record<string, string>;
    expect(file[key]).toBe('Văn bản khác');
    const answer = await server.call('Translations/Shipped', {}, admin);
    expect(answer.body.Data.Texts.vn.common[key]).toBe(shipped);
  });

  it('is refused to a user without the studio grant and to no one signed in', async () => {
    expect((await server.call('Translations/Shipped', {}, staff)).status).toBe(403);
    expect((await server.call('Translations/Shipped', {})).status).toBe(401);
  });
});
