import type { MenuItem, ScreenEntry } from '@panelwright/contract';
import { describe, expect, it } from 'vitest';
import { adminOnlyRule, filterMenu, ScreenAccess } from './access';

const screen = (code: string, config = '{}'): ScreenEntry => ({
  Id: code,
  UIUrl: `/${code}`,
  ScreenCode: code,
  Title: code,
  APIName: '',
  UIType: 'table',
  Config: config,
  RequestData: '{}',
  Type: '',
});
const admin = { id: 1, roles: ['admin'] };
const staff = { id: 2, roles: ['staff'] };
const item = (Url: string, Children: MenuItem[] = []): MenuItem => ({
  Name: Url || 'group',
  Code: Url || 'group',
  Url,
  Icon: '',
  OrderNo: 0,
  NewWindow: false,
  Children,
});

describe('the screen access hook', () => {
  it('leaves screens marked adminOnly out for everyone but administrators', async () => {
    const list = [screen('a'), screen('b', '{"adminOnly":true}'), screen('c', 'not json')];
    const access = new ScreenAccess();
    expect((await access.filterScreens(list, staff)).map((s) => s.ScreenCode)).toEqual(['a', 'c']);
    expect((await access.filterScreens(list, admin)).map((s) => s.ScreenCode)).toEqual(['a', 'b', 'c']);
    expect((await adminOnlyRule()(staff))(screen('d', '{"adminOnly":false}'))).toBe(true);
  });

  it('asks the administrator test it is given, so that any administrator role counts', async () => {
    const access = new ScreenAccess(async (viewer) => viewer.roles.includes('boss'));
    const boss = { id: 3, roles: ['boss'] };
    const list = [screen('b', '{"adminOnly":true}')];
    expect(await access.filterScreens(list, boss)).toHaveLength(1);
    expect(await access.filterScreens(list, admin)).toHaveLength(0);
  });

  it('takes more rules by name, each of which must allow, and refuses a name twice', async () => {
    const access = new ScreenAccess();
    access.register('noReports', (viewer) => (s) => viewer.id !== 2 || !s.ScreenCode.startsWith('report'));
    expect(() => access.register('noReports', () => () => true)).toThrow(/registered already/);
    const list = [screen('report-sales'), screen('orders')];
    expect((await access.filterScreens(list, staff)).map((s) => s.ScreenCode)).toEqual(['orders']);
    expect(await access.filterScreens(list, admin)).toHaveLength(2);
    expect(await access.mayOpen(screen('report-x'), staff)).toBe(false);
  });

  it('prepares a rule once per viewer, however many screens are asked', async () => {
    const access = new ScreenAccess();
    let prepared = 0;
    access.register('counted', async () => {
      prepared++;
      return () => true;
    });
    await access.filterScreens([screen('a'), screen('b'), screen('c')], staff);
    expect(prepared).toBe(1);
  });

  it('filters menus by the addresses of closed screens, dropping groups left empty', () => {
    const menu = [
      item('/home'),
      item('', [item('/secret')]),
      item('', [item('/secret'), item('/open')]),
      item('/secret'),
    ];
    expect(filterMenu(menu, new Set(['/secret']))).toEqual([item('/home'), item('', [item('/open')])]);
    expect(filterMenu(menu, new Set())).toEqual(menu);
  });
});
