import { importResultSchema } from '@panelwright/contract';
import { and, desc, eq, like, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, categories, products, webhookDeliveries, webhooks } from '../../db/schema';
import type { LiveEvent } from '../../lib/events';
import { startTestServer, type TestServer } from '../../testing/harness';

let server: TestServer;
let admin: string;
const events: LiveEvent[] = [];

beforeAll(async () => {
  server = await startTestServer({ demoProducts: 30 });
  admin = await server.signIn();
  server.app.services.events.subscribe((event) => events.push(event));
});
afterAll(() => server.close());

const db = () => server.database.db;

/** `Product/Import` with the file and the text fields as a browser's form sends them. */
async function importFile(
  content: string | Uint8Array,
  fields: Record<string, string>,
  token = admin,
  name = 'products.csv',
  headers: Record<string, string> = {},
) {
  const form = new FormData();
  form.append('file[]', new Blob([content]), name);
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  const response = await server.fetch('/api/v1/Product/Import', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, ...headers },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as any };
}

/** Products' indexes as the catalogue defines them, with the identity of each (a rebuilt one is new). */
async function productIndexes() {
  const result = (await db().execute(sql`
    select c.relname as name, pg_get_indexdef(i.indexrelid) as definition, i.indisvalid as valid,
      c.oid::bigint::text as identity
    from pg_index i join pg_class c on c.oid = i.indexrelid
    where i.indrelid = 'products'::regclass
    order by c.relname`)) as unknown as {
    rows: { name: string; definition: string; valid: boolean; identity: string }[];
  };
  return result.rows;
}

/** A CSV of `rows` products named PREFIX-1…, the last one with a price its rules refuse if told. */
function productsCsv(prefix: string, rows: number, lastRefused = false): string {
  const lines = ['SKU,Name,Price'];
  for (let i = 1; i <= rows; i++)
    lines.push(`${prefix}-${i},Bulk product ${prefix} ${i},${lastRefused && i === rows ? '-1' : '9.5'}`);
  return lines.join('\n');
}

async function productsLike(prefix: string) {
  return db()
    .select()
    .from(products)
    .where(like(products.sku, `${prefix}%`))
    .orderBy(products.sku);
}

describe('Product/Import', () => {
  it("gives each cell's message and each refused row's reason in the caller's language", async () => {
    const csv =
      'SKU,Name,Price,Quantity\nIMP-VN1,,10,1\nIMP-VN2,Two,cheap,1\nIMP-VN3,Three,10,-1\nIMP-VN4,Fine,10,1\n';
    const res = await importFile(csv, { Mode: 'skip', DryRun: 'true' }, admin, 'products.csv', {
      'x-ui-language': 'vn',
    });
    const data = importResultSchema.parse(res.body.Data);
    expect(data.Errors).toEqual([
      { Row: 1, Field: 'Name', Message: 'là bắt buộc' },
      { Row: 2, Field: 'Price', Message: 'cheap không phải là số' },
      { Row: 3, Field: 'Quantity', Message: 'phải ít nhất là 0' },
    ]);
    const english = importResultSchema.parse(
      (await importFile(csv, { Mode: 'skip', DryRun: 'true' })).body.Data,
    );
    expect(english.Errors.map((error) => error.Message)).toEqual([
      'is required',
      'cheap is not a number',
      'must be at least 0',
    ]);
  });

  it('names a category by its text and by its id, reading a list that grows in the import’s own transaction', async () => {
    const [category] = await db()
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .orderBy(categories.id)
      .limit(1);
    if (!category) throw new Error('no category in the demo data');
    // A list that grows checks the given ids by reading them: in the import's transaction, else
    // the embedded database's next query waits for the import that waits for it.
    const csv = `SKU,Name,Category\nIMP-CAT1,By text,${category.name.toUpperCase()}\nIMP-CAT2,By id,${category.id}\nIMP-CAT3,Nowhere,No such category\n`;
    const res = await importFile(csv, { Mode: 'skip', DryRun: 'false' });
    const data = importResultSchema.parse(res.body.Data);
    expect(data.Imported).toBe(2);
    expect(data.Errors.map((error) => [error.Row, error.Field])).toEqual([[3, 'CategoryId']]);
    expect((await productsLike('IMP-CAT')).map((row) => [row.sku, row.categoryId])).toEqual([
      ['IMP-CAT1', category.id],
      ['IMP-CAT2', category.id],
    ]);
  });

  it('reads CSV with a byte-order mark and semicolons, numbers and dates as shown and as ISO, the mapping guessed from English and Vietnamese headers', async () => {
    const csv =
      '\ufeffMã hàng;Name;Đơn giá;Quantity;Released;Status\r\n' +
      'IMP-A1;Imported one;"1,234.50";12;05-Mar24;Active\r\n' +
      'IMP-A2;Imported two;99.9;"1,000";2023-12-31;draft\r\n';
    const res = await importFile(csv, { Mode: 'all', DryRun: 'false' });
    expect(res.status).toBe(200);
    const data = importResultSchema.parse(res.body.Data);
    expect(data).toMatchObject({ Imported: 2, Added: 2, Updated: 0, Refused: 0, Errors: [] });
    expect(data.Mapping).toEqual({
      'Mã hàng': 'Sku',
      Name: 'Name',
      'Đơn giá': 'Price',
      Quantity: 'Quantity',
      Released: 'ReleaseDate',
      Status: 'Status',
    });
    const stored = await productsLike('IMP-A');
    expect(stored.map((p) => [p.sku, p.name, Number(p.price), p.quantity, p.releaseDate, p.status])).toEqual([
      ['IMP-A1', 'Imported one', 1234.5, 12, '2024-03-05', 'active'],
      ['IMP-A2', 'Imported two', 99.9, 1000, '2023-12-31', 'draft'],
    ]);
    // One operation in the audit log (this import's, the latest), and each row's own entry tied to it.
    const [operation] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'record_import'), eq(auditLog.resource, 'Product')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(operation?.details).toMatchObject({ done: 2, refused: 0, mode: 'all' });
    const created = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'record_create'), eq(auditLog.resource, 'Product')));
    const ofOperation = created.filter(
      (entry) =>
        (entry.details as { operation?: string }).operation ===
        (operation?.details as { operation?: string } | undefined)?.operation,
    );
    expect(ofOperation).toHaveLength(2);
    // The page that asked followed it over the live stream.
    const progress = events.filter((e) => e.type === 'import-progress').map((e) => e.data);
    expect(progress.at(-1)).toEqual({ APIName: 'Product', Rows: 2, Total: 2 });
  });

  it('reads xlsx cells by their type: numbers, dates, and text as shown', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Products');
    sheet.addRow(['SKU', 'Name', 'Price', 'Released', 'Active']);
    sheet.addRow(['IMP-X1', 'From Excel', 15.25, new Date(Date.UTC(2024, 1, 29)), true]);
    sheet.addRow(['IMP-X2', { richText: [{ text: 'Rich ' }, { text: 'text' }] }, '2,500', '29-Feb24', 'no']);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    const res = await importFile(bytes, { Mode: 'all' }, admin, 'products.xlsx');
    expect(res.body.Data).toMatchObject({ Imported: 2, Refused: 0 });
    const stored = await productsLike('IMP-X');
    expect(stored.map((p) => [p.name, Number(p.price), p.releaseDate, p.isActive])).toEqual([
      ['From Excel', 15.25, '2024-02-29', true],
      ['Rich text', 2500, '2024-02-29', false],
    ]);
  });

  it('in skip mode writes the good rows and lists every bad cell, with a file of the refused rows', async () => {
    const csv = [
      'SKU,Name,Price,Quantity',
      'IMP-S1,Good one,10,1',
      'IMP-S2,,10,1',
      'IMP-S3,Bad price,ten,1',
      'IMP-S4,Good two,11,2',
      'IMP-A1,Duplicate SKU,1,1',
      'bad sku,Negative,-1,1',
    ].join('\n');
    const res = await importFile(csv, { Mode: 'skip', Mapping: '' });
    const data = importResultSchema.parse(res.body.Data);
    expect(data.Imported).toBe(2);
    expect(data.Refused).toBe(4);
    expect(data.Errors).toEqual([
      { Row: 2, Field: 'Name', Message: 'is required' },
      { Row: 3, Field: 'Price', Message: 'ten is not a number' },
      { Row: 6, Field: 'Sku', Message: 'must be 3 to 32 capitals, digits or -' },
      { Row: 6, Field: 'Price', Message: 'must be at least 0' },
      { Row: 5, Field: 'Sku', Message: 'SKU is already used by another record' },
    ]);
    expect((await productsLike('IMP-S')).map((p) => p.sku)).toEqual(['IMP-S1', 'IMP-S4']);
    expect(data.RefusedFile).toMatch(/\/files\//);
    const file = await server.fetch(data.RefusedFile as string);
    expect(file.status).toBe(200);
    const text = (await file.text()).replace(/^\ufeff/, '');
    const lines = text.trim().split(/\r?\n/);
    expect(lines[0]).toBe('SKU,Name,Price,Quantity,Reason');
    expect(lines.slice(1)).toEqual([
      'IMP-S2,,10,1,Name: is required',
      'IMP-S3,Bad price,ten,1,Price: ten is not a number',
      'IMP-A1,Duplicate SKU,1,1,Sku: SKU is already used by another record',
      'bad sku,Negative,-1,1,"Sku: must be 3 to 32 capitals, digits or -; Price: must be at least 0"',
    ]);
  });

  it('in "all" mode writes nothing when one row is refused, by its rules or by the database', async () => {
    const byRule = await importFile('SKU,Name,Price\nIMP-N1,Fine,1\nIMP-N2,Bad,-3\n', { Mode: 'all' });
    expect(byRule.body.Data).toMatchObject({
      Imported: 0,
      Refused: 1,
      Errors: [{ Row: 2, Field: 'Price', Message: 'must be at least 0' }],
    });
    expect(byRule.body.Msg).toBe('Nothing imported; rows with errors: 1.');
    const byDatabase = await importFile('SKU,Name\nIMP-N3,Fine\nIMP-N3,Twice\n', { Mode: 'all' });
    expect(byDatabase.body.Data).toMatchObject({ Imported: 0, Refused: 1 });
    expect(byDatabase.body.Data.Errors[0]).toMatchObject({ Row: 2, Field: 'Sku' });
    expect(await productsLike('IMP-N')).toEqual([]);
  });

  it('a dry run checks every row and writes nothing', async () => {
    const res = await importFile('SKU,Name\nIMP-D1,One\nIMP-D2,Two\nIMP-D3,\n', {
      Mode: 'skip',
      DryRun: 'true',
    });
    expect(res.body.Data).toMatchObject({
      DryRun: true,
      Imported: 2,
      Refused: 1,
      Errors: [{ Row: 3, Field: 'Name', Message: 'is required' }],
      Preview: [
        { SKU: 'IMP-D1', Name: 'One' },
        { SKU: 'IMP-D2', Name: 'Two' },
        { SKU: 'IMP-D3', Name: '' },
      ],
    });
    expect(res.body.Data.RefusedFile).toBeUndefined();
    expect(await productsLike('IMP-D')).toEqual([]);
  });

  it('updates the rows a key field finds and adds the others', async () => {
    const [before] = await db().select().from(products).where(eq(products.sku, 'SKU-000003'));
    const res = await importFile('SKU,Price,Name\nSKU-000003,77.5,Renamed three\nIMP-U1,5,New by key\n', {
      Mode: 'all',
      KeyField: 'Sku',
    });
    expect(res.body.Data).toMatchObject({ Imported: 2, Added: 1, Updated: 1, Refused: 0 });
    const [after] = await db().select().from(products).where(eq(products.sku, 'SKU-000003'));
    expect(after?.id).toBe(before?.id);
    expect([Number(after?.price), after?.name]).toEqual([77.5, 'Renamed three']);
    expect(await productsLike('IMP-U')).toHaveLength(1);
    // A locked record is not changed by a key either (product 100 is locked in the demo; 30 exist).
    await db().update(products).set({ isLocked: true }).where(eq(products.sku, 'SKU-000004'));
    const locked = await importFile('SKU,Price\nSKU-000004,1\n', { Mode: 'all', KeyField: 'Sku' });
    expect(locked.body.Data).toMatchObject({
      Imported: 0,
      Errors: [{ Row: 1, Field: 'Sku', Message: 'This record is locked.' }],
    });
  });

  it("stores texts holding COPY's own separators and lists exactly as the file gave them, audit included", async () => {
    // On the embedded database rows and audit entries go in by COPY, whose text format gives tab,
    // newline, backslash and \N meanings of their own; on PostgreSQL by INSERT: the same either way.
    const description = 'tab\there\nnew line \\N back\\slash "quoted" \r end';
    const name = 'Name \\N with \\ and \t';
    const csv = `SKU,Name,Description,Tags\nIMP-ESC1,"${name}","${description.replaceAll('"', '""')}","sale, new"\n`;
    const res = await importFile(csv, { Mode: 'all' });
    expect(res.body.Data).toMatchObject({ Imported: 1, Refused: 0 });
    const [row] = await productsLike('IMP-ESC');
    expect([row?.name, row?.description, row?.tags]).toEqual([name, description, ['sale', 'new']]);
    const [entry] = await db()
      .select({ details: auditLog.details, text: auditLog.changesText })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'record_create'), eq(auditLog.recordId, String(row?.id))));
    const changes = (entry?.details as { changes?: { field: string; new: unknown }[] } | undefined)?.changes;
    expect(changes?.find((change) => change.field === 'Description')?.new).toBe(description);
    expect(entry?.text).toContain(`Description: ∅ → ${description}`);
  });

  it('is refused to a user who may not add, and refuses what is not a table', async () => {
    const viewer = await server.createUser('import-viewer', 'viewer');
    const refused = await importFile('SKU,Name\nIMP-V1,No\n', { Mode: 'all' }, viewer.token);
    expect(refused.status).toBe(403);
    expect(await productsLike('IMP-V')).toEqual([]);
    const binary = await importFile(new Uint8Array([0xff, 0xfe, 0x00, 0x01, 0x02]), { Mode: 'all' });
    expect(binary.status).toBe(400);
    expect(binary.body.error_description).toMatch(/neither an .xlsx workbook nor CSV/);
    const badMode = await importFile('SKU,Name\nIMP-V2,No\n', { Mode: 'some' });
    expect(badMode.status).toBe(400);
    const badMapping = await importFile('SKU,Name\nIMP-V2,No\n', { Mapping: '{"SKU":"Nope"}' });
    expect(badMapping.status).toBe(400);
    expect(badMapping.body.error_description).toMatch(/Nope is not a field of Product/);
  });

  it("gives the database's refusals, the options' and the refused file's reasons in Vietnamese too", async () => {
    const csv = [
      'SKU,Name,Status,Released',
      'IMP-VN5,Fine,Active,05-Mar24',
      'IMP-VN5,Twice,Active,05-Mar24',
      'IMP-VN6,Bad status,Bogus,05-Mar24',
      'IMP-VN7,Bad day,Active,31-Feb24',
    ].join('\n');
    const res = await importFile(csv, { Mode: 'skip' }, admin, 'products.csv', { 'x-ui-language': 'vn' });
    const data = importResultSchema.parse(res.body.Data);
    expect(data.Imported).toBe(1);
    expect(data.Errors).toEqual([
      { Row: 3, Field: 'Status', Message: 'Bogus không phải là một trong các lựa chọn của trường' },
      { Row: 4, Field: 'ReleaseDate', Message: '31-Feb24 không phải là ngày' },
      { Row: 2, Field: 'Sku', Message: 'SKU đã được dùng cho một bản ghi khác' },
    ]);
    const file = await server.fetch(data.RefusedFile as string);
    const lines = (await file.text())
      .replace(/^\ufeff/, '')
      .trim()
      .split(/\r?\n/);
    // The file's own headers as they were, the reasons' header in the caller's language.
    expect(lines[0]).toBe('SKU,Name,Status,Released,Lý do');
    const reasons = lines.slice(1).map((line) => line.slice(line.lastIndexOf(',') + 1));
    expect(reasons).toEqual([
      'Sku: SKU đã được dùng cho một bản ghi khác',
      'Status: Bogus không phải là một trong các lựa chọn của trường',
      'ReleaseDate: 31-Feb24 không phải là ngày',
    ]);
  });

  it('a large import leaves the same indexes as before, rebuilt on the embedded database; a failed one leaves them untouched; one audit operation', async () => {
    const before = await productIndexes();
    const searchIndexes = before.filter((index) => index.definition.includes('gin_trgm_ops'));
    expect(searchIndexes.map((index) => index.name)).toEqual(
      expect.arrayContaining(['products_name_search_idx', 'products_sku_search_idx']),
    );
    expect(before.every((index) => index.valid)).toBe(true);
    const definitions = (indexes: typeof before) =>
      indexes.map(({ name, definition, valid }) => ({ name, definition, valid }));

    // "all" mode, the last of 5,000 rows refused: everything rolls back, the indexes with it.
    const failed = await importFile(productsCsv('IMP-LF', 5000, true), { Mode: 'all' });
    expect(failed.body.Data).toMatchObject({ Imported: 0, Refused: 1 });
    expect(await productsLike('IMP-LF')).toEqual([]);
    expect(await productIndexes()).toEqual(before);

    const res = await importFile(productsCsv('IMP-LG', 5000), { Mode: 'all' }, admin, 'large.csv');
    expect(res.body.Data).toMatchObject({ Imported: 5000, Refused: 0 });
    const after = await productIndexes();
    expect(definitions(after)).toEqual(definitions(before));
    // Which indexes were built afresh: the search and filter ones on the embedded database only;
    // the primary key and the unique SKU never.
    const rebuilt = after
      .filter((index) => before.find((old) => old.name === index.name)?.identity !== index.identity)
      .map((index) => index.name);
    const kept = ['products_pkey', 'products_sku_unique'];
    expect(before.map((index) => index.name)).toEqual(expect.arrayContaining(kept));
    if (server.database.kind === 'embedded')
      expect(rebuilt).toEqual(before.map((index) => index.name).filter((name) => !kept.includes(name)));
    else expect(rebuilt).toEqual([]);
    // The rebuilt indexes hold the new rows: a search finds one.
    const found = await server.call('Product/List', { PageSize: 10, TextSearch: 'imp-lg-4321' }, admin);
    expect(found.body.Data.Data.map((row: { Sku: string }) => row.Sku)).toEqual(['IMP-LG-4321']);
    // Audited as one operation (with each row's own entry tied to it, as a record's history reads).
    const operations = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'record_import'), sql`${auditLog.details}->>'file' = 'large.csv'`));
    expect(operations).toHaveLength(1);
    expect(operations[0]?.details).toMatchObject({ done: 5000, refused: 0, mode: 'all' });
    const operationId = (operations[0]?.details as { operation?: string } | undefined)?.operation ?? '';
    const [rows] = (
      (await db().execute(
        sql`select count(*)::integer as n from ${auditLog} where ${auditLog.action} = 'record_create' and ${auditLog.details}->>'operation' = ${operationId}`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(rows?.n).toBe(5000);
  });

  it("a large import's rows take consecutive ids in file order from one block of the sequence, which goes on after them", async () => {
    const res = await importFile(productsCsv('IMP-ID', 5000), { Mode: 'skip' });
    expect(res.body.Data).toMatchObject({ Imported: 5000, Refused: 0 });
    const imported = await db()
      .select({ id: products.id, sku: products.sku })
      .from(products)
      .where(like(products.sku, 'IMP-ID-%'))
      .orderBy(products.id);
    const first = imported[0]?.id ?? 0;
    expect(imported.map((row) => row.sku)).toEqual(
      Array.from({ length: 5000 }, (_, index) => `IMP-ID-${index + 1}`),
    );
    expect(imported.map((row) => row.id)).toEqual(Array.from({ length: 5000 }, (_, index) => first + index));
    const added = await server.call(
      'Product/AddNew',
      { Name: 'After the block', Sku: 'IMP-ID-NEXT', Price: 1 },
      admin,
    );
    expect(added.body.StatusCode, added.text).toBe(1);
    const [next] = await db()
      .select({ id: products.id })
      .from(products)
      .where(eq(products.sku, 'IMP-ID-NEXT'));
    expect(next?.id).toBeGreaterThan(first + 4999);
  });

  it('after a large import every link of its rows to the users is checked again, as before it', async () => {
    const linkChecks = async () =>
      (
        (await db().execute(sql`
          select c.conrelid::regclass::text as "table", t.tgenabled as enabled
          from pg_trigger t join pg_constraint c on c.oid = t.tgconstraint
          where c.contype = 'f' and c.confrelid = 'users'::regclass
            and c.conrelid in ('products'::regclass, 'audit_log'::regclass)
          order by 1, t.tgname`)) as unknown as { rows: { table: string; enabled: string }[] }
      ).rows;
    const before = await linkChecks();
    expect(before.map((check) => check.table)).toEqual(expect.arrayContaining(['audit_log', 'products']));
    const res = await importFile(productsCsv('IMP-FK', 5000), { Mode: 'all' });
    expect(res.body.Data).toMatchObject({ Imported: 5000 });
    expect(await linkChecks()).toEqual(before);
    expect(before.every((check) => check.enabled === 'O')).toBe(true);
    // The links refuse a user who does not exist, as before the import.
    await expect(
      db().execute(sql`insert into ${auditLog} (action, user_id) values ('record_create', 2147483000)`),
    ).rejects.toThrow();
    const [row] = await productsLike('IMP-FK-1');
    expect(row?.updatedBy).toBeTypeOf('number');
  });

  it('reads the written rows back only while a hook looks at them: a subscribed webhook gets the stored row', async () => {
    const product = server.app.services.resources.registry.get('Product');
    if (!product) throw new Error('no Product');
    expect(await server.app.services.resources.hooksReadRows(product, db())).toBe(false);
    await server.call('GlobalAppSetting/SaveSettings', { Security: { webhookAllowPrivate: true } }, admin);
    const hook = await server.call(
      'Webhook/AddNew',
      {
        Target: 'Product',
        Events: ['created'],
        Url: 'http://127.0.0.1:9/hook',
        Secret: 'import-secret-0001',
      },
      admin,
    );
    expect(hook.body.StatusCode, hook.text).toBe(1);
    try {
      expect(await server.app.services.resources.hooksReadRows(product, db())).toBe(true);
      const res = await importFile('SKU,Name\nIMP-W1,Hooked one\n', { Mode: 'all' });
      expect(res.body.Data).toMatchObject({ Imported: 1 });
      const [stored] = await productsLike('IMP-W1');
      const [delivery] = await db()
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.recordId, String(stored?.id)));
      // The row as stored (its id, its defaults), not only the file's values.
      expect((delivery?.payload as { record?: Record<string, unknown> } | undefined)?.record).toMatchObject({
        Id: stored?.id,
        Sku: 'IMP-W1',
        Name: 'Hooked one',
      });
    } finally {
      await db().delete(webhooks);
    }
    expect(await server.app.services.resources.hooksReadRows(product, db())).toBe(false);
  });

  it('tells where an import sent with a ProgressKey is, to its caller only, without the live stream', async () => {
    const key = 'progress-key-0001';
    const poll = async (token = admin, progressKey = key, api = 'Product') =>
      server.call(`${api}/ImportProgress`, { ProgressKey: progressKey }, token);
    expect((await poll()).body.Data).toBeNull();
    const rows = ['SKU,Name'];
    for (let i = 1; i <= 1200; i++) rows.push(`IMP-P${i},Progress ${i}`);
    const seen: { Rows: number; Total: number }[] = [];
    let done = false;
    const importing = importFile(rows.join('\n'), { Mode: 'all', ProgressKey: key }).finally(() => {
      done = true;
    });
    while (!done) {
      const answer = (await poll()).body.Data;
      if (answer) seen.push(answer);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect((await importing).body.Data.Imported).toBe(1200);
    // Polled while it ran: never backwards; asked after, the last batch's.
    for (let i = 1; i < seen.length; i++)
      expect(seen[i]?.Rows).toBeGreaterThanOrEqual(seen[i - 1]?.Rows ?? 0);
    expect((await poll()).body.Data).toEqual({ APIName: 'Product', Rows: 1200, Total: 1200 });
    // Another user, another resource or another key hears nothing of it; a bad key is a 400.
    const other = await server.createUser('import-poller', 'admin');
    expect((await poll(other.token)).body.Data).toBeNull();
    expect((await poll(admin, key, 'Category')).body.Data).toBeNull();
    expect((await poll(admin, 'progress-key-0002')).body.Data).toBeNull();
    expect((await poll(admin, 'short')).status).toBe(400);
    const badKey = await importFile('SKU,Name\nIMP-P0,No\n', { ProgressKey: 'bad key!' });
    expect(badKey.status).toBe(400);
    expect(await productsLike('IMP-P0')).toEqual([]);
  });
});
