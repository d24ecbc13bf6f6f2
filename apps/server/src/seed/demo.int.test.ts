import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories } from '../db/schema';
import { openTestDatabase, type TestDatabase } from '../testing/database';
import { insertDemoProducts, seedDemoData } from './demo';

let database: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.insert(categories).values([
    { name: 'Lighting', code: 'LIGHT' },
    { name: 'Office', code: 'OFFICE' },
  ]);
});
afterAll(() => database.close());

const rows = async (query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

describe('the demo products at the scale DEMO_PRODUCTS allows', () => {
  it('seeds the products numbered up to 1,000,000, each with a unique SKU and values in range', async () => {
    // The products near 100,000 and at the top of the range, where SKUs once repeated and
    // `i * 7919` overflowed an integer (past product 271,183).
    await insertDemoProducts(database.db, 99_998, 100_001);
    await insertDemoProducts(database.db, 271_180, 271_190);
    await insertDemoProducts(database.db, 999_995, 1_000_000);
    const [summary] = await rows(sql`
      select count(*)::integer as n, count(distinct sku)::integer as skus,
        min(price)::float as "minPrice", max(price)::float as "maxPrice",
        min(restocked_at) >= timestamptz '2024-01-01 00:00:00+00' as "restockedInRange"
      from products`);
    expect(summary).toEqual({
      n: 21,
      skus: 21,
      minPrice: expect.any(Number),
      maxPrice: expect.any(Number),
      restockedInRange: true,
    });
    expect(summary?.minPrice).toBeGreaterThanOrEqual(1);
    expect(summary?.maxPrice).toBeLessThanOrEqual(1001);
    const skus = await rows(
      sql`select sku from products where name like '% 100000' or name like '% 1000000' order by id`,
    );
    expect(skus.map((row) => row.sku)).toEqual(['SKU-100000', 'SKU-1000000']);
    // The same values as the smaller seeds: product 271,190's price as i * 7919 in exact arithmetic.
    const [priced] = await rows(sql`select price::float as price from products where sku = 'SKU-271190'`);
    expect(priced?.price).toBe(((271_190 * 7919) % 100_000) / 100 + 1);
  });

  it('keeps every index of the products as it was after seeding around them', async () => {
    const indexes = async (db: TestDatabase) =>
      (
        await (db.db.execute(
          sql`select indexname, indexdef from pg_indexes where tablename = 'products' order by indexname`,
        ) as unknown as Promise<{ rows: Record<string, unknown>[] }>)
      ).rows;
    const fresh = await openTestDatabase();
    try {
      const before = await indexes(fresh);
      expect(before.map((row) => row.indexname)).toContain('products_name_search_idx');
      expect(await seedDemoData(fresh.db, { products: 50 })).toBe(true);
      expect(await indexes(fresh)).toEqual(before);
    } finally {
      await fresh.close();
    }
  });
});
