// The per-user filtering hook: a screen marked admin-only is left out of a staff member's screen list,
// menus and screen tree, and stays in an administrator's. The roles' grants (issue 11) are one more
// rule of the same hook: a saved screen is the administrators' until a role is granted it, and the
// mark keeps it theirs even then.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/harness';

let server: TestServer;
let admin = '';
let staff = '';

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signIn();
  staff = (await server.createUser('access-staff')).token;
});
afterAll(() => server.close());

const payroll = {
  ScreenCode: 'payroll',
  Title: 'Payroll',
  UIUrl: '/admin/payroll',
  UIType: 'table',
  APIName: 'Product',
  Config: '{"adminOnly":true}',
  Menu: { Kind: 'side', Icon: 'bi-cash' },
};

type Entry = { ScreenCode: string; Id: string };
const codes = (list: Entry[]) => list.map((s) => s.ScreenCode);
const menuUrls = async (token: string) => {
  const data = (await server.call('ProjectScreenHeader/ProjectScreens', {}, token)).body.Data;
  const urls: string[] = [];
  const walk = (items: { Url: string; Children: [] }[]) => {
    for (const item of items) {
      urls.push(item.Url);
      walk(item.Children);
    }
  };
  walk(JSON.parse(data.side_menu));
  return urls;
};

describe('the screens and menus each user may open', () => {
  it('leaves an admin-only screen out of the list, the menu and the tree of staff', async () => {
    expect((await server.call('ConfigMenu/SaveScreen', payroll, admin)).body.StatusCode).toBe(1);
    const adminList = (await server.call('ConfigMenu/CategoryScreenList', {}, admin)).body.Data as Entry[];
    const staffList = (await server.call('ConfigMenu/CategoryScreenList', {}, staff)).body.Data as Entry[];
    expect(codes(adminList)).toContain('payroll');
    expect(codes(staffList)).not.toContain('payroll');
    // Everything else is the same for both, but for the administration's own screens.
    expect(codes(staffList)).toEqual(
      codes(adminList).filter((code) => code !== 'payroll' && !code.startsWith('admin-')),
    );
    // Granting staff the screen does not open it while the mark is there: every rule must allow.
    const granted = await server.call(
      'RoleGrant/AddNew',
      { RoleCode: 'staff', Target: 'payroll', CanList: true, CanDetail: true },
      admin,
    );
    expect(granted.body.StatusCode).toBe(1);
    const stillClosed = (await server.call('ConfigMenu/CategoryScreenList', {}, staff)).body.Data as Entry[];
    expect(codes(stillClosed)).not.toContain('payroll');

    expect(await menuUrls(admin)).toContain('/admin/payroll');
    expect(await menuUrls(staff)).not.toContain('/admin/payroll');
    expect(await menuUrls(staff)).toContain('/home');

    const id = adminList.find((s) => s.ScreenCode === 'payroll')?.Id;
    const tree = (token: string) =>
      server.call('AppScreenUIControlSetting/Options', { ScreenGUID: id }, token);
    expect((await tree(admin)).body.Data.ScreenCode).toBe('payroll');
    expect((await tree(staff)).status).toBe(403);
  });

  it('opens the screen to staff, who are granted it, once the mark is gone', async () => {
    await server.call('ConfigMenu/SaveScreen', { ...payroll, Config: '{}' }, admin);
    const staffList = (await server.call('ConfigMenu/CategoryScreenList', {}, staff)).body.Data as Entry[];
    expect(codes(staffList)).toContain('payroll');
    expect(await menuUrls(staff)).toContain('/admin/payroll');
    const viewer = (await server.createUser('access-viewer', 'viewer')).token;
    const viewerList = (await server.call('ConfigMenu/CategoryScreenList', {}, viewer)).body.Data as Entry[];
    expect(codes(viewerList)).not.toContain('payroll');
  });
});
