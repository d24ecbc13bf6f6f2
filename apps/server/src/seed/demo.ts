import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { appSettings, categories, screens } from '../db/schema';
import { DECLARED_RESOURCES } from '../modules/resources/declarations';

/** The settings key that marks the demo data as seeded, so that it is seeded once. */
export const DEMO_MARKER_KEY = 'demo_data_seeded';
export const DEMO_PRODUCT_COUNT = 100_000;

const DEMO_CATEGORIES = [
  { name: 'Lighting', code: 'LIGHT', color: '#f4b400' },
  { name: 'Furniture', code: 'FURN', color: '#8d6e63' },
  { name: 'Kitchen', code: 'KITCH', color: '#0f9d58' },
  { name: 'Textiles', code: 'TEXT', color: '#ab47bc' },
  { name: 'Decoration', code: 'DECO', color: '#ef5350' },
  { name: 'Office', code: 'OFFICE', color: '#4285f4' },
  { name: 'Garden', code: 'GARDEN', color: '#43a047' },
  { name: 'Archive', code: 'ARCH', color: '#757575', isLocked: true },
];

/**
 * Products one statement inserts: a statement keeps the foreign-key check of each of its rows in memory
 * until it ends, which for a million rows is hundreds of megabytes.
 */
const DEMO_PRODUCT_BATCH = 100_000;

/**
 * Inserts the demo products numbered `from` to `to` (deterministic values, so benchmarks are
 * repeatable). Products' arithmetic is done in bigint: `i * 7919` in integer overflows past
 * product 271,183. SKUs have at least six digits and as many as the number needs, so that they stay
 * unique up to the 1,000,000 that `DEMO_PRODUCTS` allows (`lpad` to six cut 1,000,000 to 100000).
 */
export async function insertDemoProducts(db: Database, from: number, to: number): Promise<void> {
  await db.execute(sql`
    insert into products (
      name, sku, description, price, quantity, discount, is_active, is_featured, release_date,
      restocked_at, pickup_time, category_id, status, tags, color, website, photo, notes_html,
      attributes, label, row_style, is_locked
    )
    select
      (array['Alpine','Breeze','Cedar','Delta','Ember','Fjord','Granite','Harbor','Indigo','Juniper'])[1 + i % 10]
        || ' ' || (array['Lamp','Chair','Desk','Mug','Shelf','Kettle','Rug','Clock','Vase','Stool','Bench','Tray'])[1 + (i / 10) % 12]
        || ' ' || i,
      'SKU-' || lpad(i::text, greatest(6, length(i::text)), '0'),
      'A sturdy item, number ' || i || ', made for everyday use. It ships within ' || (1 + i % 7) || ' days.',
      round(((i::bigint * 7919) % 100000) / 100.0 + 1, 2),
      (i::bigint * 31) % 500,
      ((i::bigint * 13) % 41)::numeric,
      i % 9 <> 0,
      i % 17 = 0,
      date '2020-01-01' + (i::bigint * 37 % 1800)::integer,
      timestamptz '2024-01-01 00:00:00+00' + ((i::bigint * 7207) % 31536000) * interval '1 second',
      make_time(8 + i % 10, (i::bigint * 15 % 60)::integer, 0),
      c.ids[1 + i % array_length(c.ids, 1)],
      (array['draft','active','active','active','backorder','archived'])[1 + i % 6],
      case i % 5
        when 0 then '{}'::text[]
        when 1 then array['new']
        when 2 then array['sale','eco']
        when 3 then array['gift']
        else array['limited','bundle','new']
      end,
      '#' || lpad(to_hex((i::bigint * 2654435) % 16777216), 6, '0'),
      case when i % 3 = 0 then 'https://example.com/products/' || i end,
      case when i % 4 = 0 then '/config/logo.png' end,
      case when i % 5 = 0 then '<p><strong>Note</strong> about item ' || i || ': <em>handle with care</em>.</p>' end,
      jsonb_build_object('weightKg', (i % 50) / 10.0, 'origin', (array['VN','DE','US','JP'])[1 + i % 4]),
      case when i % 7 = 0 then 'Best seller' end,
      case
        when (i::bigint * 31) % 500 = 0 then '{"backgroundColor":"#fdecea"}'
        when i % 50 = 0 then '{"backgroundColor":"#fff8e1"}'
      end,
      i % 100 = 0
    from generate_series(${from}::integer, ${to}::integer) as g(i)
    cross join (select array_agg(id order by id) as ids from categories) as c
  `);
}

/**
 * Runs `fill` on `table` without its trigram and sort indexes (migration 0018's `*_search_idx`, 0020's
 * `*_sort_idx`), then builds them again as they were: building an index over the rows at once is
 * several times faster than adding each row to it. In the caller's transaction, so that no one ever sees the table without them.
 */
async function withoutSearchIndexes(db: Database, table: string, fill: () => Promise<void>): Promise<void> {
  const found = (await db.execute(
    sql`select indexname as name, indexdef as definition from pg_indexes
        where schemaname = 'public' and tablename = ${table}
          and (indexname like '%\_search\_idx' or indexname like '%\_sort\_idx')`,
  )) as unknown as { rows: { name: string; definition: string }[] };
  for (const index of found.rows) await db.execute(sql`drop index ${sql.identifier(index.name)}`);
  await fill();
  // The definitions are the database's own, read just above.
  for (const index of found.rows) await db.execute(sql.raw(index.definition));
}

/**
 * Seeds the demo resources once: categories, `products` products made by INSERT ... SELECT over
 * generate_series in batches (`insertDemoProducts`), and their screens. The marker row and the data are written in one transaction: instances starting
 * together seed once, and a failed seed leaves nothing behind.
 */
export async function seedDemoData(db: Database, options: { products: number }): Promise<boolean> {
  const seeded = await db.transaction(async (tx) => {
    const marked = await tx
      .insert(appSettings)
      .values({ key: DEMO_MARKER_KEY, value: { products: options.products } })
      .onConflictDoNothing()
      .returning({ key: appSettings.key });
    if (marked.length === 0) return false;
    await tx
      .insert(categories)
      .values(DEMO_CATEGORIES.map((c) => ({ ...c, description: `${c.name} products of the demo shop.` })))
      .onConflictDoNothing();
    await withoutSearchIndexes(tx, 'products', async () => {
      for (let from = 1; from <= options.products; from += DEMO_PRODUCT_BATCH) {
        await insertDemoProducts(tx, from, Math.min(options.products, from + DEMO_PRODUCT_BATCH - 1));
      }
    });
    await tx
      .insert(screens)
      .values(
        DECLARED_RESOURCES.map((resource) => ({
          uiUrl: resource.screen.uiUrl,
          screenCode: resource.screen.code,
          title: resource.title,
          apiName: resource.apiName,
          uiType: 'table',
          orderNo: resource.screen.orderNo,
        })),
      )
      .onConflictDoNothing();
    return true;
  });
  // Sets the visibility map and statistics at once, rather than on the first reads: the count of a
  // List then takes an index-only scan (5x faster on the embedded database).
  if (seeded) await db.execute(sql`vacuum analyze products, categories`);
  return seeded;
}
