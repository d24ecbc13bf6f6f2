import { type MenuItem, menuItemSchema, projectScreensSchema } from '@panelwright/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { appSettings, menus, screens } from '../../db/schema';
import { seed } from '../../seed';
import { MENU_GROUP_NAMES_MARKER, MENU_GROUPS_MARKER } from '../../seed/menus';
import { startTestServer, type TestServer } from '../../testing/harness';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  token = await server.signIn();
});
afterAll(() => server.close());

async function projectScreens() {
  const res = await server.call('ProjectScreenHeader/ProjectScreens', {}, token);
  expect(res.body.StatusCode).toBe(1);
  const data = projectScreensSchema.parse(res.body.Data);
  const menuList = z.array(menuItemSchema);
  return {
    ...data,
    // The administration's screens (issue 11) are seeded into every fresh menu, in their group; these
    // tests are about the rest.
    side: menuList.parse(JSON.parse(data.side_menu)).filter((item) => item.Code !== 'group-admin'),
    app: menuList.parse(JSON.parse(data.app_menu)),
  };
}

describe('ProjectScreenHeader/ProjectScreens', () => {
  it('answers the seeded side menu, an empty app menu and the logo, to signed-in users only', async () => {
    expect((await server.call('ProjectScreenHeader/ProjectScreens')).status).toBe(401);
    const data = await projectScreens();
    expect(data.side).toEqual([
      {
        Name: 'Home',
        Code: 'home',
        Url: '/home',
        Icon: 'bi-house',
        // Entries are numbered in their order (the configuration keeps the order, not the numbers).
        OrderNo: 10,
        NewWindow: false,
        Children: [],
      },
    ]);
    expect(data.app).toEqual([]);
    expect(data.appLogo_url).toBe('/config/logo.png');
  });

  it('builds trees per kind from the table, ordered, without disabled entries, after a cache refresh', async () => {
    const db = server.database.db;
    const [reports] = await db
      .insert(menus)
      .values({ kind: 'side', code: 'reports', name: 'Reports', icon: 'bi-bar-chart', orderNo: 20 })
      .returning();
    await db.insert(menus).values([
      {
        kind: 'side',
        parentId: reports!.id,
        code: 'sales',
        name: 'Sales',
        url: '/reports/sales',
        orderNo: 2,
      },
      {
        kind: 'side',
        parentId: reports!.id,
        code: 'stock',
        name: 'Stock',
        url: '/reports/stock',
        orderNo: 1,
      },
      { kind: 'side', parentId: reports!.id, code: 'old', name: 'Old', url: '/old', isEnabled: false },
      {
        kind: 'app',
        code: 'docs',
        name: 'Docs',
        url: 'https://docs.example.com',
        newWindow: true,
        orderNo: 1,
      },
    ]);
    // Cached until a refresh.
    expect((await projectScreens()).side).toHaveLength(1);
    expect((await server.call('Cache/Refresh', { Id: 'Menus' }, token)).body.StatusCode).toBe(1);

    const data = await projectScreens();
    expect(data.side.map((m) => m.Code)).toEqual(['home', 'reports']);
    const children = (data.side[1] as MenuItem).Children;
    expect(children.map((m) => [m.Code, m.Url])).toEqual([
      ['stock', '/reports/stock'],
      ['sales', '/reports/sales'],
    ]);
    expect(data.app).toEqual([
      {
        Name: 'Docs',
        Code: 'docs',
        Url: 'https://docs.example.com',
        Icon: '',
        OrderNo: 10,
        NewWindow: true,
        Children: [],
      },
    ]);
  });

  it('takes the logo from the settings', async () => {
    await server.database.db
      .update(appSettings)
      .set({ value: { logoUrl: '/files/brand.png' } })
      .where(eq(appSettings.key, 'ui_app_config'));
    await server.call('Cache/Refresh', { Id: 'Settings' }, token);
    expect((await projectScreens()).appLogo_url).toBe('/files/brand.png');
  });
});

describe('the seeded side menu', () => {
  it('lists Home and the enabled route screens on a fresh menu, and leaves an existing menu alone', async () => {
    const db = server.database.db;
    await db.delete(menus).where(eq(menus.kind, 'side'));
    const [tabs] = await db
      .insert(screens)
      .values({ uiUrl: '/customers', screenCode: 'customers', title: 'Customers', uiType: 'tab', orderNo: 2 })
      .returning();
    await db.insert(screens).values([
      { uiUrl: '/orders', screenCode: 'orders', title: 'Orders', orderNo: 1 },
      { uiUrl: '/orders/[id]', screenCode: 'order', title: 'Order' },
      { uiUrl: '/off', screenCode: 'off', title: 'Off', isEnabled: false },
      { uiUrl: '', screenCode: 'customers-tab', title: 'List', parentId: tabs!.id },
    ]);
    const config = server.config;
    await seed(db, config);
    await seed(db, config);
    const rows = await db.select().from(menus).where(eq(menus.kind, 'side'));
    const codeOf = new Map(rows.map((r) => [r.id, r.code]));
    // The screens come under their group (an entry without address), each with its own icon.
    expect(
      rows
        .sort((a, b) => a.orderNo - b.orderNo)
        .map((r) => [r.code, r.url, r.parentId === null ? null : codeOf.get(r.parentId)]),
    ).toEqual([
      ['home', '/home', null],
      ['orders', '/orders', 'group-data'],
      ['customers', '/customers', 'group-data'],
      // The administration's screens (issue 11), seeded with the roles, in their own group.
      ['admin-users', '/admin/users', 'group-admin'],
      ['admin-roles', '/admin/roles', 'group-admin'],
      ['admin-permissions', '/admin/permissions', 'group-admin'],
      ['admin-audit', '/admin/audit', 'group-admin'],
      ['admin-sign-ins', '/admin/sign-ins', 'group-admin'],
      ['admin-exceptions', '/admin/exceptions', 'group-admin'],
      ['group-data', '', null],
      ['group-admin', '', null],
    ]);
    server.app.services.caches.invalidate('Menus');
    const tree = (await projectScreens()).side;
    expect(tree.map((m) => m.Code)).toEqual(['home', 'group-data']);
    expect(tree[1]).toMatchObject({ Name: 'Data', Url: '', Icon: 'bi-database' });
    expect(tree[1]?.Children.map((m) => m.Code)).toEqual(['orders', 'customers']);

    await db.delete(menus).where(eq(menus.code, 'orders'));
    await seed(db, config);
    expect((await db.select().from(menus).where(eq(menus.kind, 'side'))).map((r) => r.code)).not.toContain(
      'orders',
    );
  });

  it('groups, once, a side menu seeded flat before the groups, and leaves an arranged one alone', async () => {
    const db = server.database.db;
    const flat = async () => {
      await db.delete(menus).where(eq(menus.kind, 'side'));
      await db.delete(appSettings).where(eq(appSettings.key, MENU_GROUPS_MARKER));
      await db.insert(menus).values([
        { kind: 'side', code: 'home', name: 'Home', url: '/home', icon: 'bi-house', orderNo: 0 },
        {
          kind: 'side',
          code: 'products',
          name: 'Products',
          url: '/data/products',
          icon: 'bi-grid',
          orderNo: 10,
        },
        { kind: 'side', code: 'demo_table', name: 'Table', url: '/demo/table', icon: 'bi-grid', orderNo: 20 },
        { kind: 'side', code: 'mine', name: 'Mine', url: '/mine', icon: 'bi-star', orderNo: 30 },
      ]);
    };
    await flat();
    await seed(db, server.config);
    const rows = await db.select().from(menus).where(eq(menus.kind, 'side'));
    const byCode = new Map(rows.map((r) => [r.code, r]));
    const parentCode = (code: string) => rows.find((r) => r.id === byCode.get(code)?.parentId)?.code;
    expect(parentCode('products')).toBe('group-data');
    expect(byCode.get('products')?.icon).toBe('bi-box-seam');
    expect(parentCode('demo_table')).toBe('group-demos');
    expect(byCode.get('mine')).toMatchObject({ parentId: null, icon: 'bi-star' });
    expect(byCode.get('home')?.parentId).toBeNull();

    // An administrator's arrangement (an entry under another) is theirs.
    await flat();
    await db
      .update(menus)
      .set({ parentId: (await db.select().from(menus).where(eq(menus.code, 'mine')))[0]?.id })
      .where(eq(menus.code, 'demo_table'));
    await seed(db, server.config);
    expect((await db.select().from(menus).where(eq(menus.kind, 'side'))).map((r) => r.code).sort()).toEqual([
      'demo_table',
      'home',
      'mine',
      'products',
    ]);
  });

  it('renames, once, the groups an earlier seed named like an entry inside them, unless renamed since', async () => {
    const db = server.database.db;
    const group = (code: string) => ({ kind: 'side', code, url: '', icon: 'bi-shop', orderNo: 300 });
    const nameOf = async (code: string) =>
      (
        await db
          .select()
          .from(menus)
          .where(and(eq(menus.kind, 'side'), eq(menus.code, code)))
      )[0]?.name;
    await db.delete(menus).where(eq(menus.kind, 'side'));
    await db.delete(appSettings).where(eq(appSettings.key, MENU_GROUP_NAMES_MARKER));
    await db.insert(menus).values([
      { kind: 'side', code: 'home', name: 'Home', url: '/home', icon: 'bi-house', orderNo: 0 },
      { ...group('group-sales'), name: 'Sales' },
      { ...group('group-projects'), name: 'Our projects' },
    ]);
    await seed(db, server.config);
    expect(await nameOf('group-sales')).toBe('Shop');
    // The administrator's own name stays.
    expect(await nameOf('group-projects')).toBe('Our projects');
    // Once: a group named "Sales" again afterwards is the administrator's choice.
    await db.update(menus).set({ name: 'Sales' }).where(eq(menus.code, 'group-sales'));
    await seed(db, server.config);
    expect(await nameOf('group-sales')).toBe('Sales');
  });
});
