import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/harness';
import { orderOf } from '../resources/query';
import { selectionOf } from '../resources/service';
import { lookupSelect } from './lookup';
import { RELATION_OPTIONS } from './runtime';

let server: TestServer;
let admin = '';
let staff = '';
let other = '';

beforeAll(async () => {
  server = await startTestServer({ demoProducts: 0 });
  admin = await server.signIn();
  staff = (await server.createUser('collections-staff')).token;
  other = (await server.createUser('collections-other', 'viewer')).token;
});
afterAll(() => server.close());

const data = async (name: string, body: unknown = {}, token = admin) => {
  const answer = await server.call(name, body, token);
  expect(answer.status, `${name}: ${answer.text}`).toBe(200);
  expect(answer.body.StatusCode, `${name}: ${answer.text}`).toBe(1);
  return answer.body.Data;
};

/** A refusal: its HTTP status (a business refusal answers 200 with another StatusCode) and its words. */
const refusal = async (name: string, body: unknown, token = admin) => {
  const answer = await server.call(name, body, token);
  expect(answer.body.StatusCode, `${name}: ${answer.text}`).not.toBe(1);
  return { status: answer.status, message: String(answer.body.Msg || answer.body.error_description || '') };
};

const customers = {
  APIName: 'Customer',
  Title: { en: 'Customers', vn: 'Khách hàng' },
  Icon: 'bi-people',
  Fields: [
    { Name: 'Name', Type: 'text', Required: true, Searchable: true },
    { Name: 'Email', Type: 'email', Required: false, Unique: true },
    { Name: 'Balance', Type: 'money', Required: false, Min: 0 },
    { Name: 'Category', Type: 'relation', Required: false, Target: 'Category', Display: '{Name} ({Code})' },
    { Name: 'Tier', Type: 'choice', Required: false, Choices: [{ Value: 'gold' }, { Value: 'silver' }] },
  ],
};

const apply = async (
  change: (document: any) => void,
  options: { Confirm?: string[]; token?: string } = {},
) => {
  const document = await data('Configuration/Export');
  change(document);
  return server.call(
    'Configuration/Apply',
    {
      Document: document,
      Message: 'collections test',
      ...(options.Confirm ? { Confirm: options.Confirm } : {}),
    },
    options.token ?? admin,
  );
};

const applied = async (change: (document: any) => void, options: { Confirm?: string[] } = {}) => {
  const answer = await apply(change, options);
  expect(answer.body.StatusCode, answer.text).toBe(1);
  return answer.body.Data;
};

describe('collections made in the configuration', () => {
  it('creates the table, its screen and menu entry when a configuration with a collection is applied', async () => {
    await applied((document) => {
      document.Collections = [customers];
    });
    const live = await data('Configuration/Export');
    expect(live.Collections[0]).toMatchObject({ APIName: 'Customer', Table: 'customer' });
    expect(live.Collections[0].Fields.map((f: { Column: string }) => f.Column)).toEqual([
      'name',
      'email',
      'balance',
      'category',
      'tier',
    ]);
    expect(live.screens.c_customer).toMatchObject({
      apiName: 'Customer',
      uiType: 'table',
      uiUrl: '/c/customer',
    });
    expect(live.menus.side.some((entry: { code: string }) => entry.code === 'c_customer')).toBe(true);
    expect(live.translations.vn.common.Customers).toBe('Khách hàng');
    expect(live.translations.vn.screens.Customers).toBe('Khách hàng');
    const history = await data('Configuration/History');
    expect(history.Data[0].ChangeCount).toBeGreaterThan(0);
    const options = await data('Customer/Options');
    expect(options.Title).toBe('Customers');
    expect(
      JSON.parse(options.Configs.ScreenConfig).AddNew.controls.map((c: { fieldName: string }) => c.fieldName),
    ).toEqual(['Name', 'Email', 'Balance', 'Category', 'Tier']);
    // A relation is typed into and searched on the server, not chosen from a list loaded whole.
    expect(
      JSON.parse(options.Configs.ScreenConfig).AddNew.controls.find(
        (c: { fieldName: string }) => c.fieldName === 'Category',
      ),
    ).toMatchObject({ type: 'lookup', more: { lookup: { api: 'Customer', field: 'Category' } } });
  });

  it('serves List, AddNew, UpdateFields, Detail, Delete and Export through the generic calls', async () => {
    const categories = await data('Category/List', { Page: 1, PageSize: 5 });
    const categoryId = categories.Data[0].Id;
    const added = await data('Customer/AddNew', {
      Name: 'Ada',
      Email: 'ada@example.com',
      Balance: 12.5,
      Category: categoryId,
      Tier: 'gold',
    });
    expect(added).toMatchObject({
      Name: 'Ada',
      Email: 'ada@example.com',
      Balance: 12.5,
      Category: categoryId,
    });
    const bad = await server.call('Customer/AddNew', { Name: 'Bob', Email: 'not an address' }, admin);
    expect(bad.status).toBe(400);
    expect(bad.body.error_description).toContain('Email: must be an e-mail address');
    // A relation's value is checked against the other side by its id, not by reading all its records.
    const noSuchCategory = await server.call('Customer/AddNew', { Name: 'Eve', Category: 999_999 }, admin);
    expect(noSuchCategory.status).toBe(400);
    expect(noSuchCategory.body.error_description).toBe('Category: 999999 is not one of its options');
    // So is a record added in a category's detail (its scope names the category).
    const scopedToNothing = await server.call(
      'Customer/AddNew',
      { Name: 'Eve', RequestData: { Category: 999_999 } },
      admin,
    );
    expect(scopedToNothing.status, scopedToNothing.text).toBe(400);
    expect(scopedToNothing.body.error_description).toBe('Category: 999999 is not one of its options');
    const duplicate = await refusal('Customer/AddNew', { Name: 'Ada 2', Email: 'ada@example.com' });
    expect(duplicate.message).toContain('already used');
    const list = await data('Customer/List', { Page: 1, PageSize: 10, TextSearch: 'ada' });
    expect(list.Data.map((row: { Name: string }) => row.Name)).toEqual(['Ada']);
    const updated = await data('Customer/UpdateFields', {
      Id: added.Id,
      IM_ReturnTime: added.IM_ReturnTime,
      Values: [{ FieldName: 'Balance', NewValue: 20 }],
    });
    expect(updated.Balance).toBe(20);
    // A change made on a version of the record that is no longer the latest is refused.
    const stale = await refusal('Customer/UpdateFields', {
      Id: added.Id,
      IM_ReturnTime: added.IM_ReturnTime,
      Values: [{ FieldName: 'Balance', NewValue: 30 }],
    });
    expect(stale.message).toMatch(/changed/i);
    const exported = await data('Customer/Export', { Page: 1, PageSize: 10 });
    expect(JSON.stringify(exported)).toMatch(/xlsx|Url|Link/i);
    const extra = await data('Customer/AddNew', { Name: 'Gone soon' });
    await data('Customer/Delete', { Id: extra.Id });
    const detail = await server.call('Customer/Detail', { Id: extra.Id }, admin);
    expect(detail.body.StatusCode).not.toBe(1);
  });

  it('shows a relation’s record as its display template reads, linking to it on the other side’s screen', async () => {
    const category = (await data('Category/List', { Page: 1, PageSize: 5 })).Data[1];
    const added = await data('Customer/AddNew', { Name: 'Linked', Category: category.Id });
    const shown = `${category.Name} (${category.Code})`;
    const link = `/data/categories?id=${category.Id}`;
    expect(added).toMatchObject({ Category_Text: shown, Category_Link: link });
    const list = await data('Customer/List', { Page: 1, PageSize: 5, TextSearch: 'linked' });
    expect(list.Data[0]).toMatchObject({ Category: category.Id, Category_Text: shown, Category_Link: link });
    // The column says where its text and link are, so that the cell shows and follows them, and
    // that its editor looks the other side up on the server.
    expect(JSON.parse(list.ExtraData.Columns.Category.Type.more)).toEqual({
      fText: 'Category_Text',
      fLink: 'Category_Link',
      newWindow: false,
      lookup: { api: 'Customer', field: 'Category' },
    });
    const other = (await data('Category/List', { Page: 1, PageSize: 5 })).Data[2];
    const moved = await data('Customer/UpdateFields', {
      Id: added.Id,
      IM_ReturnTime: added.IM_ReturnTime,
      Values: [{ FieldName: 'Category', NewValue: other.Id }],
    });
    expect(moved).toMatchObject({ Category_Text: `${other.Name} (${other.Code})` });
    const none = await data('Customer/AddNew', { Name: 'Unlinked' });
    expect(none).not.toHaveProperty('Category_Text');
    expect(none).not.toHaveProperty('Category_Link');
    // The link opens that one record: `RequestData: {Id}` narrows any resource's List to it.
    const one = await data('Category/List', { Page: 1, PageSize: 20, RequestData: { Id: String(other.Id) } });
    expect(one.Data.map((row: { Id: number }) => row.Id)).toEqual([other.Id]);
    expect(one.Total).toBe(1);
    const options = await data('Category/Options', { RequestData: { Id: other.Id } });
    expect(JSON.parse(options.Configs.ScreenConfig).Header.showAddNew).toBe(false);
    // There, its detail lists the customers pointing at it, where they are added (pointing at it).
    expect(JSON.parse(options.Configs.ScreenConfig).Table.expand.related).toContainEqual({
      apiName: 'Customer',
      field: 'Category',
      title: 'Customers',
    });
    const inDetail = await data('Customer/AddNew', {
      Name: 'In detail',
      RequestData: { Category: other.Id },
    });
    expect(inDetail).toMatchObject({ Category: other.Id, Category_Text: `${other.Name} (${other.Code})` });
    const related = await data('Customer/List', {
      Page: 1,
      PageSize: 50,
      RequestData: { Category: other.Id },
    });
    expect(related.Data.map((row: { Name: string }) => row.Name).sort()).toEqual(['In detail', 'Linked']);
    await data('Customer/Delete', { Id: inDetail.Id });
    const bad = await server.call('Category/List', { Page: 1, RequestData: { Id: 'x' } }, admin);
    expect(bad.status).toBe(400);
    await data('Customer/Delete', { Id: added.Id });
    await data('Customer/Delete', { Id: none.Id });
  });

  it('imports, updates and deletes a collection’s records in bulk, as a declared resource’s', async () => {
    const form = new FormData();
    form.append(
      'file[]',
      new Blob(['Name,Balance\nBulk one,1\nBulk two,2\nBulk three,3\n']),
      'customers.csv',
    );
    const imported = await server.fetch('/api/v1/Customer/Import', {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}` },
      body: form,
    });
    const answer = (await imported.json()) as { StatusCode: number; Data: unknown };
    expect(imported.status, JSON.stringify(answer)).toBe(200);
    expect(answer.StatusCode).toBe(1);
    const bulk = async () =>
      (await data('Customer/List', { Page: 1, PageSize: 50, TextSearch: 'bulk' })).Data as {
        Id: number;
        Name: string;
        Balance: number;
      }[];
    const rows = await bulk();
    expect(rows.map((row) => row.Name).sort()).toEqual(['Bulk one', 'Bulk three', 'Bulk two']);
    const updated = await data('Customer/BulkUpdate', {
      Ids: rows.map((row) => row.Id),
      Values: [{ FieldName: 'Balance', NewValue: 9 }],
    });
    expect(updated).toMatchObject({ Done: 3 });
    expect((await bulk()).map((row) => row.Balance)).toEqual([9, 9, 9]);
    // The grants hold as for any call: a user without one changes nothing.
    const refused = await server.call('Customer/BulkDelete', { Ids: rows.map((row) => row.Id) }, staff);
    expect(refused.status).toBe(403);
    expect(await bulk()).toHaveLength(3);
    expect(await data('Customer/BulkDelete', { Ids: rows.map((row) => row.Id) })).toMatchObject({ Done: 3 });
    expect(await bulk()).toEqual([]);
    // Another name is still no API at all.
    expect((await server.fetch('/api/v1/Nothing/Import', { method: 'POST' })).status).toBe(404);
  });

  it('looks up the other side of a relation page by page, as its display template reads', async () => {
    const page = await data('Customer/Lookup', { Field: 'Category', Search: '', PageSize: 2 });
    expect(page.Data).toHaveLength(2);
    expect(page.Data[0].Text).toMatch(/^.+ \(.+\)$/);
    const category = await data('Category/Detail', { Id: page.Data[0].Value });
    const found = await data('Customer/Lookup', { Field: 'Category', Search: category.Name.slice(0, 4) });
    expect(found.Data.map((o: { Value: number }) => o.Value)).toContain(category.Id);
    const named = await data('Customer/Lookup', { Field: 'Category', Values: [category.Id] });
    // Records' texts are data: the web shows them as written, never as words it translates.
    expect(named.Data).toEqual([
      { Value: category.Id, Text: `${category.Name} (${category.Code})`, Verbatim: true },
    ]);
    const notRelation = await server.call('Customer/Lookup', { Field: 'Name' }, admin);
    expect(notRelation.status).toBe(400);
  });

  it('looks up the built-in lists that grow (a product’s category) on the server too, a bounded page at a time', async () => {
    const options = await data('Product/Options');
    const control = JSON.parse(options.Configs.ScreenConfig).AddNew.controls.find(
      (c: { fieldName: string }) => c.fieldName === 'CategoryId',
    );
    expect(control).toMatchObject({
      type: 'lookup',
      more: { lookup: { api: 'Product', field: 'CategoryId' } },
    });
    const all = (await data('Category/List', { Page: 1, PageSize: 100 })) as {
      Data: { Id: number; Name: string }[];
      Total: number;
    };
    expect(all.Total).toBeGreaterThan(2);
    const first = await data('Product/Lookup', { Field: 'CategoryId', PageSize: 2 });
    expect(first).toMatchObject({ HasMore: true });
    expect(first.Data).toHaveLength(2);
    const second = await data('Product/Lookup', { Field: 'CategoryId', PageSize: 2, Page: 2 });
    expect(second.Data[0].Value).not.toBe(first.Data[0].Value);
    // The typed text, whatever its case, finds the category among the others.
    const wanted = all.Data[all.Data.length - 1] as { Id: number; Name: string };
    const typed = await data('Product/Lookup', { Field: 'CategoryId', Search: wanted.Name.toUpperCase() });
    expect(typed.Data).toContainEqual({ Value: wanted.Id, Text: wanted.Name, Verbatim: true });
    expect(typed.Data.length).toBeLessThan(all.Total);
    const named = await data('Product/Lookup', { Field: 'CategoryId', Values: [wanted.Id] });
    expect(named.Data).toEqual([{ Value: wanted.Id, Text: wanted.Name, Verbatim: true }]);
    // Never more than a page; a list that does not grow is not looked up.
    expect((await server.call('Product/Lookup', { Field: 'CategoryId', PageSize: 51 }, admin)).status).toBe(
      400,
    );
    expect((await server.call('Product/Lookup', { Field: 'Status' }, admin)).status).toBe(400);
  });

  it('searches a lookup through the trigram indexes of the displayed fields, not by reading every row', async () => {
    await applied((document) => {
      document.Collections = [
        ...document.Collections,
        {
          APIName: 'Supplier',
          Title: { en: 'Suppliers' },
          Fields: [
            { Name: 'Name', Type: 'text', Required: true },
            { Name: 'Sku', Type: 'text', Required: false },
            { Name: 'Note', Type: 'longText', Required: false, Searchable: false },
          ],
        },
        {
          APIName: 'Shipment',
          Title: { en: 'Shipments' },
          Fields: [
            {
              Name: 'Supplier',
              Type: 'relation',
              Required: false,
              Target: 'Supplier',
              Display: '{Name} ({Sku})',
            },
          ],
        },
      ];
    });
    const db = server.database.db;
    const rowsOf = (answer: unknown) =>
      ((answer as { rows?: Record<string, unknown>[] }).rows ??
        (answer as Record<string, unknown>[])) as Record<string, unknown>[];
    // The displayed fields have a trigram index on their folded text; a field no one searches has none.
    const indexes = rowsOf(
      await db.execute(sql`select indexname, indexdef from pg_indexes where tablename = 'c_supplier'`),
    );
    const trigram = indexes.filter((index) => String(index.indexdef).includes('gin_trgm_ops'));
    expect(trigram.map((index) => index.indexname).sort()).toEqual([
      'c_supplier_f_name_trgm',
      'c_supplier_f_sku_trgm',
    ]);
    await db.execute(
      sql.raw(
        `insert into c_supplier (f_name, f_sku) select 'Supplier ' || md5(g::text), 'S' || g from generate_series(1, 20000) g`,
      ),
    );
    await db.execute(sql.raw('analyze c_supplier'));
    const found = await data('Shipment/Lookup', { Field: 'Supplier', Search: 's4242', PageSize: 5 });
    expect(found.Data[0]).toMatchObject({ Text: expect.stringMatching(/^Supplier [0-9a-f]{32} \(S4242\)$/) });
    expect(found.Data.every((option: { Text: string }) => /\(S4242\d*\)$/.test(option.Text))).toBe(true);
    // Accents and case are folded on both sides, as the List's search does.
    const folded = await data('Shipment/Lookup', {
      Field: 'Supplier',
      Search: 'SÚPPLIER s4242',
      PageSize: 5,
    });
    expect(folded.Data.map((o: { Value: number }) => o.Value)).toEqual(
      found.Data.map((o: { Value: number }) => o.Value),
    );

    const target = server.app.services.resources.registry.get('Supplier');
    if (!target) throw new Error('Supplier is not served');
    const query = lookupSelect(
      db,
      target,
      '{Name} ({Sku})',
      { Field: 'Supplier', Search: 's4242', Page: 1, PageSize: 20 },
      undefined,
    );
    const plan = JSON.stringify(rowsOf(await db.execute(sql`explain (format json) ${query}`)));
    expect(plan).toMatch(/c_supplier_f_(name|sku)_trgm/);
    expect(plan).not.toContain('"Seq Scan"');
  });

  it('gives collections published before the trigram indexes their indexes at start, once', async () => {
    const db = server.database.db;
    const indexesOf = async () => {
      const answer = await db.execute(
        sql`select indexname from pg_indexes where tablename in ('c_supplier', 'c_shipment') order by indexname`,
      );
      return ((answer as { rows?: { indexname: string }[] }).rows ?? (answer as { indexname: string }[])).map(
        (row) => row.indexname,
      );
    };
    const complete = await indexesOf();
    // As a collection published before them: its lookup, search and sort indexes are not there (its
    // primary key and unique indexes came with its fields).
    const later = complete.filter((name) => name.startsWith('c_supplier_') && /_(trgm|idx|sort)$/.test(name));
    expect(later).toContain('c_supplier_f_sku_trgm');
    for (const name of later) await db.execute(sql.raw(`drop index "${name}"`));
    expect(await indexesOf()).not.toContain('c_supplier_f_sku_trgm');
    expect(await server.app.services.collections.ensureIndexes()).toEqual([]);
    expect(await indexesOf()).toEqual(complete);
    // Again (the next start): nothing to make, nothing fails, nothing more.
    expect(await server.app.services.collections.ensureIndexes()).toEqual([]);
    expect(await indexesOf()).toEqual(complete);
  });

  it('answers another role by its grants: none, then list and own rows with a hidden field', async () => {
    const refused = await server.call('Customer/List', { Page: 1 }, staff);
    expect(refused.status).toBe(403);
    await applied((document) => {
      document.roles.staff.grants.Customer = {
        list: true,
        detail: true,
        add: true,
        edit: true,
        delete: false,
        export: false,
        actions: [],
        hiddenFields: ['Balance'],
        editFields: [],
        rowRule: 'own',
      };
    });
    const mine = await data('Customer/AddNew', { Name: 'Staff customer' }, staff);
    expect(mine).not.toHaveProperty('Balance');
    const list = await data('Customer/List', { Page: 1, PageSize: 50 }, staff);
    expect(list.Data.map((row: { Name: string }) => row.Name)).toEqual(['Staff customer']);
    expect(list.Data[0]).not.toHaveProperty('Balance');
    expect(list.ExtraData.Columns).not.toHaveProperty('Balance');
    const setHidden = await server.call('Customer/AddNew', { Name: 'X', Balance: 3 }, staff);
    expect(setHidden.status).toBe(403);
    expect((await server.call('Customer/Delete', { Id: mine.Id }, staff)).status).toBe(403);
    // Someone else's record does not exist for them.
    const adminRows = await data('Customer/List', { Page: 1, PageSize: 50 });
    const ada = adminRows.Data.find((row: { Name: string }) => row.Name === 'Ada');
    const hidden = await server.call('Customer/Detail', { Id: ada.Id }, staff);
    expect(hidden.body.StatusCode).not.toBe(1);
    // A user with no grant gets nothing, not even the relation's options.
    expect((await server.call('Customer/Lookup', { Field: 'Category' }, other)).status).toBe(403);
  });

  it('keeps the values of a renamed field and a renamed collection', async () => {
    await applied((document) => {
      const customer = document.Collections[0];
      customer.Fields[0].Name = 'FullName';
      customer.APIName = 'Client';
      customer.Title = { en: 'Clients' };
      document.roles.staff.grants.Client = document.roles.staff.grants.Customer;
      delete document.roles.staff.grants.Customer;
    });
    const list = await data('Client/List', { Page: 1, PageSize: 50 });
    expect(list.Data.map((row: { FullName: string }) => row.FullName)).toContain('Ada');
    expect((await server.call('Customer/List', { Page: 1 }, admin)).status).toBe(404);
    const live = await data('Configuration/Export');
    expect(live.screens.c_customer.apiName).toBe('Client');
  });

  it('refuses to drop a field with values until its name is typed, saying how many would be lost', async () => {
    const drop = (document: any) => {
      document.Collections[0].Fields = document.Collections[0].Fields.filter(
        (f: { Name: string }) => f.Name !== 'Email',
      );
    };
    const refused = await apply(drop);
    expect(refused.body.StatusCode).not.toBe(1);
    expect(refused.body.Msg).toContain('Client.Email (1 value)');
    const document = await data('Configuration/Export');
    drop(document);
    expect(await data('Collections/Losses', { Document: document })).toEqual({
      Losses: [{ Name: 'Client.Email', Reason: 'drop-field', Values: 1 }],
    });
    // Nothing changed: the field and its value are still there.
    const list = await data('Client/List', { Page: 1, PageSize: 50 });
    expect(list.Data.find((row: { FullName: string }) => row.FullName === 'Ada').Email).toBe(
      'ada@example.com',
    );
    await applied(drop, { Confirm: ['Client.Email'] });
    const after = await data('Client/List', { Page: 1, PageSize: 50 });
    expect(after.Data[0]).not.toHaveProperty('Email');
  });

  it('refuses a narrowing type change unless confirmed, and widens without loss', async () => {
    await applied((document) => {
      document.Collections[0].Fields.find((f: { Name: string }) => f.Name === 'Balance').Type = 'decimal';
    });
    const list = await data('Client/List', { Page: 1, PageSize: 50 });
    expect(list.Data.find((row: { FullName: string }) => row.FullName === 'Ada').Balance).toBe(20);
    const narrow = await apply((document) => {
      document.Collections[0].Fields.find((f: { Name: string }) => f.Name === 'Balance').Type = 'date';
    });
    expect(narrow.body.Msg).toContain('Client.Balance (1 value)');
  });

  it('refuses identifiers that are not names, reserved words and the names of the product', async () => {
    const before = (await data('Configuration/History')).Total;
    const attacks: [any, RegExp][] = [
      [{ ...customers, APIName: 'X"; DROP TABLE users; --' }, /APIName: must start with a capital/],
      [{ ...customers, APIName: 'Product' }, /APIName: is the name of a resource of the product/],
      [{ ...customers, APIName: 'Select' }, /APIName: is a reserved word/],
      [{ ...customers, APIName: 'Shop', Table: 'users; drop' }, /Table: must be 1 to 24 small letters/],
      [
        { ...customers, APIName: 'Shop', Fields: [{ Name: 'Id', Type: 'text', Required: false }] },
        /Name: is a field every record has/,
      ],
      [
        {
          ...customers,
          APIName: 'Shop',
          Fields: [{ Name: 'Owner', Type: 'relation', Required: false, Target: 'Nothing' }],
        },
        /Target: Nothing is not a collection or resource/,
      ],
    ];
    for (const [collection, message] of attacks) {
      const answer = await apply((document) => {
        document.Collections = [...document.Collections, collection];
      });
      expect(answer.status, answer.text).toBe(400);
      expect(answer.body.error_description).toMatch(message);
    }
    expect((await data('Configuration/History')).Total).toBe(before);
    expect((await data('Client/List', { Page: 1 })).Total).toBeGreaterThan(0);
  });

  it('keeps collections to those with the studio grant', async () => {
    const answer = await apply(
      (document) => {
        document.Collections = [];
      },
      { token: staff },
    );
    expect(answer.status).toBe(403);
  });

  it('drops a whole collection only when its name is typed', async () => {
    const dropAll = (document: any) => {
      delete document.Collections;
    };
    const refused = await apply(dropAll);
    expect(refused.body.Msg).toMatch(/Client \(\d+ values?\)/);
    await applied(dropAll, { Confirm: ['Client', 'Supplier'] });
    expect((await server.call('Client/List', { Page: 1 }, admin)).status).toBe(404);
    const live = await data('Configuration/Export');
    expect(live.screens.c_customer).toBeUndefined();
    expect(live.Collections).toBeUndefined();
  });

  it('gives every sortable field an index in the sort’s order, which a page reads at any depth', async () => {
    await applied((document) => {
      document.Collections = [
        {
          APIName: 'Invoice',
          Title: { en: 'Invoices' },
          Fields: [
            { Name: 'Number', Type: 'text', Required: true },
            { Name: 'Due', Type: 'date', Required: false },
            { Name: 'Amount', Type: 'money', Required: false },
            { Name: 'Paid', Type: 'boolean', Required: false },
            { Name: 'Note', Type: 'longText', Required: false },
          ],
        },
      ];
    });
    const db = server.database.db;
    const rowsOf = (answer: unknown) =>
      ((answer as { rows?: Record<string, unknown>[] }).rows ??
        (answer as Record<string, unknown>[])) as Record<string, unknown>[];
    const indexes = rowsOf(
      await db.execute(sql`select indexname, indexdef from pg_indexes where tablename = 'c_invoice'`),
    );
    const sortIndexes = indexes.filter((index) => String(index.indexname).endsWith('_sort'));
    // Long texts are not offered as sorts, and get no sort index.
    expect(sortIndexes.map((index) => index.indexname).sort()).toEqual([
      'c_invoice_f_amount_sort',
      'c_invoice_f_due_sort',
      'c_invoice_f_number_sort',
      'c_invoice_f_paid_sort',
    ]);
    // A quarter of the due dates and amounts empty: NULLs last ascending, first descending.
    await db.execute(
      sql.raw(`insert into c_invoice (f_number, f_due, f_amount, f_paid)
        select 'INV-' || g, case when g % 4 = 0 then null else date '2020-01-01' + (g * 7919 % 2000) end,
          case when g % 4 = 1 then null else (g * 104729 % 100000) / 100.0 end, g % 3 = 0
        from generate_series(1, 20000) g`),
    );
    await db.execute(sql.raw('analyze c_invoice'));
    server.app.services.events.publish({ type: 'data-changed', data: { APIName: 'Invoice', Id: 0 } });

    const resources = server.app.services.resources;
    const invoice = resources.registry.get('Invoice');
    if (!invoice) throw new Error('Invoice is not served');
    const sortable = invoice.columns.filter((column) => column.sortable).map((column) => column.field);
    expect(sortable.sort()).toEqual(['Amount', 'Due', 'Number', 'Paid']);
    const unread: string[] = [];
    for (const field of sortable) {
      for (const dir of ['asc', 'desc'] as const) {
        const sorts = [{ Field: field, Dir: dir }];
        const ordering = orderOf(invoice, sorts);
        const selection = selectionOf(undefined, ordering, 'all');
        // Page 1, then a deep page after its neighbour (from the known row, as paging forward reads it).
        const first = await resources.pageQuery(invoice, selection, 50, 0);
        const pageSize = 50;
        const deep = 300;
        await data('Invoice/List', { Page: deep - 1, PageSize: pageSize, Sorts: sorts });
        const from = await resources.pageQuery(invoice, selection, pageSize, (deep - 1) * pageSize);
        for (const [what, query] of [
          ['page 1', first],
          ['page 300', from],
        ] as const) {
          const plan = JSON.stringify(rowsOf(await db.execute(sql`explain (format json) ${query}`)));
          if (!plan.includes(`c_invoice_f_${field.toLowerCase()}_sort`) || plan.includes('"Seq Scan"'))
            unread.push(`${field} ${dir} ${what}`);
        }
      }
    }
    expect(unread).toEqual([]);
  });

  it('filters and exports a relation by its records past the first page of Options, one look-up a batch', async () => {
    await applied((document) => {
      document.Collections = [
        ...(document.Collections ?? []),
        {
          APIName: 'Maker',
          Title: { en: 'Makers' },
          Fields: [
            { Name: 'Name', Type: 'text', Required: true },
            { Name: 'Code', Type: 'text', Required: false },
          ],
        },
        {
          APIName: 'Gadget',
          Title: { en: 'Gadgets' },
          Fields: [
            { Name: 'Label', Type: 'text', Required: true },
            { Name: 'Maker', Type: 'relation', Required: false, Target: 'Maker', Display: '{Name} ({Code})' },
          ],
        },
      ];
    });
    const db = server.database.db;
    const rowsOf = (answer: unknown) =>
      ((answer as { rows?: Record<string, unknown>[] }).rows ??
        (answer as Record<string, unknown>[])) as Record<string, unknown>[];
    // More makers than a relation's Options hold (its first ones by name): the last are past them.
    const makerCount = RELATION_OPTIONS + 100;
    await db.execute(
      sql.raw(`insert into c_maker (f_name, f_code)
        select 'Maker ' || lpad(g::text, 4, '0'), 'M' || g from generate_series(1, ${makerCount}) g`),
    );
    // 1,500 gadgets (two export batches of 1,000), each of a maker but every tenth.
    await db.execute(
      sql.raw(`insert into c_gadget (f_label, f_maker)
        select 'Gadget ' || g, case when g % 10 = 0 then null else m.id end
        from generate_series(1, 1500) g left join c_maker m on m.f_code = 'M' || (g % ${makerCount} + 1)`),
    );
    const makerId = async (n: number) =>
      rowsOf(await db.execute(sql.raw(`select id from c_maker where f_code = 'M${n}'`)))[0]?.id as number;
    const last = await makerId(makerCount);
    const beforeLast = await makerId(makerCount - 1);
    const options = await data('Gadget/Options');
    expect(options.MakerList).toHaveLength(RELATION_OPTIONS);
    expect(options.MakerList.map((o: { Value: number }) => o.Value)).not.toContain(last);
    // Its filter and its cell are lookups on the server (the web draws them as such).
    const filter = JSON.parse(options.Configs.ScreenConfig).Filter.items.find(
      (item: { fieldName: string }) => item.fieldName === 'Maker',
    );
    expect(filter).toMatchObject({ type: 'select', more: { lookup: { api: 'Gadget', field: 'Maker' } } });
    const columns = (await data('Gadget/List', { Page: 1, PageSize: 1 })).ExtraData.Columns;
    expect(JSON.parse(columns.Maker.Type.more).lookup).toEqual({ api: 'Gadget', field: 'Maker' });
    expect(JSON.parse(columns.Maker.Filter.more).lookup).toEqual({ api: 'Gadget', field: 'Maker' });

    // A maker past the Options' first page is a filter's value all the same (checked by its id).
    const expectedOf = rowsOf(
      await db.execute(sql.raw(`select count(*)::int as n from c_gadget where f_maker = ${last}`)),
    )[0]?.n as number;
    expect(expectedOf).toBeGreaterThan(0);
    const filtered = await data('Gadget/List', {
      Page: 1,
      PageSize: 50,
      Filters: [{ FieldName: 'Maker', Type: 'select', Value: last }],
    });
    expect(filtered.Total).toBe(expectedOf);
    expect(filtered.Data.every((row: { Maker: number }) => row.Maker === last)).toBe(true);
    expect(filtered.Data[0].Maker_Text).toBe(`Maker ${String(makerCount).padStart(4, '0')} (M${makerCount})`);
    const either = await data('Gadget/List', {
      Page: 1,
      PageSize: 50,
      Filters: [{ FieldName: 'Maker', Type: 'multiselect', Value: [last, beforeLast] }],
    });
    expect(either.Total).toBeGreaterThan(expectedOf);
    const nobody = await server.call(
      'Gadget/List',
      { Page: 1, Filters: [{ FieldName: 'Maker', Type: 'select', Value: 999_999 }] },
      admin,
    );
    expect(nobody.status).toBe(400);
    expect(nobody.body.error_description).toBe('Filters.0.Value: 999999 is not an option of Maker');

    // Export writes each maker's text as its display template reads, not its id; the makers are
    // read for each batch's ids (one query a batch), never the list whole nor one a row.
    const makers = server.app.services.resources.registry.get('Gadget')?.declaration.options?.Maker;
    if (!makers?.find) throw new Error('Gadget.Maker is not looked up by id');
    const loadWhole = vi.spyOn(makers, 'load');
    const findAmong = vi.spyOn(makers, 'find');
    const exported = await data('Gadget/Export', { Sorts: [{ Field: 'Id', Dir: 'asc' }] });
    // Counted, not compared (a failure would print the calls' arguments: the database client).
    const calls = { whole: loadWhole.mock.calls.length, among: findAmong.mock.calls.length };
    loadWhole.mockRestore();
    findAmong.mockRestore();
    expect(calls).toEqual({ whole: 0, among: 2 });
    const download = await server.fetch(exported.FullPath);
    expect(download.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await download.arrayBuffer());
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('the export has no sheet');
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const labelAt = header.indexOf('Label') + 1;
    const makerAt = header.indexOf('Maker') + 1;
    const expected = rowsOf(
      await db.execute(
        sql.raw(`select g.f_label as label, m.f_name as name, m.f_code as code
          from c_gadget g left join c_maker m on m.id = g.f_maker order by g.id`),
      ),
    );
    expect(sheet.rowCount).toBe(expected.length + 1);
    const written = expected.map((_, index) => {
      const row = sheet.getRow(index + 2);
      return [row.getCell(labelAt).value, row.getCell(makerAt).value ?? null];
    });
    expect(written).toEqual(
      expected.map((row) => [row.label, row.name === null ? null : `${row.name} (${row.code})`]),
    );

    // Import names a maker by its text as shown, past the Options' first page too (found by the
    // list's search, case and accents aside); a text that names no maker is refused by its cell.
    const form = new FormData();
    const lastText = `Maker ${String(makerCount).padStart(4, '0')} (M${makerCount})`;
    form.append(
      'file[]',
      new Blob([
        `Label,Maker\nImported past,${lastText.toUpperCase()}\nImported first,Maker 0001 (M1)\nImported nobody,Maker 9999 (M9999)\n`,
      ]),
      'gadgets.csv',
    );
    form.append('Mode', 'skip');
    const imported = await server.fetch('/api/v1/Gadget/Import', {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}` },
      body: form,
    });
    const answer = (await imported.json()) as {
      Data: { Imported: number; Errors: { Row: number; Field: string; Message: string }[] };
    };
    expect(answer.Data.Imported, JSON.stringify(answer.Data.Errors)).toBe(2);
    expect(answer.Data.Errors.map((error) => [error.Row, error.Field])).toEqual([[3, 'Maker']]);
    const importedRows = rowsOf(
      await db.execute(
        sql.raw(`select g.f_label as label, g.f_maker as maker from c_gadget g
          where g.f_label like 'Imported %' order by g.f_label`),
      ),
    );
    expect(importedRows).toEqual([
      { label: 'Imported first', maker: await makerId(1) },
      { label: 'Imported past', maker: last },
    ]);
  }, 120_000);
});
