import type { MenuItem } from '@panelwright/contract';
import { describe, expect, it } from 'vitest';
import { menuPath, menuUrlMatches } from './breadcrumb';

const entry = (Code: string, Name: string, Url: string, Children: MenuItem[] = []): MenuItem =>
  ({ Code, Name, Url, Icon: '', NewWindow: false, Children }) as unknown as MenuItem;

const MENU = [
  entry('home', 'Home', '/home'),
  entry('g-data', 'Data', '', [entry('products', 'Products', '/data/products')]),
  entry('g-projects', 'Projects', '', [
    entry('pj', 'Projects', '/pj'),
    entry('pj-one', 'Project', '/pj/[pj]/tasks'),
  ]),
];

describe('the breadcrumb of a page', () => {
  it('names the groups above the entry, then the entry', () => {
    expect(menuPath(MENU, '/data/products')).toEqual([
      { name: 'Data', url: '' },
      { name: 'Products', url: '/data/products' },
    ]);
  });

  it('matches an address with parameters, and an address under an entry', () => {
    expect(menuPath(MENU, '/pj/7/tasks').map((c) => c.name)).toEqual(['Projects', 'Project']);
    expect(menuPath(MENU, '/pj/7').map((c) => c.url)).toEqual(['', '/pj']);
    expect(menuUrlMatches('/pj/[pj]/tasks', '/pj/7/other')).toBe(false);
  });

  it('is empty for an address outside the menu', () => {
    expect(menuPath(MENU, '/my-profile')).toEqual([]);
    expect(menuPath([], '/data/products')).toEqual([]);
  });
});
