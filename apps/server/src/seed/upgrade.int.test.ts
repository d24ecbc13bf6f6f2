import { and, eq, inArray, like, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menus, screens, users } from '../db/schema';
import { startTestServer, type TestServer } from '../testing/harness';
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
