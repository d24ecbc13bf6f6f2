import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menus, posBills, posProducts, posStockMovements } from '../db/schema';
import { startTestServer, type TestServer } from '../testing/harness';
import { POS_DEMO_DAYS, POS_DEMO_PRODUCTS, seedPosDemo } from './pos';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ demoProducts: 10, workspaceScreens: true });
});
afterAll(() => server.close());

describe('the demo shop', () => {
  it('has 200 products, a month of bills and never negative stock, seeded once', async () => {
    const db = server.database.db;
    const [products] = await db.select({ n: sql<number>`count(*)::int` }).from(posProducts);
    expect(products?.n).toBe(POS_DEMO_PRODUCTS);
    const [bills] = await db
      .select({
        n: sql<number>`count(*)::int`,
        days: sql<number>`count(distinct (${posBills.createdAt} at time zone 'UTC')::date)::int`,
      })
      .from(posBills);
    expect(bills?.n).toBeGreaterThan(POS_DEMO_DAYS * 10);
    expect(bills?.days).toBeGreaterThanOrEqual(POS_DEMO_DAYS - 1);
    const negative = await db.execute(
      sql`select product_id from ${posStockMovements} group by product_id, location_id having sum(quantity) < 0`,
    );
    expect((negative as unknown as { rows: unknown[] }).rows).toEqual([]);
    expect(await seedPosDemo(db, null)).toBe(false);
    // Its low-stock list has rows, through the report's resource.
    const token = await server.signIn();
    const low = await server.call(
      'PosStockLevel/List',
      { Page: 1, PageSize: 10, RequestData: { Low: true } },
      token,
    );
    expect(low.body.Data.Total).toBeGreaterThan(0);
  });

  it('puts the till and the sales screens in a Sales group of the side menu', async () => {
    const rows = await server.database.db.select().from(menus);
    const group = rows.find((r) => r.code === 'group-sales');
    const under = rows.filter((r) => r.parentId === group?.id).map((r) => r.url);
    expect(under).toEqual(
      expect.arrayContaining([
        '/pos',
        '/sales/products',
        '/sales/bills',
        '/sales/low-stock',
        '/sales/by-day',
      ]),
    );
  });
});
