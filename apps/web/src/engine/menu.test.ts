import type { MenuItem } from '@panelwright/contract';
import { describe, expect, it } from 'vitest';
import {
  filterMenu,
  isMobileWidth,
  isOpenableMenuUrl,
  isSafeMenuUrl,
  readSidebarClosed,
  sidebarClosedValue,
} from './menu';

const item = (Name: string, Children: MenuItem[] = []): MenuItem => ({
  Name,
  Code: Name.toLowerCase(),
  Url: `/${Name.toLowerCase()}`,
  Icon: '',
  OrderNo: 0,
  NewWindow: false,
  Children,
});

describe('side menu', () => {
  const menu = [item('Home'), item('Sales', [item('Orders'), item('Invoices')]), item('Reports')];

  it('keeps entries whose name matches, case-insensitively, and parents of matching children', () => {
    expect(filterMenu(menu, 'ord').map((i) => [i.Name, i.Children.map((c) => c.Name)])).toEqual([
      ['Sales', ['Orders']],
    ]);
    expect(filterMenu(menu, 'SALES')[0]?.Children).toHaveLength(2);
    expect(filterMenu(menu, '')).toBe(menu);
    expect(filterMenu(menu, 'zzz')).toEqual([]);
  });

  it('searches the translated names', () => {
    expect(filterMenu(menu, 'trang', (n) => (n === 'Home' ? 'Trang chủ' : n)).map((i) => i.Name)).toEqual([
      'Home',
    ]);
  });

  it('opens only safe, parameterless URLs', () => {
    expect(isOpenableMenuUrl('/orders/[id]')).toBe(false);
    expect(isOpenableMenuUrl('/orders')).toBe(true);
    expect(isSafeMenuUrl('/orders')).toBe(true);
    expect(isSafeMenuUrl('https://docs.example.com')).toBe(true);
    expect(isSafeMenuUrl('javascript:alert(1)')).toBe(false);
    expect(isSafeMenuUrl('//evil.example')).toBe(false);
  });

  it('keeps the closed state as 1 or 0', () => {
    expect(sidebarClosedValue(true)).toBe('1');
    expect(sidebarClosedValue(false)).toBe('0');
    expect(readSidebarClosed('1')).toBe(true);
    expect(readSidebarClosed('0')).toBe(false);
    expect(readSidebarClosed(null)).toBe(false);
  });
});

describe('mobile width', () => {
  it('is below the configured widthMobile, else below the default', () => {
    expect(isMobileWidth(390, 1000)).toBe(true);
    expect(isMobileWidth(999, 1000)).toBe(true);
    expect(isMobileWidth(1000, 1000)).toBe(false);
    expect(isMobileWidth(600, 567)).toBe(false);
    expect(isMobileWidth(390, undefined)).toBe(true);
    expect(isMobileWidth(1440, 0)).toBe(false);
  });

  it('defaults to 567 when the configuration has no widthMobile (part 1 section 9)', () => {
    expect(isMobileWidth(566, undefined)).toBe(true);
    expect(isMobileWidth(567, undefined)).toBe(false);
    expect(isMobileWidth(800, undefined)).toBe(false);
    expect(isMobileWidth(800, 0)).toBe(false);
  });
});
