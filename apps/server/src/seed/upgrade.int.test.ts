import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, inArray, like, or, sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEmbeddedDatabase, openPostgresDatabase } from '../db/client';
import { menus, products, screens, users } from '../db/schema';
import { MIGRATIONS_DIR } from '../paths';
import { startTestServer, type TestServer } from '../testing/harness';
import { createScratchPostgresDatabase } from '../testing/postgres-databases';
import { seed } from '.';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ workspaceScreens: true });
});
afterAll(() => server.close());

const sideMenu = async () =>
  server.database.db
    .select({ id: menus.id, code: menus.code, url: menus.url, parentId: menus.parentId })
    .from(menus)
    .where(eq(menus.kind, 'side'));

describe('an install upgraded to a version with new modules', () => {
  it('gets menu entries for the screens the upgrade seeds, and keeps the entries its administrator removed away', async () => {
    const db = server.database.db;
    // The install as an older version left it: no point of sale (its screens, the till's entry, the
    // Sales group), and an administrator who took the Categories entry out of the menu.
    await db.delete(screens).where(like(screens.uiUrl, '/sales/%'));
    await db
      .delete(menus)
      .where(
        and(
          eq(menus.kind, 'side'),
          or(like(menus.url, '/sales/%'), inArray(menus.url, ['/pos', '/data/categories'])),
        ),
      );
    await db.delete(menus).where(and(eq(menus.kind, 'side'), eq(menus.code, 'group-sales')));
    const before = await sideMenu();
    expect(before.some((entry) => entry.url === '/pos')).toBe(false);

    // The new version starts on it.
    await seed(db, server.config, { workspaceScreens: true });
    const after = await sideMenu();
    const sales = after.find((entry) => entry.code === 'group-sales');
    expect(sales).toBeDefined();
    const underSales = after.filter((entry) => entry.parentId === sales?.id);
    expect(underSales.map((entry) => entry.url)).toEqual(expect.arrayContaining(['/pos', '/sales/bills']));
    expect(after.some((entry) => entry.url === '/data/categories')).toBe(false);
    // Everything else as it was.
    for (const entry of before) expect(after).toContainEqual(entry);

    // And the next start adds nothing more.
    await seed(db, server.config, { workspaceScreens: true });
    expect((await sideMenu()).length).toBe(after.length);
  });
});

describe("an upgraded install's accounts", () => {
  it('gives an account written without roles none: no legacy default role copied in by a trigger', async () => {
    const db = server.database.db;
    // As an older writer would: only the legacy single role, or nothing at all.
    const [legacy] = await db.insert(users).values({ username: 'legacy-writer', role: 'staff' }).returning();
    const [bare] = await db.insert(users).values({ username: 'bare-writer' }).returning();
    expect(legacy?.roles).toEqual([]);
    expect(bare?.roles).toEqual([]);
    expect(bare?.role).toBeNull();
  });
});

describe('an install upgraded across the rewrite of Products (migration 0028)', () => {
  /** A copy of the migrations folder whose journal stops before `tag`: the install as it was. */
  function migrationsBefore(tag: string): string {
    const folder = mkdtempSync(join(tmpdir(), 'pw-migrations-'));
    cpSync(MIGRATIONS_DIR, folder, { recursive: true });
    const journalPath = join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
    const at = journal.entries.findIndex((entry) => entry.tag === tag);
    expect(at).toBeGreaterThan(0);
    journal.entries = journal.entries.slice(0, at);
    writeFileSync(journalPath, JSON.stringify(journal));
    return folder;
  }

  it("keeps a collection's relation to Products: its rows still point at their product, and the link still holds", async () => {
    const onPostgres = process.env.PW_TEST_DB === 'postgres';
    const scratch = onPostgres ? await createScratchPostgresDatabase() : undefined;
    const handle = scratch ? await openPostgresDatabase(scratch.url) : await openEmbeddedDatabase(null);
    const older = migrationsBefore('0028_products_search_columns_first');
    try {
      const migrateWith = (folder: string) =>
        onPostgres
          ? migratePg(handle.db as never, { migrationsFolder: folder })
          : migratePglite(handle.db as never, { migrationsFolder: folder });
      await migrateWith(older);
      const db = handle.db;
      // What the studio makes for a collection with a relation to Products (collections/ddl.ts).
      await db.execute(sql`create table "c_orders" ("id" serial primary key, "f_product" integer)`);
      await db.execute(
        sql`alter table "c_orders" add constraint "c_orders_f_product_fk" foreign key ("f_product") references "products" ("id") on delete set null`,
      );
      const [product] = await db.insert(products).values({ name: 'Kept lamp', sku: 'KEPT-1' }).returning();
      await db.execute(sql`insert into "c_orders" ("f_product") values (${product?.id})`);

      await migrateWith(MIGRATIONS_DIR);

      const link = await db.execute(
        sql`select confrelid::regclass::text as target from pg_constraint where conname = 'c_orders_f_product_fk'`,
      );
      expect((link as unknown as { rows: { target: string }[] }).rows).toEqual([{ target: 'products' }]);
      const orders = async () =>
        (await db.execute(sql`select "f_product" as product from "c_orders"`)) as unknown as {
          rows: { product: number | null }[];
        };
      expect((await orders()).rows).toEqual([{ product: product?.id }]);
      await expect(db.execute(sql`insert into "c_orders" ("f_product") values (-1)`)).rejects.toThrow();
      await db.delete(products).where(eq(products.id, product?.id as number));
      expect((await orders()).rows).toEqual([{ product: null }]);
    } finally {
      rmSync(older, { recursive: true, force: true });
      await handle.close();
      await scratch?.drop();
    }
  });
});
