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
const admin = { id: 1, role: 'admin' };
const staff = { id: 2, role: 'staff' };
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
  it('leaves screens marked adminOnly out for everyone but administrators', () => {
    const list = [screen('a'), screen('b', '{"adminOnly":true}'), screen('c', 'not json')];
    const access = new ScreenAccess();
    expect(access.filterScreens(list, staff).map((s) => s.ScreenCode)).toEqual(['a', 'c']);
    expect(access.filterScreens(list, admin).map((s) => s.ScreenCode)).toEqual(['a', 'b', 'c']);
    expect(adminOnlyRule(screen('d', '{"adminOnly":false}'), staff)).toBe(true);
  });

  it('takes more rules by name, each of which must allow, and refuses a name twice', () => {
    const access = new ScreenAccess();
    access.register('noReports', (s, viewer) => viewer.id !== 2 || !s.ScreenCode.startsWith('report'));
    expect(() => access.register('noReports', () => true)).toThrow(/registered already/);
    const list = [screen('report-sales'), screen('orders')];
    expect(access.filterScreens(list, staff).map((s) => s.ScreenCode)).toEqual(['orders']);
    expect(access.filterScreens(list, admin)).toHaveLength(2);
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
