import type { MenuItem } from '@panelwright/contract';
import { describe, expect, it } from 'vitest';
import { foldText, menuScreens, type PaletteItem, rankPalette } from './command-palette';

const item = (
  id: string,
  label: string,
  kind: PaletteItem['kind'] = 'screen',
  hint?: string,
): PaletteItem => ({
  id,
  kind,
  label,
  icon: '',
  ...(hint ? { hint } : {}),
});

describe('the command palette', () => {
  const items = [
    item('categories', 'Categories of products'),
    item('products', 'Products', 'screen', 'Data'),
    item('sales', 'Bán hàng', 'screen', 'Sales'),
    item('dark', 'Theme: Dark', 'command'),
  ];

  it('finds by every word, label starts first, without case or accents', () => {
    expect(rankPalette(items, 'produc').map((i) => i.id)).toEqual(['products', 'categories']);
    expect(rankPalette(items, 'ban HANG').map((i) => i.id)).toEqual(['sales']);
    expect(rankPalette(items, 'data prod').map((i) => i.id)).toEqual(['products']);
    expect(rankPalette(items, 'dark').map((i) => i.id)).toEqual(['dark']);
    expect(rankPalette(items, 'nothing like it')).toEqual([]);
  });

  it('keeps everything, up to the limit, for an empty query', () => {
    expect(rankPalette(items, '  ')).toHaveLength(4);
    expect(rankPalette(items, '', 2)).toHaveLength(2);
  });

  it('folds Vietnamese', () => {
    expect(foldText('Địa điểm')).toBe('dia diem');
  });

  it('lists the menus’ openable screens once, with their group', () => {
    const entry = (Code: string, Name: string, Url: string, Children: MenuItem[] = []) =>
      ({ Code, Name, Url, Icon: '', NewWindow: false, Children }) as unknown as MenuItem;
    const side = [
      entry('g', 'Data', '', [entry('p', 'Products', '/data/products'), entry('x', 'Project', '/pj/[pj]')]),
      entry('bad', 'Bad', 'javascript:alert(1)'),
    ];
    const app = [entry('p2', 'Products again', '/data/products')];
    expect(menuScreens([side, app])).toEqual([
      { code: 'p', name: 'Products', url: '/data/products', icon: 'bi-file-earmark', group: 'Data' },
    ]);
  });
});
