import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runConfigCommand } from '../../cli/config-command';
import { startTestServer, TEST_ADMIN, type TestServer } from '../../testing/harness';

let server: TestServer;
let admin = '';
const folder = mkdtempSync(join(tmpdir(), 'pw-collections-'));

beforeAll(async () => {
  server = await startTestServer({ demoProducts: 0 });
  admin = await server.signIn();
});
afterAll(() => server.close());

const data = async (name: string, body: unknown = {}) => {
  const answer = await server.call(name, body, admin);
  expect(answer.status, `${name}: ${answer.text}`).toBe(200);
  expect(answer.body.StatusCode, `${name}: ${answer.text}`).toBe(1);
  return answer.body.Data;
};

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

/** A field of every type, and a value of each as a form sends it with what List answers for it. */
const EVERY_TYPE: { field: Record<string, unknown>; value: unknown; read?: unknown }[] = [
  { field: { Name: 'Title', Type: 'text' }, value: 'Lamp' },
  { field: { Name: 'Notes', Type: 'longText' }, value: 'Two\nlines' },
  { field: { Name: 'Story', Type: 'richText' }, value: '<p>Bright</p>' },
  { field: { Name: 'Count', Type: 'integer', Min: 0, Max: 1000 }, value: 7 },
  { field: { Name: 'Ratio', Type: 'decimal' }, value: 1.234567 },
  { field: { Name: 'Price', Type: 'money' }, value: 19.99 },
  { field: { Name: 'Discount', Type: 'percent' }, value: 12.5 },
  { field: { Name: 'Active', Type: 'boolean' }, value: true },
  { field: { Name: 'Bought', Type: 'date' }, value: '2026-11-01' },
  { field: { Name: 'Seen', Type: 'dateTime' }, value: '2026-11-01T10:20:30.000Z' },
  { field: { Name: 'Opens', Type: 'time' }, value: '09:30' },
  {
    field: { Name: 'Size', Type: 'choice', Choices: [{ Value: 'S', Colour: '#aa0000' }, { Value: 'L' }] },
    value: 'L',
  },
  {
    field: { Name: 'Tags', Type: 'multipleChoice', Choices: [{ Value: 'new' }, { Value: 'sale' }] },
    value: ['new', 'sale'],
    read: 'new,sale',
  },
  { field: { Name: 'Shade', Type: 'colour' }, value: '#112233' },
  { field: { Name: 'Mail', Type: 'email' }, value: 'a@b.co' },
  { field: { Name: 'Site', Type: 'url' }, value: 'https://example.com' },
  { field: { Name: 'Extra', Type: 'json' }, value: { a: 1 } },
  { field: { Name: 'Manual', Type: 'file' }, value: 'https://example.com/manual.pdf' },
  { field: { Name: 'Picture', Type: 'photo' }, value: 'https://example.com/p.png' },
  { field: { Name: 'Category', Type: 'relation', Target: 'Category' }, value: 'category' },
];

describe('collections in the configuration file and the draft', () => {
  it('creates a collection of every field type from a file applied with `npm run config -- apply`', async () => {
    const file = join(folder, 'config.json');
    expect((await config('export', file)).code).toBe(0);
    const document = JSON.parse(readFileSync(file, 'utf8'));
    document.Collections = [
      {
        APIName: 'Item',
        Title: { en: 'Items', vn: 'Mặt hàng' },
        Fields: EVERY_TYPE.map(({ field }) => ({ Required: false, ...field })),
      },
      {
        APIName: 'ItemNote',
        Title: { en: 'Item notes' },
        Fields: [
          { Name: 'Text', Type: 'text', Required: true },
          { Name: 'Item', Type: 'relation', Required: false, Target: 'Item', Display: '{Title}' },
        ],
      },
    ];
    document.Collections[0].Fields.push({
      Name: 'ItemNotes',
      Type: 'inverse',
      Required: false,
      Target: 'ItemNote',
      Via: 'Item',
    });
    writeFileSync(file, JSON.stringify(document, null, 2));
    const plan = await config('plan', file);
    expect(plan.out).toContain('+ Collections.Item');
    expect(plan.out).toContain('+ screens.c_item');
    const applied = await config('apply', file, '--message', 'Items');
    expect(applied, applied.err).toMatchObject({ code: 0 });

    const category = (await data('Category/List', { Page: 1, PageSize: 1 })).Data[0];
    const body = Object.fromEntries(
      EVERY_TYPE.map(({ field, value }) => [field.Name, value === 'category' ? category.Id : value]),
    );
    const added = await data('Item/AddNew', body);
    for (const { field, value, read } of EVERY_TYPE) {
      const expected = value === 'category' ? category.Id : (read ?? value);
      expect(added[field.Name as string], field.Name as string).toEqual(expected);
    }
    const note = await data('ItemNote/AddNew', { Text: 'Fragile', Item: added.Id });
    expect(note.Item).toBe(added.Id);
    const lookup = await data('ItemNote/Lookup', { Field: 'Item', Search: 'lam' });
    expect(lookup.Data).toEqual([{ Value: added.Id, Text: 'Lamp', Verbatim: true }]);
    // The screen opens with the collection's columns, in the order of its fields.
    const list = await data('Item/List', { Page: 1, PageSize: 5 });
    expect(Object.keys(list.ExtraData.Columns)).toEqual(EVERY_TYPE.map(({ field }) => field.Name));
    const menus = await data('Configuration/Export');
    expect(menus.menus.side.map((entry: { code: string }) => entry.code)).toEqual(
      expect.arrayContaining(['c_item', 'c_item_note']),
    );
  });

  it('refuses a file dropping a field with values unless --confirm names it', async () => {
    const file = join(folder, 'drop.json');
    await config('export', file);
    const document = JSON.parse(readFileSync(file, 'utf8'));
    const item = document.Collections.find((c: { APIName: string }) => c.APIName === 'Item');
    item.Fields = item.Fields.filter((f: { Name: string }) => f.Name !== 'Price');
    writeFileSync(file, JSON.stringify(document, null, 2));
    const refused = await config('apply', file);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('Item.Price (1 value)');
    const confirmed = await config('apply', file, '--confirm', 'Item.Price');
    expect(confirmed, confirmed.err).toMatchObject({ code: 0 });
  });

  it('lets a configured form screen save into a collection, as a form sends its values', async () => {
    const document = await data('Configuration/Export');
    document.screens.item_form = {
      title: 'New item',
      uiUrl: '/forms/new-item',
      uiType: 'myform',
      apiName: 'ItemNote',
      apiMethod: 'AddNew',
      type: '',
      parent: null,
      orderNo: 600,
      isPublic: false,
      isEnabled: true,
      config: {},
      requestData: {},
      screenConfig: {
        Form: {
          path: 'ItemNote',
          name: 'AddNew',
          controls: [{ fieldName: 'Text', label: 'Text', type: 'text', required: true }],
        },
      },
      uiTypeContents: null,
      columns: {},
      columnOrder: [],
    };
    await data('Configuration/Apply', { Document: document, Message: 'A form into item notes' });
    const screens = await data('Configuration/Export');
    expect(screens.screens.item_form.screenConfig.Form).toMatchObject({ path: 'ItemNote', name: 'AddNew' });
    // What the form renderer posts to `{path}/{name}`.
    const saved = await data('ItemNote/AddNew', { DefaultValues: {}, DataForm: { Text: 'From the form' } });
    expect(saved.Text).toBe('From the form');
    const refused = await server.call(
      'ItemNote/AddNew',
      { DefaultValues: {}, DataForm: { Text: '' } },
      admin,
    );
    expect(refused.status).toBe(400);
  });

  it('drafts a collection in the studio and creates it when the draft is published', async () => {
    const draft = await data('Configuration/Draft');
    await data('Configuration/SaveDraft', {
      Item: ['Collections', 'Supplier'],
      Value: {
        APIName: 'Supplier',
        Title: { en: 'Suppliers' },
        Fields: [{ Name: 'Name', Type: 'text', Required: true }],
      },
      Version: draft.Version,
      Revision: 0,
    });
    // Nothing is served before the publish.
    expect((await server.call('Supplier/List', { Page: 1 }, admin)).status).toBe(404);
    const bad = await server.call(
      'Configuration/SaveDraft',
      {
        Item: ['Collections', 'Bad'],
        Value: { APIName: 'bad name', Title: { en: 'Bad' }, Fields: [] },
        Version: draft.Version,
        Revision: 0,
      },
      admin,
    );
    expect(bad.status).toBe(400);
    await data('Configuration/Publish', { Message: 'Suppliers' });
    await data('Supplier/AddNew', { Name: 'Acme' });
    expect((await data('Supplier/List', { Page: 1 })).Data.map((r: { Name: string }) => r.Name)).toEqual([
      'Acme',
    ]);
  });
});
