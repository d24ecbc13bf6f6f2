import { asc, getTableName, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/harness';
import { readRowsAsFields, readRowsAsOneJson } from './client';
import { products } from './schema';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ demoProducts: 300, workspaceScreens: true });
  // Values at the edges of what the reads render: quotes, backslashes, line breaks and marks in text,
  // empty text and arrays, nulls, long decimals, negatives.
  await server.database.db.insert(products).values({
    sku: 'EDGE-"\\-1',
    name: 'Trần "quoted" \\ back\nslash 🚀',
    description: '',
    price: '-1234567.891',
    quantity: -3,
    discount: '0.1',
    tags: [],
    notesHtml: null,
    attributes: { nested: { list: [1, 'two', null] }, text: 'a"b' },
  });
});
afterAll(() => server.close());

describe('the engines’ row readers', () => {
  it('read every declared resource’s rows the same, as fields or as one JSON value', async () => {
    const { db } = server.database;
    let compared = 0;
    for (const resource of server.app.services.resources.registry.all()) {
      const query = db
        .select(resource.selection)
        .from(resource.table)
        .orderBy(asc(resource.table.id))
        .limit(400)
        .getSQL();
      const asFields = await readRowsAsFields(db, query);
      const asJson = await readRowsAsOneJson(db, query);
      expect(asJson, getTableName(resource.table)).toEqual(asFields);
      compared += asFields.length;
    }
    // Not a comparison of empty lists: the demo products, screens, menus and users are all read.
    expect(compared).toBeGreaterThan(500);
  });

  it('keeps the order of the query, and answers an empty list for no rows', async () => {
    const { db } = server.database;
    const descending = sql`select id as "Id" from products order by price desc, id desc limit 50`;
    expect(await readRowsAsOneJson(db, descending)).toEqual(await readRowsAsFields(db, descending));
    expect(await readRowsAsOneJson(db, sql`select id from products where false`)).toEqual([]);
  });
});
