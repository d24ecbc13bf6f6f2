import { join } from 'node:path';
import {
  columnDefSchema,
  columnMoreSchema,
  errorBodySchema,
  exportResultSchema,
  listResultSchema,
  resourceOptionsSchema,
  resourceRowSchema,
} from '@panelwright/contract';
import { and, eq, getTableName, like, type SQL, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, products, users } from '../../db/schema';
import type { LiveEvent } from '../../lib/events';
import { SERVER_ROOT } from '../../paths';
import { seededProducts, signInAs, TEST_PRODUCTS } from '../../testing/demo';
import { startTestServer, type TestServer } from '../../testing/harness';
import { DECLARED_RESOURCES } from './declarations';
import { KEPT_COUNT_DELTAS } from './kept-count';
import { type ListQuery, orderOf, whereOf } from './query';
import { selectionOf } from './service';

let server: TestServer;
let admin: string;
let staff: string;
const events: LiveEvent[] = [];

beforeAll(async () => {
  // The web app's language files (public/ is what the build copies): the screens' texts, which an
  // export's headers are said in for a Vietnamese reader.
  const webPublic = join(SERVER_ROOT, '..', 'web', 'public');
  server = await startTestServer({ demoProducts: TEST_PRODUCTS, webDistDir: webPublic });
  admin = await server.signIn();
  staff = await signInAs(server, 'sam', 'staff');
  server.app.services.events.subscribe((event) => events.push(event));
});
afterAll(() => server.close());

const list = (body: Record<string, unknown>, token = admin, api = 'Product') =>
  server.call(`${api}/List`, { PageSize: 1000, ...body }, token);
const ids = (res: { body: any }) => res.body.Data.Data.map((row: { Id: number }) => row.Id);
const expectedIds = (keep: (p: (typeof seededProducts)[number]) => boolean) =>
  seededProducts.filter(keep).map((p) => p.Id);

/** A 400 whose description names `text` and shows nothing of SQL. */
function expectRefused(res: { status: number; body: any; text: string }, text: string | RegExp) {
  expect(res.status).toBe(400);
  const body = errorBodySchema.parse(res.body);
  expect(body.error_description).toMatch(text);
  expect(res.text).not.toMatch(/select |insert |update |delete |drizzle|syntax|"products"/i);
}

type PlanNode = { 'Node Type': string; 'Actual Rows'?: number; 'Actual Loops'?: number; Plans?: PlanNode[] };

/** The rows the scans of a plan read, over all their loops. */
function scannedRows(node: PlanNode | undefined): number {
  if (!node) return 0;
  const own = node['Node Type'].includes('Scan')
    ? (node['Actual Rows'] ?? 0) * (node['Actual Loops'] ?? 1)
    : 0;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + scannedRows(child), 0);
}

async function storedProduct(id: number) {
  const [row] = await server.database.db.select().from(products).where(eq(products.id, id));
  return row;
}

describe('Options', () => {
  it('answers the screen configuration and the option lists', async () => {
    const res = await server.call('Product/Options', { ScreenGUID: 'x', RequestData: {} }, admin);
    expect(res.body.StatusCode).toBe(1);
    const data = resourceOptionsSchema.parse(res.body.Data);
    const config = JSON.parse(data.Configs.ScreenConfig);
    expect(config.Header).toMatchObject({ showAddNew: true, showExport: true });
    expect(config.Table).toMatchObject({ canDelete: true, rowStyleField: 'UI_StyleRow' });
    expect(config.Filter.items.map((i: { fieldName: string }) => i.fieldName)).toContain('CategoryId');
    // The sorts the screen offers, as List takes them: each one sorts, and nothing else does.
    expect(config.Table.sortable).toEqual(expect.arrayContaining(['Id', 'Name', 'Price', 'ReleaseDate']));
    expect(config.Table.sortable).not.toContain('Tags');
    for (const Field of config.Table.sortable) {
      expect((await list({ PageSize: 1, Sorts: [{ Field, Dir: 'desc' }] })).status).toBe(200);
    }
    expect(config.AddNew.controls.find((c: { fieldName: string }) => c.fieldName === 'Name')).toMatchObject({
      type: 'text',
      required: true,
    });
    expect(res.body.Data.CategoryList).toHaveLength(8);
    // Categories are data (records' names): marked to be shown as written; statuses are words.
    expect(res.body.Data.CategoryList[0]).toEqual({ Value: 8, Text: 'Archive', Verbatim: true });
    expect(res.body.Data.StatusList.map((o: { Value: string }) => o.Value)).toEqual([
      'draft',
      'active',
      'backorder',
      'archived',
    ]);
    // Each status with the tone its badge is drawn in, declared with the option (issue 25).
    expect(res.body.Data.StatusList.map((o: { Tone?: string }) => o.Tone)).toEqual([
      'info',
      'success',
      'warning',
      'secondary',
    ]);
    expect(res.body.Data.TagList.length).toBeGreaterThan(3);
    expect(res.body.Data.StatusList.some((o: { Verbatim?: boolean }) => 'Verbatim' in o)).toBe(false);
  });

  it('marks data as written for a Vietnamese caller, even a name the UI translates, in Options and Lookup', async () => {
    const vietnamese = { ScreenGUID: 'x', RequestData: {}, UI_Language: 'vn' };
    const res = await server.call('Product/Options', vietnamese, staff);
    const office = res.body.Data.CategoryList.find((o: { Text: string }) => o.Text === 'Office');
    expect(office).toMatchObject({ Text: 'Office', Verbatim: true });
    const found = await server.call(
      'Product/Lookup',
      { Field: 'CategoryId', Search: 'offi', Page: 1, PageSize: 20, UI_Language: 'vn' },
      staff,
    );
    expect(found.body.Data.Data).toEqual([{ Value: office.Value, Text: 'Office', Verbatim: true }]);
  });

  it('shapes the configuration by role', async () => {
    const res = await server.call('Category/Options', {}, staff);
    const config = JSON.parse(res.body.Data.Configs.ScreenConfig);
    expect(config.Header.showAddNew).toBe(false);
    expect(config.Table.canDelete).toBe(false);
    const columns = (await list({}, staff, 'Category')).body.Data.ExtraData.Columns;
    expect(columns.Name.CanEdit).toBe(false);
    expect((await list({}, admin, 'Category')).body.Data.ExtraData.Columns.Name.CanEdit).toBe(true);
  });

  it('is listed as screens for signed-in users', async () => {
    const res = await server.call('ConfigMenu/CategoryScreenList', {}, staff);
    expect(res.body.Data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ UIUrl: '/data/products', UIType: 'table', APIName: 'Product' }),
        expect.objectContaining({ UIUrl: '/data/categories', UIType: 'table', APIName: 'Category' }),
      ]),
    );
  });
});

describe('List', () => {
  it('pages on the server with a total and the column definitions', async () => {
    const res = await list({ Page: 3, PageSize: 25 });
    expect(res.status).toBe(200);
    const data = listResultSchema.parse(res.body.Data);
    expect(data.Total).toBe(TEST_PRODUCTS);
    expect(ids(res)).toEqual(expectedIds((p) => p.Id > 50 && p.Id <= 75));
    for (const row of data.Data) resourceRowSchema.parse(row);
    const first = data.Data[0] as Record<string, unknown>;
    expect(first.IM_ReturnTime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(first).toMatchObject({ Id: 51, Sku: 'SKU-000051', Price: seededProducts[50]?.Price });
    expect(typeof first.Attributes).toBe('object');
    const last = await list({ Page: 13, PageSize: 25 });
    expect(last.body.Data).toMatchObject({ Data: [], Total: TEST_PRODUCTS });
  });

  it('sends valid column definitions whose Type.more parses as column options', async () => {
    const columns = (await list({ PageSize: 1 })).body.Data.ExtraData.Columns;
    const types = new Set<string>();
    for (const [field, def] of Object.entries(columns)) {
      const parsed = columnDefSchema.parse(def);
      expect(parsed.fieldName).toBe(field);
      types.add(parsed.Type.type);
      if (parsed.Type.more) columnMoreSchema.parse(JSON.parse(parsed.Type.more));
    }
    for (const type of ['text', 'number', 'money', 'date', 'datetime', 'time', 'select', 'multiselect']) {
      expect(types).toContain(type);
    }
    for (const type of ['checkbox', 'switch', 'color', 'link', 'photo', 'html', 'json', 'tag', 'button']) {
      expect(types).toContain(type);
    }
  });

  it('searches the searchable columns, every word anywhere', async () => {
    expect(ids(await list({ TextSearch: 'sku-000123' }))).toEqual([123]);
    const res = await list({ TextSearch: '  breeze   SHELF ' });
    expect(ids(res)).toEqual(expectedIds((p) => /breeze/i.test(p.Name) && /shelf/i.test(p.Name)));
    expect(res.body.Data.Total).toBeGreaterThan(0);
  });

  it('treats LIKE wildcards in the search as plain text', async () => {
    for (const TextSearch of ['%', '_', '\\', "' or 1=1 --"]) {
      const res = await list({ TextSearch });
      expect(res.status).toBe(200);
      expect(res.body.Data.Total).toBe(0);
    }
  });

  it('sorts by several declared columns, the id breaking ties in the direction of the last sort', async () => {
    const res = await list({
      Sorts: [
        { Field: 'Status', Dir: 'asc' },
        { Field: 'Price', Dir: 'desc' },
      ],
    });
    const expected = [...seededProducts]
      .sort((a, b) => a.Status.localeCompare(b.Status) || b.Price - a.Price || b.Id - a.Id)
      .map((p) => p.Id);
    expect(ids(res)).toEqual(expected);
    const byIdDesc = await list({ PageSize: 3, Sorts: [{ Field: 'Id', Dir: 'desc' }] });
    expect(ids(byIdDesc)).toEqual([300, 299, 298]);
  });

  it('refuses to sort by anything but a sortable declared column', async () => {
    for (const Field of ['price', 'Nope', 'Tags', 'UI_Restock', 'name; drop table products', 'updated_at']) {
      expectRefused(await list({ Sorts: [{ Field, Dir: 'asc' }] }), `Sorts.0.Field: ${Field}`);
    }
    expectRefused(await list({ Sorts: [{ Field: 'Name', Dir: 'sideways' }] }), /Sorts\.0\.Dir/);
  });

  it('filters by text, search, select, multiselect, checkbox and date range', async () => {
    const cases: [unknown, number[]][] = [
      [
        { FieldName: 'Sku', Type: 'text', Value: 'sku-00012' },
        expectedIds((p) => p.Sku.startsWith('SKU-00012')),
      ],
      [
        { FieldName: 'Name', Type: 'search', Value: 'alpine LAMP' },
        expectedIds((p) => /alpine/i.test(p.Name) && /lamp/i.test(p.Name)),
      ],
      [{ FieldName: 'CategoryId', Type: 'select', Value: 3 }, expectedIds((p) => p.CategoryId === 3)],
      [{ FieldName: 'CategoryId', Type: 'select', Value: '3' }, expectedIds((p) => p.CategoryId === 3)],
      [
        { FieldName: 'Status', Type: 'select', Value: 'backorder' },
        expectedIds((p) => p.Status === 'backorder'),
      ],
      [
        { FieldName: 'Status', Type: 'multiselect', Value: ['draft', 'archived'] },
        expectedIds((p) => p.Status === 'draft' || p.Status === 'archived'),
      ],
      [
        { FieldName: 'Tags', Type: 'multiselect', Value: ['eco', 'gift'] },
        expectedIds((p) => p.Tags.includes('eco') || p.Tags.includes('gift')),
      ],
      [{ FieldName: 'Tags', Type: 'select', Value: 'new' }, expectedIds((p) => p.Tags.includes('new'))],
      [{ FieldName: 'IsActive', Type: 'checkbox', Value: false }, expectedIds((p) => !p.IsActive)],
      [{ FieldName: 'IsLocked', Type: 'checkbox', Value: 'true' }, [100, 200, 300]],
      [
        { FieldName: 'ReleaseDate', Type: 'daterange', Value: { start: '2021-03-01', end: '2021-06-30' } },
        expectedIds((p) => p.ReleaseDate >= '2021-03-01' && p.ReleaseDate <= '2021-06-30'),
      ],
      [{ FieldName: 'Status', Type: 'select', Value: '_empty_' }, expectedIds(() => true)],
      [{ FieldName: 'Status', Type: 'multiselect', Value: [] }, expectedIds(() => true)],
      [{ FieldName: 'Name', Type: 'text', Value: null }, expectedIds(() => true)],
    ];
    for (const [filter, expected] of cases) {
      const res = await list({ Filters: [filter] });
      expect(res.status, JSON.stringify(filter)).toBe(200);
      expect(ids(res), JSON.stringify(filter)).toEqual(expected);
      expect(res.body.Data.Total).toBe(expected.length);
    }
    const combined = await list({
      TextSearch: 'alpine',
      Filters: [
        { FieldName: 'IsActive', Type: 'checkbox', Value: true },
        { FieldName: 'Status', Type: 'select', Value: 'active' },
      ],
    });
    expect(ids(combined)).toEqual(
      expectedIds((p) => /alpine/i.test(p.Name) && p.IsActive && p.Status === 'active'),
    );
  });

  it('takes date ranges of date-times as whole days in the caller’s time zone', async () => {
    const id = 42;
    await server.call(
      'Product/UpdateFields',
      { Id: id, Values: [{ FieldName: 'RestockedAt', NewValue: '2030-05-01T20:00:00Z' }] },
      admin,
    );
    const filter = {
      FieldName: 'RestockedAt',
      Type: 'daterange',
      Value: { start: '2030-05-01', end: '2030-05-01' },
    };
    expect(ids(await list({ Filters: [filter] }))).toEqual([id]);
    // 20:00 UTC is already 2 May in UTC+7 (getTimezoneOffset() = -420).
    expect(ids(await list({ Filters: [filter], UI_TimezoneOffset: -420 }))).toEqual([]);
    const nextDay = { ...filter, Value: { start: '2030-05-02', end: '2030-05-02' } };
    expect(ids(await list({ Filters: [nextDay], UI_TimezoneOffset: -420 }))).toEqual([id]);
  });

  it('refuses filters on undeclared columns, of the wrong type, or with bad values', async () => {
    const refused: [unknown, string | RegExp][] = [
      [
        { FieldName: 'nope', Type: 'text', Value: 'x' },
        'Filters.0.FieldName: nope is not a column of Product',
      ],
      [{ FieldName: 'is_active', Type: 'checkbox', Value: true }, 'Filters.0.FieldName: is_active'],
      [{ FieldName: 'UI_Restock', Type: 'text', Value: 'x' }, 'Filters.0.FieldName: UI_Restock'],
      [
        { FieldName: 'Name', Type: 'daterange', Value: { start: '2020-01-01', end: '2020-01-02' } },
        'Filters.0.Type',
      ],
      [
        { FieldName: 'Price', Type: 'checkbox', Value: true },
        'Filters.0.Type: Price cannot be filtered by checkbox',
      ],
      [{ FieldName: 'Name', Type: 'regex', Value: '.*' }, /Filters\.0\.Type/],
      [
        { FieldName: 'ReleaseDate', Type: 'daterange', Value: { start: '2021-13-01', end: '2021-12-31' } },
        'Filters.0.Value',
      ],
      [
        { FieldName: 'ReleaseDate', Type: 'daterange', Value: { start: '2021-05-01', end: '2021-04-01' } },
        'Filters.0.Value',
      ],
      [{ FieldName: 'ReleaseDate', Type: 'daterange', Value: '2021-05-01' }, 'Filters.0.Value'],
      [
        { FieldName: 'CategoryId', Type: 'select', Value: 999 },
        'Filters.0.Value: 999 is not an option of CategoryId',
      ],
      [{ FieldName: 'CategoryId', Type: 'select', Value: "1' or '1'='1" }, 'Filters.0.Value'],
      [{ FieldName: 'Quantity', Type: 'select', Value: 'abc' }, 'Filters.0.Value: must be a number'],
      [{ FieldName: 'IsActive', Type: 'checkbox', Value: 'maybe' }, 'Filters.0.Value: must be true or false'],
      [{ FieldName: 'Status', Type: 'multiselect', Value: { a: 1 } }, 'Filters.0.Value'],
      [{ FieldName: 'Name', Type: 'text', Value: { a: 1 } }, 'Filters.0.Value: must be text'],
      [{ FieldName: 'Name', Type: 'text', Value: 'x'.repeat(300) }, 'Filters.0.Value: must be at most 200'],
    ];
    for (const [filter, text] of refused) expectRefused(await list({ Filters: [filter] }), text);
    expect((await list({ PageSize: 1 })).body.Data.Total).toBeGreaterThanOrEqual(TEST_PRODUCTS);
  });

  it('counts the total once per filter, and recounts at once after a write of the resource', async () => {
    const cheap = { Filters: [{ FieldName: 'Name', Type: 'text', Value: 'Total probe' }] };
    expect((await list(cheap)).body.Data.Total).toBe(0);
    // Written behind the protocol's back (no change announced): the kept total stays as it was...
    await server.database.db.insert(products).values({ sku: 'PROBE-1', name: 'Total probe one', price: '1' });
    expect((await list(cheap)).body.Data.Total).toBe(0);
    expect((await list({ ...cheap, Page: 2, PageSize: 10 })).body.Data.Total).toBe(0);
    // ...until a write through the protocol announces a change of the table, which recounts it.
    const added = await server.call(
      'Product/AddNew',
      { Sku: 'PROBE-2', Name: 'Total probe two', Price: 2 },
      admin,
    );
    expect(added.body.StatusCode).toBe(1);
    const after = await list(cheap);
    expect(after.body.Data.Total).toBe(2);
    expect(after.body.Data.Data).toHaveLength(2);
    const removed = await server.call('Product/Delete', { Id: added.body.Data.Id }, admin);
    expect(removed.body.StatusCode).toBe(1);
    expect((await list(cheap)).body.Data.Total).toBe(1);
    await server.database.db.delete(products).where(eq(products.sku, 'PROBE-1'));
    server.app.services.events.publish({ type: 'data-changed', data: { APIName: 'Product', Id: 0 } });
    expect((await list(cheap)).body.Data.Total).toBe(0);
  });

  describe('the total of all products, kept by the database (migration 0027)', () => {
    const rowsOf = async (query: SQL) =>
      ((await server.database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
    const counted = async () => Number((await rowsOf(sql`select count(*) as n from products`))[0]?.n);
    const kept = async () =>
      Number(
        (
          await rowsOf(
            sql`select coalesce(sum(delta), 0) as n from pw_row_counts where table_name = 'products'`,
          )
        )[0]?.n,
      );
    const deltas = async () =>
      Number(
        (await rowsOf(sql`select count(*) as n from pw_row_counts where table_name = 'products'`))[0]?.n,
      );
    /** The total of List with no condition, after a change is announced (the count cache forgets). */
    const listed = async () => {
      server.app.services.events.publish({ type: 'data-changed', data: { APIName: 'Product', Id: 0 } });
      return (await list({ PageSize: 1 })).body.Data.Total as number;
    };
    const probe = (n: number) => ({ sku: `KEPT-${n}`, name: `Kept probe ${n}`, price: '1' });
    const removeProbes = () => server.database.db.delete(products).where(like(products.sku, 'KEPT-%'));

    it('is what List answers for all rows, read from the kept deltas rather than counted', async () => {
      expect(await kept()).toBe(await counted());
      expect(await listed()).toBe(await counted());
      // A delta that no row backs shows in the total: the total is read from the kept count.
      await server.database.db.execute(
        sql`insert into pw_row_counts (table_name, delta) values ('products', 5)`,
      );
      try {
        expect(await listed()).toBe((await counted()) + 5);
      } finally {
        await server.database.db.execute(
          sql`delete from pw_row_counts where table_name = 'products' and delta = 5`,
        );
      }
      expect(await listed()).toBe(await counted());
    });

    it('stays exact through inserts of many rows, deletes, upserts, the protocol and rolled-back writes', async () => {
      const before = await counted();
      await server.database.db.insert(products).values([probe(1), probe(2), probe(3)]);
      expect(await listed()).toBe(before + 3);
      // An upsert counts the rows it inserts, not the ones it updates.
      await server.database.db
        .insert(products)
        .values([probe(3), probe(4)])
        .onConflictDoUpdate({ target: products.sku, set: { price: '2' } });
      expect(await listed()).toBe(before + 4);
      await server.database.db.delete(products).where(eq(products.sku, 'KEPT-1'));
      expect(await listed()).toBe(before + 3);
      const added = await server.call(
        'Product/AddNew',
        { Sku: 'KEPT-5', Name: 'Kept probe 5', Price: 1 },
        admin,
      );
      expect(added.body.StatusCode).toBe(1);
      expect((await list({ PageSize: 1 })).body.Data.Total).toBe(before + 4);
      await expect(
        server.database.db.transaction(async (tx) => {
          await tx.insert(products).values([probe(6), probe(7)]);
          await tx.delete(products).where(eq(products.sku, 'KEPT-2'));
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect(await listed()).toBe(before + 4);
      await removeProbes();
      expect(await listed()).toBe(before);
      expect(await kept()).toBe(await counted());
    });

    it('folds its deltas into one row when they pile up, and the total stays the same', async () => {
      for (let n = 1; n <= KEPT_COUNT_DELTAS + 1; n++)
        await server.database.db.insert(products).values(probe(n));
      expect(await deltas()).toBeGreaterThan(KEPT_COUNT_DELTAS);
      const total = await counted();
      expect(await listed()).toBe(total);
      expect(await deltas()).toBe(1);
      expect(await listed()).toBe(total);
      await removeProbes();
      expect(await listed()).toBe(await counted());
    });

    it('a truncate starts the count again from nothing (rolled back here, with the rows)', async () => {
      const before = await counted();
      await expect(
        server.database.db.transaction(async (tx) => {
          await tx.execute(sql`truncate products cascade`);
          await tx.insert(products).values([probe(1), probe(2)]);
          const inside = (await tx.execute(
            sql`select coalesce(sum(delta), 0) as n from pw_row_counts where table_name = 'products'`,
          )) as unknown as { rows: { n: unknown }[] };
          expect(Number(inside.rows[0]?.n)).toBe(2);
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect(await counted()).toBe(before);
      expect(await listed()).toBe(before);
    });

    it.runIf(process.env.PW_TEST_DB === 'postgres')(
      'counts only committed rows while another connection writes, and both writers add up',
      async () => {
        const before = await counted();
        let release = () => {};
        const held = new Promise<void>((resolve) => {
          release = resolve;
        });
        let inserted = () => {};
        const insertedOnce = new Promise<void>((resolve) => {
          inserted = resolve;
        });
        const writer = server.database.db.transaction(async (tx) => {
          await tx.insert(products).values([probe(1), probe(2)]);
          inserted();
          await held;
        });
        await insertedOnce;
        // A second writer on another connection is not held up by the first one's open transaction.
        await server.database.db.insert(products).values(probe(3));
        expect(await kept()).toBe(before + 1);
        expect(await listed()).toBe(before + 1);
        release();
        await writer;
        expect(await listed()).toBe(before + 3);
        await removeProbes();
        expect(await listed()).toBe(before);
      },
    );

    it('every declaration that says its count is kept has the triggers that keep it', async () => {
      const triggers = await rowsOf(
        sql`select c.relname as "table", t.tgname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid
            where not t.tgisinternal`,
      );
      const missing: string[] = [];
      for (const declaration of DECLARED_RESOURCES.filter((item) => item.keptCount)) {
        const table = getTableName(declaration.table);
        for (const suffix of ['count_inserted', 'count_deleted', 'count_truncated']) {
          if (!triggers.some((row) => row.table === table && row.name === `${table}_${suffix}`)) {
            missing.push(`${table}_${suffix}`);
          }
        }
      }
      expect(DECLARED_RESOURCES.some((item) => item.keptCount)).toBe(true);
      expect(missing).toEqual([]);
    });
  });

  it('answers deep pages with the rows a whole ordered list has at that place', async () => {
    const sorts = [{ Field: 'Price', Dir: 'desc' }];
    const whole = ids(await list({ Sorts: sorts, PageSize: 1000 }));
    const pageSize = 7;
    const page = Math.ceil(whole.length / pageSize) - 1;
    const deep = await list({ Sorts: sorts, Page: page, PageSize: pageSize });
    expect(ids(deep)).toEqual(whole.slice((page - 1) * pageSize, page * pageSize));
    expect(deep.body.Data.Total).toBe(whole.length);
  });

  it('answers every page, in any order of visits, as the whole list has it, before and after a write', async () => {
    const orderings = [
      [],
      [{ Field: 'Name', Dir: 'asc' }],
      [{ Field: 'Name', Dir: 'desc' }],
      [{ Field: 'Id', Dir: 'desc' }],
      // Mixed directions and a column that may be empty: counted from the start, never from a known row.
      [
        { Field: 'Status', Dir: 'asc' },
        { Field: 'Price', Dir: 'desc' },
      ],
      [{ Field: 'ReleaseDate', Dir: 'asc' }],
    ];
    const pageSize = 13;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...orderings),
        fc.array(fc.integer({ min: 1, max: 25 }), { minLength: 3, maxLength: 12 }),
        fc.integer({ min: 0, max: 11 }),
        async (sorts, pages, writeAfter) => {
          let whole = ids(await list({ Sorts: sorts, PageSize: 1000 }));
          for (const [visit, page] of pages.entries()) {
            if (visit === writeAfter) {
              // A new row early in every ordering moves every page after it by one.
              const added = await server.call(
                'Product/AddNew',
                { Sku: `PAGE-${visit}-${page}-${Date.now()}`, Name: `  Paging probe ${page}`, Price: 0 },
                admin,
              );
              expect(added.body.StatusCode).toBe(1);
              whole = ids(await list({ Sorts: sorts, PageSize: 1000 }));
            }
            const answer = await list({ Sorts: sorts, Page: page, PageSize: pageSize });
            expect(ids(answer)).toEqual(whole.slice((page - 1) * pageSize, page * pageSize));
          }
        },
      ),
      { numRuns: 12 },
    );
    await server.database.db.delete(products).where(like(products.sku, 'PAGE-%'));
    server.app.services.events.publish({ type: 'data-changed', data: { APIName: 'Product', Id: 0 } });
  });

  describe('sorts on columns that may be empty and in mixed directions', () => {
    // Some products without a release date, a colour or a label: NULLs first in a descending sort, last
    // in an ascending one, at the start, in the middle and at the end of pages.
    let saved: { id: number; releaseDate: string | null; color: string | null; label: string | null }[] = [];
    beforeAll(async () => {
      const db = server.database.db;
      saved = await db
        .select({
          id: products.id,
          releaseDate: products.releaseDate,
          color: products.color,
          label: products.label,
        })
        .from(products);
      await db.execute(sql`update products set release_date = null where id % 4 = 1`);
      await db.execute(sql`update products set color = null where id % 3 = 0`);
      await db.execute(sql`update products set label = null where id % 5 < 2`);
      server.app.services.events.publish({ type: 'data-changed', data: { APIName: 'Product', Id: 0 } });
    });
    afterAll(async () => {
      for (const row of saved) {
        await server.database.db
          .update(products)
          .set({ releaseDate: row.releaseDate, color: row.color, label: row.label })
          .where(eq(products.id, row.id));
      }
      server.app.services.events.publish({ type: 'data-changed', data: { APIName: 'Product', Id: 0 } });
    });

    const ORDERINGS = [
      [{ Field: 'ReleaseDate', Dir: 'asc' }],
      [{ Field: 'ReleaseDate', Dir: 'desc' }],
      [{ Field: 'Color', Dir: 'asc' }],
      [
        { Field: 'Color', Dir: 'desc' },
        { Field: 'Price', Dir: 'asc' },
      ],
      [
        { Field: 'Label', Dir: 'asc' },
        { Field: 'Color', Dir: 'desc' },
        { Field: 'ReleaseDate', Dir: 'asc' },
      ],
      [
        { Field: 'Status', Dir: 'asc' },
        { Field: 'ReleaseDate', Dir: 'desc' },
      ],
    ];

    it('answers every page, visited in any order, as the whole ordered list has it', async () => {
      const pageSize = 11;
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...ORDERINGS),
          fc.array(fc.integer({ min: 1, max: 28 }), { minLength: 4, maxLength: 10 }),
          async (sorts, pages) => {
            const whole = ids(await list({ Sorts: sorts, PageSize: 1000 }));
            for (const page of pages) {
              const answer = await list({ Sorts: sorts, Page: page, PageSize: pageSize });
              expect(ids(answer)).toEqual(whole.slice((page - 1) * pageSize, page * pageSize));
            }
          },
        ),
        { numRuns: 12 },
      );
    }, 120_000);

    it('reads a deep page from the known row before it, not every row from the start', async () => {
      const service = server.app.services.resources;
      const resource = service.registry.get('Product');
      if (!resource) throw new Error('Product is not served');
      const pageSize = 10;
      const depth = 25;
      for (const sorts of ORDERINGS) {
        const query = { Page: depth, PageSize: pageSize, Sorts: sorts as ListQuery['Sorts'] };
        // The page before teaches where this one starts, as paging forward does.
        expect((await list({ ...query, Page: depth - 1 })).status).toBe(200);
        const selection = selectionOf(
          await whereOf(resource, query, async () => [], 1),
          orderOf(resource, query.Sorts),
          'all',
        );
        const page = await service.pageQuery(resource, selection, pageSize, (depth - 1) * pageSize);
        // The planner's choice at scale (index scans in order) on this small table.
        const read = await server.database.db.transaction(async (tx) => {
          await tx.execute(sql`set local enable_seqscan = off`);
          await tx.execute(sql`set local enable_bitmapscan = off`);
          await tx.execute(sql`set local enable_mergejoin = off`);
          await tx.execute(sql`set local enable_hashjoin = off`);
          const answer = (await tx.execute(sql`explain (analyze, format json) ${page}`)) as unknown as {
            rows: Record<string, unknown>[];
          };
          const plan = answer.rows[0]?.['QUERY PLAN'];
          const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan: PlanNode }[];
          return scannedRows(parsed[0]?.Plan);
        });
        expect(read, JSON.stringify(sorts)).toBeLessThan((depth - 1) * pageSize);
        expect(ids(await list(query))).toEqual(
          ids(await list({ Sorts: sorts, PageSize: 1000 })).slice((depth - 1) * pageSize, depth * pageSize),
        );
      }
    });
  });

  it('refuses bad paging and bodies that are not objects', async () => {
    expectRefused(await list({ PageSize: 0 }), /PageSize/);
    expectRefused(await list({ PageSize: 100_001 }), /PageSize/);
    expectRefused(await list({ Page: 'two' }), /Page/);
    expectRefused(await list({ TextSearch: 'x'.repeat(5000) }), /TextSearch/);
    const array = await server.fetch('/api/v1/Product/List', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
      body: '[]',
    });
    expect(array.status).toBe(400);
  });
});

describe('Detail', () => {
  it('answers the row, and a business failure for a missing one', async () => {
    const res = await server.call('Product/Detail', { Id: 5 }, staff);
    expect(res.body.Data).toMatchObject({ Id: 5, Sku: 'SKU-000005', IsLocked: false });
    expect((await server.call('Product/Detail', { Id: '5' }, staff)).body.Data.Id).toBe(5);
    const missing = await server.call('Product/Detail', { Id: 99_999 }, staff);
    expect(missing.body).toMatchObject({ StatusCode: 0, Data: null });
    for (const Id of [-1, 0, 'abc', 1.5, 2 ** 40, null]) {
      expectRefused(await server.call('Product/Detail', { Id }, staff), /^Id: /);
    }
  });
});

describe('UpdateFields', () => {
  it('validates, writes, audits, publishes and answers the whole row', async () => {
    const before = (await server.call('Product/Detail', { Id: 10 }, admin)).body.Data;
    events.length = 0;
    const res = await server.call(
      'Product/UpdateFields',
      {
        Id: 10,
        ProjectId: 1,
        RequestData: {},
        IM_ReturnTime: before.IM_ReturnTime,
        Values: [
          { FieldName: 'Price', NewValue: '12.5' },
          { FieldName: 'Tags', NewValue: 'eco,gift' },
        ],
      },
      admin,
    );
    expect(res.body).toMatchObject({ StatusCode: 1, Msg: 'Saved.' });
    const row = resourceRowSchema.parse(res.body.Data);
    expect(row).toMatchObject({ Id: 10, Price: 12.5, Tags: 'eco,gift', Sku: before.Sku, Name: before.Name });
    expect(Date.parse(row.IM_ReturnTime)).toBeGreaterThan(Date.parse(before.IM_ReturnTime));
    expect(events).toEqual([{ type: 'data-changed', data: { APIName: 'Product', Id: 10 } }]);
    const [audit] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'record_update'), eq(auditLog.recordId, '10')));
    expect(audit).toMatchObject({ resource: 'Product', userId: 1 });
    expect(audit?.details).toEqual({
      changes: [
        { field: 'Price', old: before.Price, new: 12.5 },
        { field: 'Tags', old: before.Tags, new: 'eco,gift' },
      ],
    });
    expect((await storedProduct(10))?.updatedBy).toBe(1);
  });

  it('stores every cell type in its wire form', async () => {
    const values: [string, unknown, unknown][] = [
      ['Name', 'Renamed lamp', 'Renamed lamp'],
      ['Description', '', ''],
      ['Quantity', 7, 7],
      ['Discount', 12.25, 12.25],
      ['IsActive', true, true],
      ['IsFeatured', 'true', true],
      ['ReleaseDate', '2024-02-29', '2024-02-29'],
      ['RestockedAt', '2024-05-01T10:00:00+07:00', '2024-05-01T03:00:00.000Z'],
      ['PickupTime', '07:45', '07:45'],
      ['CategoryId', '2', 2],
      ['Status', 'active', 'active'],
      ['Tags', ['sale', 'new', 'sale'], 'sale,new'],
      ['Color', '#A1b2C3', '#A1b2C3'],
      ['Website', 'https://example.org/a?b=1', 'https://example.org/a?b=1'],
      ['Photo', '/files/x/a.png,https://example.org/b.jpg', '/files/x/a.png,https://example.org/b.jpg'],
      ['NotesHtml', '<p>Hi</p>', '<p>Hi</p>'],
      ['Attributes', { size: [1, 2], ok: true }, { size: [1, 2], ok: true }],
      ['Label', 'Hot', 'Hot'],
      ['ReleaseDate', null, null],
      ['CategoryId', '', null],
      ['Color', null, null],
    ];
    for (const [FieldName, NewValue, expected] of values) {
      const res = await server.call(
        'Product/UpdateFields',
        { Id: 11, Values: [{ FieldName, NewValue }] },
        admin,
      );
      expect(res.body.StatusCode, `${FieldName}: ${res.text}`).toBe(1);
      expect(res.body.Data[FieldName], FieldName).toEqual(expected);
    }
  });

  it('refuses a value breaking its rule with a 400 naming the field, writing nothing', async () => {
    const before = await storedProduct(12);
    const refused: [string, unknown, string][] = [
      ['Price', -1, 'Price: must be at least 0'],
      ['Price', 2_000_000, 'Price: must be at most 1000000'],
      ['Price', 'cheap', 'Price: must be a number'],
      ['Quantity', 1.5, 'Quantity: must be a whole number'],
      ['Name', '', 'Name: is required'],
      ['Name', null, 'Name: is required'],
      ['Name', 'x'.repeat(201), 'Name: must be at most 200 characters'],
      ['Name', 42, 'Name: must be text'],
      ['Name', 'a\u0000b', 'Values[0].NewValue: may not contain the NUL character'],
      ['Status', 'sold', 'Status: sold is not one of its options'],
      ['Status', null, 'Status: is required'],
      ['CategoryId', 999, 'CategoryId: 999 is not one of its options'],
      ['Tags', ['eco', 'nope'], 'Tags: nope is not one of its options'],
      ['ReleaseDate', '2023-02-29', 'ReleaseDate: must be a date as YYYY-MM-DD'],
      ['RestockedAt', 'yesterday', 'RestockedAt: must be a date and time'],
      ['PickupTime', '24:00', 'PickupTime: must be a time as HH:mm'],
      ['Color', 'red', 'Color: must be a colour as #rrggbb'],
      ['Website', 'javascript:alert(1)', 'Website: must be a link'],
      ['Photo', 'data:image/png;base64,xx', 'Photo: must be links'],
      ['IsActive', 'yes', 'IsActive: must be true or false'],
      ['Attributes', { big: 'x'.repeat(20_000) }, 'Attributes: must be JSON of at most 10000 characters'],
    ];
    for (const [FieldName, NewValue, text] of refused) {
      expectRefused(
        await server.call('Product/UpdateFields', { Id: 12, Values: [{ FieldName, NewValue }] }, admin),
        text,
      );
    }
    // One bad value among good ones: nothing of the call is written.
    expectRefused(
      await server.call(
        'Product/UpdateFields',
        {
          Id: 12,
          Values: [
            { FieldName: 'Name', NewValue: 'Half written?' },
            { FieldName: 'Price', NewValue: -5 },
          ],
        },
        admin,
      ),
      'Price: must be at least 0',
    );
    expect(await storedProduct(12)).toEqual(before);
  });

  it('refuses unknown, non-editable and repeated fields, and malformed bodies', async () => {
    const update = (body: unknown) => server.call('Product/UpdateFields', body, admin);
    expectRefused(
      await update({ Id: 13, Values: [{ FieldName: 'Nope', NewValue: 1 }] }),
      'Values.0.FieldName: Nope',
    );
    for (const FieldName of ['Sku', 'Id', 'IsLocked', 'UI_Restock', 'IM_ReturnTime']) {
      expectRefused(await update({ Id: 13, Values: [{ FieldName, NewValue: 'x' }] }), FieldName);
    }
    expectRefused(
      await update({
        Id: 13,
        Values: [
          { FieldName: 'Name', NewValue: 'a' },
          { FieldName: 'Name', NewValue: 'b' },
        ],
      }),
      'given twice',
    );
    expectRefused(await update({ Id: 13, Values: [] }), /Values/);
    expectRefused(await update({ Id: 13, Values: 'Name=x' }), /Values/);
    expectRefused(await update({ Values: [{ FieldName: 'Name', NewValue: 'x' }] }), /Id/);
    expectRefused(
      await update({ Id: 13, IM_ReturnTime: 'last week', Values: [{ FieldName: 'Name', NewValue: 'x' }] }),
      'IM_ReturnTime',
    );
  });

  it('refuses changes to a locked row as a business failure', async () => {
    const before = await storedProduct(100);
    const res = await server.call(
      'Product/UpdateFields',
      { Id: 100, Values: [{ FieldName: 'Name', NewValue: 'Unlocked?' }] },
      admin,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ StatusCode: 0, Msg: 'This record is locked.', Data: null });
    expect(await storedProduct(100)).toEqual(before);
    const del = await server.call('Product/Delete', { Id: 200 }, admin);
    expect(del.body).toMatchObject({ StatusCode: 0, Msg: 'This record is locked.' });
  });

  it('refuses a field the row’s fCanEdit field makes read-only', async () => {
    const inactive = seededProducts.find((p) => !p.IsActive && !p.IsLocked)!;
    const res = await server.call(
      'Product/UpdateFields',
      { Id: inactive.Id, Values: [{ FieldName: 'Discount', NewValue: 5 }] },
      admin,
    );
    expect(res.body).toMatchObject({ StatusCode: 0, Msg: 'Discount cannot be changed on this record.' });
  });

  it('refuses a stale write, naming who changed the row and when, and writes nothing', async () => {
    const seen = (await server.call('Product/Detail', { Id: 14 }, staff)).body.Data;
    const first = await server.call(
      'Product/UpdateFields',
      { Id: 14, IM_ReturnTime: seen.IM_ReturnTime, Values: [{ FieldName: 'Quantity', NewValue: 1 }] },
      admin,
    );
    expect(first.body.StatusCode).toBe(1);
    const changedAt: string = first.body.Data.IM_ReturnTime;
    const before = await storedProduct(14);
    events.length = 0;
    const stale = await server.call(
      'Product/UpdateFields',
      { Id: 14, IM_ReturnTime: seen.IM_ReturnTime, Values: [{ FieldName: 'Quantity', NewValue: 2 }] },
      staff,
    );
    expect(stale.status).toBe(200);
    expect(stale.body.StatusCode).toBe(0);
    expect(stale.body.Msg).toContain('changed by Administrator');
    expect(stale.body.Msg).toContain(`${changedAt.slice(0, 10)} ${changedAt.slice(11, 19)} UTC`);
    expect(await storedProduct(14)).toEqual(before);
    expect(events).toEqual([]);
    const fresh = await server.call(
      'Product/UpdateFields',
      { Id: 14, IM_ReturnTime: changedAt, Values: [{ FieldName: 'Quantity', NewValue: 2 }] },
      staff,
    );
    expect(fresh.body.Data.Quantity).toBe(2);
    expect(Date.parse(fresh.body.Data.IM_ReturnTime)).toBeGreaterThan(Date.parse(changedAt));
  });

  it('answers a business failure for a record that is gone', async () => {
    const res = await server.call(
      'Product/UpdateFields',
      { Id: 77_777, Values: [{ FieldName: 'Name', NewValue: 'Ghost' }] },
      admin,
    );
    expect(res.body.StatusCode).toBe(0);
  });
});

describe('links to stored files', () => {
  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
    'base64',
  );
  async function uploadedLink(): Promise<string> {
    const form = new FormData();
    form.append('file[]', new Blob([PNG]), 'shelf.png');
    const answer = await server.fetch('/api/v1/ProjectPhoto/FileUploadFile', {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}` },
      body: form,
    });
    return ((await answer.json()) as any).Data.Photos[0].FileUrl;
  }
  const setPhoto = (id: number, value: string) =>
    server.call('Product/UpdateFields', { Id: id, Values: [{ FieldName: 'Photo', NewValue: value }] }, admin);

  it('stores a file link without its signature and hands it out signed afresh', async () => {
    const link = await uploadedLink();
    expect((await setPhoto(21, link)).body.StatusCode).toBe(1);
    const stored = (await storedProduct(21))?.photo ?? '';
    expect(stored).toBe(link.split('?')[0]);
    const [audit] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'record_update'), eq(auditLog.recordId, '21')));
    expect(JSON.stringify(audit?.details)).not.toContain('sig=');
    const detail = await server.call('Product/Detail', { Id: 21 }, admin);
    const handedOut = detail.body.Data.Photo as string;
    expect(handedOut).toMatch(/^\/files\/[0-9a-f-]{36}\/shelf\.png\?exp=\d+&sig=[\w-]{43}$/);
    expect((await server.fetch(handedOut)).status).toBe(200);
  });

  it('refuses a file link without a valid signature: nobody attaches a file they could not open', async () => {
    const link = await uploadedLink();
    const before = await storedProduct(22);
    const bare = await setPhoto(22, link.split('?')[0] as string);
    expectRefused(bare, 'Photo: holds a file link that is not valid or has expired');
    const forged = await setPhoto(22, link.replace(/sig=.{4}/, 'sig=AAAA'));
    expectRefused(forged, 'Photo: holds a file link that is not valid or has expired');
    expect(await storedProduct(22)).toEqual(before);
  });
});

describe('AddNew and Delete', () => {
  it('adds a validated record, audited and published', async () => {
    events.length = 0;
    const res = await server.call(
      'Product/AddNew',
      {
        Sku: 'NEW-0001',
        Name: 'Brand new',
        Price: 9.99,
        Tags: ['new'],
        ProjectId: 1,
        RequestData: {},
        UI_FirstID: 'x',
      },
      staff,
    );
    expect(res.body).toMatchObject({ StatusCode: 1 });
    const row = resourceRowSchema.parse(res.body.Data);
    expect(row).toMatchObject({
      Sku: 'NEW-0001',
      Name: 'Brand new',
      Price: 9.99,
      Status: 'draft',
      IsLocked: false,
    });
    expect(events).toEqual([{ type: 'data-changed', data: { APIName: 'Product', Id: row.Id } }]);
    const [audit] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'record_create'), eq(auditLog.recordId, String(row.Id))));
    expect(audit?.details).toMatchObject({
      changes: expect.arrayContaining([{ field: 'Name', old: null, new: 'Brand new' }]),
    });
  });

  it('accepts a form submit of {DefaultValues, DataForm}', async () => {
    const res = await server.call(
      'Category/AddNew',
      { DefaultValues: { Color: '#123456', Unrelated: 1 }, DataForm: { Name: 'Toys', Code: 'TOYS' } },
      admin,
    );
    expect(res.body.Data).toMatchObject({ Name: 'Toys', Code: 'TOYS', Color: '#123456' });
  });

  it('refuses missing required fields, unknown fields and duplicates', async () => {
    const count = (await list({ PageSize: 1 })).body.Data.Total;
    expectRefused(await server.call('Product/AddNew', { Sku: 'NEW-0002' }, admin), 'Name: is required');
    expectRefused(await server.call('Product/AddNew', { Name: 'No sku' }, admin), 'Sku: is required');
    expectRefused(
      await server.call('Product/AddNew', { Sku: 'NEW-0003', Name: 'x', Hack: 1 }, admin),
      'Hack: is not a field of Product',
    );
    expectRefused(
      await server.call('Product/AddNew', { Sku: 'NEW-0003', Name: 'x', IsLocked: false }, admin),
      'IsLocked: cannot be set',
    );
    expectRefused(
      await server.call('Product/AddNew', { Sku: 'bad sku', Name: 'x' }, admin),
      'Sku: must be 3 to 32',
    );
    const duplicate = await server.call('Product/AddNew', { Sku: 'SKU-000001', Name: 'Copy' }, admin);
    expect(duplicate.body).toMatchObject({ StatusCode: 0 });
    expect(duplicate.body.Msg).toMatch(/SKU is already used/);
    expect((await list({ PageSize: 1 })).body.Data.Total).toBe(count);
  });

  it('deletes a record, audited and published', async () => {
    events.length = 0;
    const res = await server.call('Product/Delete', { Id: 7 }, admin);
    expect(res.body).toMatchObject({ StatusCode: 1, Data: true });
    expect(events).toEqual([{ type: 'data-changed', data: { APIName: 'Product', Id: 7 } }]);
    expect((await server.call('Product/Detail', { Id: 7 }, admin)).body.StatusCode).toBe(0);
    const [audit] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'record_delete'), eq(auditLog.recordId, '7')));
    expect(audit?.details).toMatchObject({
      changes: expect.arrayContaining([{ field: 'Sku', old: 'SKU-000007', new: null }]),
    });
    expect((await server.call('Product/Delete', { Id: 7 }, admin)).body.StatusCode).toBe(0);
  });
});

describe('permissions', () => {
  it('refuses staff what only an administrator may do, with 403', async () => {
    const refused: [string, unknown][] = [
      ['Product/Delete', { Id: 20 }],
      ['Category/AddNew', { Name: 'X', Code: 'XX' }],
      ['Category/UpdateFields', { Id: 1, Values: [{ FieldName: 'Name', NewValue: 'X' }] }],
      ['Category/Delete', { Id: 1 }],
    ];
    for (const [name, body] of refused) {
      const res = await server.call(name, body, staff);
      expect(res.status, name).toBe(403);
      expect(res.body.error_description).toMatch(/^Your role may not/);
    }
    expect((await server.call('Product/Detail', { Id: 20 }, staff)).body.StatusCode).toBe(1);
    expect((await server.call('Category/List', {}, staff)).body.StatusCode).toBe(1);
  });

  it('needs a signed-in user, and keeps unknown APIs a 404', async () => {
    expect((await server.call('Product/List', {})).status).toBe(401);
    for (const name of ['Nope/List', 'Product/Nope', 'product/List']) {
      const res = await server.call(name, {}, admin);
      expect(res.status).toBe(404);
      expect(res.body.error_description).toBe(`Api ${name} not found`);
    }
  });
});

describe('Export', () => {
  it('writes the filtered rows to a spreadsheet behind a signed link', async () => {
    // Categories grow: their texts are read for each batch's values (one query a batch), never whole.
    const categories = server.app.services.resources.registry.get('Product')?.declaration.options?.Category;
    if (!categories?.find) throw new Error('the categories of products are not a list that grows');
    const loadWhole = vi.spyOn(categories, 'load');
    const findAmong = vi.spyOn(categories, 'find');
    const categoryNames = new Map(
      (await list({ Page: 1 }, admin, 'Category')).body.Data.Data.map((c: { Id: number; Name: string }) => [
        c.Id,
        c.Name,
      ]),
    );
    const res = await server.call(
      'Product/Export',
      {
        Filters: [{ FieldName: 'Status', Type: 'select', Value: 'backorder' }],
        Sorts: [{ Field: 'Id', Dir: 'asc' }],
      },
      staff,
    );
    expect(res.body.StatusCode).toBe(1);
    const data = exportResultSchema.parse(res.body.Data);
    expect(data.FullPathName).toMatch(/^Products-\d{8}-\d{4}\.xlsx$/);
    expect(data.FullPath).toMatch(/^\/files\/[0-9a-f-]{36}\/Products-.*\.xlsx\?exp=\d+&sig=[\w-]{43}$/);
    const download = await server.fetch(data.FullPath);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toContain('spreadsheetml');
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="Products-/);
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await download.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toContain('SKU');
    expect(header).not.toContain('');
    const expected = seededProducts.filter((p) => p.Status === 'backorder' && p.Id !== 7);
    expect(sheet.rowCount).toBe(expected.length + 1);
    const column = (name: string) => header.indexOf(name) + 1;
    const first = sheet.getRow(2);
    const product = expected[0]!;
    expect(first.getCell(column('SKU')).value).toBe(product.Sku);
    expect(first.getCell(column('Status')).value).toBe('Back-order');
    expect(first.getCell(column('Category')).value).toBe(categoryNames.get(product.CategoryId));
    // Counted, not compared (a failure would print the calls' arguments: the database client).
    const calls = { whole: loadWhole.mock.calls.length, among: findAmong.mock.calls.length };
    loadWhole.mockRestore();
    findAmong.mockRestore();
    expect(calls).toEqual({ whole: 0, among: 1 });
    expect(first.getCell(column('Released')).value).toBeInstanceOf(Date);
    expect(typeof first.getCell(column('Active')).value).toBe('boolean');
    const price = first.getCell(column('Price'));
    expect(price.numFmt).toBe('#,##0.00');
    expect(typeof price.value).toBe('number');
  });

  it("writes its headers in the caller's language: UI_Language, else x-ui-language, else the account's", async () => {
    const headerRow = async (answer: { body: any }) => {
      expect(answer.body.StatusCode).toBe(1);
      const download = await server.fetch(answer.body.Data.FullPath);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(await download.arrayBuffer());
      return (workbook.worksheets[0]!.getRow(1).values as unknown[]).slice(1);
    };
    const body = { Filters: [{ FieldName: 'Status', Type: 'select', Value: 'backorder' }] };
    const english = await headerRow(await server.call('Product/Export', body, staff));
    expect(english).toEqual(expect.arrayContaining(['Name', 'Price', 'Status', 'Category']));

    // The page's language in the body, as the web app sends it with every call.
    const byBody = await headerRow(
      await server.call('Product/Export', { ...body, UI_Language: 'vn' }, staff),
    );
    expect(byBody).toEqual(expect.arrayContaining(['Tên', 'Giá', 'Trạng thái', 'Danh mục']));
    expect(byBody).not.toContain('Price');
    // Column for column: the same columns, each header said in Vietnamese.
    expect(byBody).toHaveLength(english.length);
    expect(byBody[english.indexOf('Price')]).toBe('Giá');
    expect(byBody[english.indexOf('SKU')]).toBe('SKU');

    // A script's header.
    const byHeader = await server.fetch('/api/v1/Product/Export', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${staff}`,
        'x-ui-language': 'vi',
      },
      body: JSON.stringify(body),
    });
    expect(await headerRow({ body: await byHeader.json() })).toEqual(byBody);

    // Nothing given: the account's language.
    await signInAs(server, 'vera', 'staff');
    await server.database.db.update(users).set({ languageCode: 'vn' }).where(eq(users.username, 'vera'));
    const vera = await server.signIn('vera', 'vera-Pass-1234');
    expect(await headerRow(await server.call('Product/Export', body, vera))).toEqual(byBody);
  });

  it("writes options that are words in the caller's language, and data (a category's name) as stored", async () => {
    const officeId = (await list({ Page: 1 }, admin, 'Category')).body.Data.Data.find(
      (c: { Name: string }) => c.Name === 'Office',
    ).Id;
    const res = await server.call(
      'Product/Export',
      {
        Filters: [{ FieldName: 'CategoryId', Type: 'select', Value: officeId }],
        UI_Language: 'vn',
      },
      staff,
    );
    expect(res.body.StatusCode).toBe(1);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await (await server.fetch(res.body.Data.FullPath)).arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const cells = (name: string) =>
      (sheet.getColumn(header.indexOf(name) + 1).values as unknown[]).slice(2).filter((v) => v != null);
    expect(cells('Danh mục').length).toBeGreaterThan(0);
    expect(new Set(cells('Danh mục'))).toEqual(new Set(['Office']));
    const statuses = new Set(cells('Trạng thái'));
    expect(statuses.size).toBeGreaterThan(0);
    for (const status of statuses) {
      expect(['Bản nháp', 'Đang hoạt động', 'Đặt hàng chờ', 'Đã lưu trữ']).toContain(status);
    }
  });

  it("tells the exporting user's live streams how many rows are written, from 0 to the total", async () => {
    const before = events.length;
    const res = await server.call(
      'Product/Export',
      { Filters: [{ FieldName: 'Status', Type: 'select', Value: 'backorder' }] },
      staff,
    );
    expect(res.body.StatusCode).toBe(1);
    const progress = events.slice(before).filter((event) => event.type === 'export-progress');
    const total = seededProducts.filter((p) => p.Status === 'backorder' && p.Id !== 7).length;
    expect(total).toBeGreaterThan(0);
    expect(progress.map((event) => event.data)).toEqual([
      { APIName: 'Product', Rows: 0, Total: total },
      { APIName: 'Product', Rows: total, Total: total },
    ]);
    const staffId = (await server.call('Account/MyProfile', {}, staff)).body.Data?.UserId;
    for (const event of progress)
      expect(event.type === 'export-progress' && event.userIds).toEqual([staffId]);
  });

  it('refuses what List refuses', async () => {
    expectRefused(
      await server.call('Product/Export', { Filters: [{ FieldName: 'x', Type: 'text', Value: 'y' }] }, admin),
      'Filters.0.FieldName: x',
    );
  });
});
