import type { MenuItem } from '@panelwright/contract';
import { describe, expect, it } from 'vitest';
import { homeGroups, rememberVisit, screenBlurb } from './home';

const item = (code: string, url: string, children: MenuItem[] = [], icon = ''): MenuItem => ({
  Name: code,
  Code: code,
  Url: url,
  Icon: icon,
  OrderNo: 0,
  NewWindow: false,
  Children: children,
});

describe('start page groups', () => {
  it('makes a card per menu group and one for the screens outside groups, without home or parameters', () => {
    const menu = [
      item('home', '/home'),
      item('loose', '/loose'),
      item(
        'data',
        '',
        [item('products', '/data/products', [], 'bi-box'), item('pj-detail', '/pj/[pj]')],
        'bi-db',
      ),
      item('empty', '', [item('only-param', '/x/[id]')]),
    ];
    const groups = homeGroups(menu, '/home', 'More');
    expect(groups.map((g) => [g.code, g.entries.map((e) => e.url)])).toEqual([
      ['others', ['/loose']],
      ['data', ['/data/products']],
    ]);
    expect(groups[1]).toMatchObject({ name: 'data', icon: 'bi-db' });
    expect(groups[1]?.entries[0]?.icon).toBe('bi-box');
    expect(groups[0]?.entries[0]?.icon).toBe('bi-file-earmark-text');
  });

  it('says a line per UI type, a general one otherwise', () => {
    expect(screenBlurb('table')).toBe('Browse, filter and edit the records.');
    expect(screenBlurb('unknown')).toBe('Open this screen.');
    expect(screenBlurb(undefined)).toBe('Open this screen.');
  });
});

describe('recent visits', () => {
  it('keeps the newest first, each address once, at most max', () => {
    let list = rememberVisit([], { path: '/a', title: 'A' }, 2);
    list = rememberVisit(list, { path: '/b', title: 'B' }, 2);
    list = rememberVisit(list, { path: '/a', title: 'A again' }, 2);
    expect(list).toEqual([
      { path: '/a', title: 'A again' },
      { path: '/b', title: 'B' },
    ]);
    list = rememberVisit(list, { path: '/c', title: 'C' }, 2);
    expect(list.map((v) => v.path)).toEqual(['/c', '/a']);
    expect(rememberVisit(list, { path: '/d', title: ' ' }, 2)).toBe(list);
  });
});
