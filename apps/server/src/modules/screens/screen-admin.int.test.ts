import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/harness';

let server: TestServer;
let admin = '';
let staff = '';

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signIn();
  staff = (await server.createUser('screen-staff')).token;
});
afterAll(() => server.close());

const orders = {
  ScreenCode: 'orders',
  Title: 'Orders',
  UIUrl: '/sales/orders/[id]',
  UIType: 'table',
  APIName: 'Product',
  Config: '{"noSidebar":false}',
  Menu: { Kind: 'side', Icon: 'bi-cart' },
};

describe('ConfigMenu/SaveScreen', () => {
  it('adds a screen and its menu entry, which users see at once', async () => {
    // The lists are cached by the first call; saving a screen clears them.
    await server.call('ConfigMenu/CategoryScreenList', {}, staff);
    await server.call('ProjectScreenHeader/ProjectScreens', {}, staff);
    const saved = await server.call('ConfigMenu/SaveScreen', orders, admin);
    expect(saved.body.StatusCode).toBe(1);
    // A new screen is nobody's but the administrators' until a role is granted it (issue 11).
    const before = await server.call('ConfigMenu/CategoryScreenList', {}, staff);
    expect(before.body.Data.map((s: { ScreenCode: string }) => s.ScreenCode)).not.toContain('orders');
    const granted = await server.call(
      'RoleGrant/AddNew',
      { RoleCode: 'staff', Target: 'orders', CanList: true },
      admin,
    );
    expect(granted.body.StatusCode).toBe(1);
    const after = await server.call('ConfigMenu/CategoryScreenList', {}, staff);
    expect(after.body.Data.find((s: { ScreenCode: string }) => s.ScreenCode === 'orders')).toMatchObject({
      UIUrl: '/sales/orders/[id]',
      UIType: 'table',
      APIName: 'Product',
    });
    const menus = await server.call('ProjectScreenHeader/ProjectScreens', {}, staff);
    const side = JSON.parse(menus.body.Data.side_menu) as { Code: string; Url: string; Icon: string }[];
    expect(side.find((m) => m.Code === 'orders')).toMatchObject({
      Url: '/sales/orders/[id]',
      Icon: 'bi-cart',
    });
  });

  it('updates a screen by its code', async () => {
    await server.call('ConfigMenu/SaveScreen', { ...orders, Title: 'Sales orders' }, admin);
    const list = await server.call('ConfigMenu/CategoryScreenList', {}, staff);
    expect(list.body.Data.filter((s: { ScreenCode: string }) => s.ScreenCode === 'orders')).toHaveLength(1);
    expect(list.body.Data.find((s: { ScreenCode: string }) => s.ScreenCode === 'orders').Title).toBe(
      'Sales orders',
    );
  });

  it('refuses staff, product paths, clashing paths and bad JSON, changing nothing', async () => {
    expect((await server.call('ConfigMenu/SaveScreen', { ...orders, ScreenCode: 'x1' }, staff)).status).toBe(
      403,
    );
    for (const bad of [
      { ...orders, ScreenCode: 'x2', UIUrl: '/login' },
      { ...orders, ScreenCode: 'x3', UIUrl: '/api/v1/x' },
      { ...orders, ScreenCode: 'x4', UIUrl: 'no-slash' },
      { ...orders, ScreenCode: 'x5', Config: 'not json' },
      { ...orders, ScreenCode: 'bad code!' },
    ]) {
      const res = await server.call('ConfigMenu/SaveScreen', bad, admin);
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    const clash = await server.call('ConfigMenu/SaveScreen', { ...orders, ScreenCode: 'x6' }, admin);
    expect(clash.body).toMatchObject({
      StatusCode: 0,
      Msg: 'The screen orders already opens at /sales/orders/[id].',
    });
  });

  it('deletes a screen and its menu entries', async () => {
    expect(
      (await server.call('ConfigMenu/DeleteScreen', { ScreenCode: 'orders' }, admin)).body.StatusCode,
    ).toBe(1);
    const list = await server.call('ConfigMenu/CategoryScreenList', {}, staff);
    expect(list.body.Data.map((s: { ScreenCode: string }) => s.ScreenCode)).not.toContain('orders');
    expect(
      (await server.call('ConfigMenu/DeleteScreen', { ScreenCode: 'orders' }, admin)).body.StatusCode,
    ).toBe(0);
  });
});
