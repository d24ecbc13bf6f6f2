import type { ConfigChange, ConfigMenuEntry } from '@panelwright/contract';
import { describe, expect, it } from 'vitest';
import {
  changedEntries,
  findEntry,
  flattenTree,
  indexPathOf,
  insertEntry,
  menuGroups,
  moveDown,
  moveEntry,
  moveIn,
  moveOut,
  moveUp,
  newEntryCode,
  removeEntry,
  updateEntry,
} from './menu-tree';

const entry = (code: string, children: ConfigMenuEntry[] = [], url = `/${code}`): ConfigMenuEntry => ({
  code,
  name: code,
  url,
  icon: '',
  newWindow: false,
  isEnabled: true,
  children,
});
const group = (code: string, children: ConfigMenuEntry[] = []) => entry(code, children, '');

/** The tree as codes: `home`, `data[products,events]`. */
const shape = (tree: readonly ConfigMenuEntry[] | null): string =>
  tree === null
    ? 'null'
    : tree
        .map((item) =>
          item.children.length || item.url === '' ? `${item.code}[${shape(item.children)}]` : item.code,
        )
        .join(',');

const menu = () => [
  entry('home'),
  group('data', [entry('products'), entry('events'), entry('places')]),
  group('admin', [entry('users'), group('inner', [entry('deep')])]),
  entry('studio'),
];

describe('menu tree', () => {
  it('finds an entry anywhere with its parent, place and depth', () => {
    const place = findEntry(menu(), 'deep');
    expect(place).toMatchObject({ index: 0, siblings: 1, depth: 2 });
    expect(place?.parent?.code).toBe('inner');
    expect(findEntry(menu(), 'home')).toMatchObject({ parent: null, index: 0, siblings: 4, depth: 0 });
    expect(findEntry(menu(), 'nothing')).toBeNull();
  });

  it('names where an entry sits as the document’s path does', () => {
    expect(indexPathOf(menu(), 'deep')).toBe('2.children.1.children.0');
    expect(indexPathOf(menu(), 'studio')).toBe('3');
    expect(indexPathOf(menu(), 'nothing')).toBeNull();
  });

  it('flattens in display order and lists the groups', () => {
    expect(flattenTree(menu()).map((row) => `${row.entry.code}:${row.depth}`)).toEqual([
      'home:0',
      'data:0',
      'products:1',
      'events:1',
      'places:1',
      'admin:0',
      'users:1',
      'inner:1',
      'deep:2',
      'studio:0',
    ]);
    expect(menuGroups(menu()).map((row) => row.entry.code)).toEqual(['data', 'admin', 'inner']);
  });

  it('moves an entry up and down among its siblings, and not past either end', () => {
    const tree = menu();
    expect(shape(moveUp(tree, 'events'))).toBe(
      'home,data[events,products,places],admin[users,inner[deep]],studio',
    );
    expect(shape(moveDown(tree, 'events'))).toBe(
      'home,data[products,places,events],admin[users,inner[deep]],studio',
    );
    expect(shape(moveDown(tree, 'home'))).toBe(
      'data[products,events,places],home,admin[users,inner[deep]],studio',
    );
    expect(moveUp(tree, 'products')).toBeNull();
    expect(moveDown(tree, 'places')).toBeNull();
    expect(moveUp(tree, 'home')).toBeNull();
    expect(moveDown(tree, 'studio')).toBeNull();
    // The tree given is left as it was.
    expect(shape(tree)).toBe(shape(menu()));
  });

  it('moves an entry out of its group to just after the group, and not out of the top', () => {
    expect(shape(moveOut(menu(), 'events'))).toBe(
      'home,data[products,places],events,admin[users,inner[deep]],studio',
    );
    expect(shape(moveOut(menu(), 'deep'))).toBe(
      'home,data[products,events,places],admin[users,inner[],deep],studio',
    );
    expect(moveOut(menu(), 'home')).toBeNull();
  });

  it('moves an entry into the group just above it, as its last entry; only a group takes entries', () => {
    expect(shape(moveIn(menu(), 'admin'))).toBe(
      'home,data[products,events,places,admin[users,inner[deep]]],studio',
    );
    expect(shape(moveIn(menu(), 'studio'))).toBe(
      'home,data[products,events,places],admin[users,inner[deep],studio]',
    );
    expect(moveIn(menu(), 'data')).toBeNull(); // home is not a group
    expect(moveIn(menu(), 'home')).toBeNull(); // nothing above
  });

  it('moves an entry anywhere by drag and drop, but never into itself or under itself', () => {
    expect(shape(moveEntry(menu(), 'studio', 'data', 1))).toBe(
      'home,data[products,studio,events,places],admin[users,inner[deep]]',
    );
    // Down within its own list: the index is the list's before the move.
    expect(shape(moveEntry(menu(), 'products', 'data', 3))).toBe(
      'home,data[events,places,products],admin[users,inner[deep]],studio',
    );
    expect(shape(moveEntry(menu(), 'deep', null, 0))).toBe(
      'deep,home,data[products,events,places],admin[users,inner[]],studio',
    );
    expect(moveEntry(menu(), 'admin', 'inner', 0)).toBeNull();
    expect(moveEntry(menu(), 'admin', 'admin', 0)).toBeNull();
    expect(moveEntry(menu(), 'users', 'nothing', 0)).toBeNull();
    expect(moveEntry(menu(), 'nothing', null, 0)).toBeNull();
  });

  it('inserts into a group or at the top, and refuses a code the menu has', () => {
    expect(shape(insertEntry(menu(), 'data', entry('sales'), 0))).toBe(
      'home,data[sales,products,events,places],admin[users,inner[deep]],studio',
    );
    expect(shape(insertEntry(menu(), null, entry('sales')))).toBe(
      'home,data[products,events,places],admin[users,inner[deep]],studio,sales',
    );
    expect(shape(insertEntry(menu(), 'inner', entry('sales'), 99))).toBe(
      'home,data[products,events,places],admin[users,inner[deep,sales]],studio',
    );
    expect(insertEntry(menu(), 'data', entry('deep'))).toBeNull();
    expect(insertEntry(menu(), 'nothing', entry('sales'))).toBeNull();
  });

  it('removes an entry with the entries under it', () => {
    expect(shape(removeEntry(menu(), 'admin'))).toBe('home,data[products,events,places],studio');
    expect(shape(removeEntry(menu(), 'events'))).toBe(
      'home,data[products,places],admin[users,inner[deep]],studio',
    );
    expect(removeEntry(menu(), 'nothing')).toBeNull();
  });

  it('changes an entry’s fields and keeps its children; a code must stay unique', () => {
    const next = updateEntry(menu(), 'data', { name: 'Records', icon: 'bi-table' });
    expect(findEntry(next ?? [], 'data')?.entry).toMatchObject({ name: 'Records', icon: 'bi-table' });
    expect(findEntry(next ?? [], 'data')?.entry.children).toHaveLength(3);
    expect(findEntry(updateEntry(menu(), 'deep', { code: 'deeper' }) ?? [], 'deeper')).not.toBeNull();
    expect(updateEntry(menu(), 'deep', { code: 'home' })).toBeNull();
    expect(updateEntry(menu(), 'nothing', { name: 'x' })).toBeNull();
  });

  it('makes a new code from a name, unique in the menu', () => {
    expect(newEntryCode(menu(), 'Sales report')).toBe('sales-report');
    expect(newEntryCode(menu(), 'Products')).toBe('products-2');
    expect(newEntryCode(menu(), 'Báo cáo đơn hàng')).toBe('bao-cao-don-hang');
    expect(newEntryCode(menu(), '!!!')).toBe('entry');
    expect(newEntryCode(menu(), 'x'.repeat(100))).toMatch(/^[a-z0-9-]{1,64}$/);
  });

  it('names the entries a draft changes in one menu, and for an order change the ones that moved', () => {
    const change = (path: string[], before?: unknown, after?: unknown): ConfigChange => ({
      kind: 'menu',
      item: path.slice(1).join('/'),
      path,
      op: 'change',
      before,
      after,
    });
    const codes = changedEntries(
      [
        change(['menus', 'side', 'events', 'name'], 'Events', 'Happenings'),
        change(
          ['menus', 'side', 'data', 'order'],
          ['products', 'events', 'places'],
          ['events', 'products', 'places'],
        ),
        change(['menus', 'app', 'help']),
        change(['screens', 'products', 'title']),
      ],
      'side',
    );
    expect([...codes].sort()).toEqual(['events', 'products']);
  });
});
