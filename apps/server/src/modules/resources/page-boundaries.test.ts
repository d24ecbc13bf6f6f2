import { describe, expect, it } from 'vitest';
import { MAX_BOUNDARIES_PER_LIST, MAX_LISTS_PER_TABLE, PageBoundaries } from './page-boundaries';

describe('PageBoundaries', () => {
  it('answers the known row nearest before or at an offset, from the first and last rows of pages read', () => {
    const boundaries = new PageBoundaries();
    const generation = boundaries.generation('products');
    boundaries.remember('products', 'by name', generation, 50, [7, 8, 9]);
    expect(boundaries.nearest('products', 'by name', 49)).toBeUndefined();
    expect(boundaries.nearest('products', 'by name', 50)).toEqual({ offset: 50, id: 7 });
    expect(boundaries.nearest('products', 'by name', 51)).toEqual({ offset: 50, id: 7 });
    expect(boundaries.nearest('products', 'by name', 60)).toEqual({ offset: 52, id: 9 });
    expect(boundaries.nearest('products', 'by price', 60)).toBeUndefined();
  });

  it('records nothing from a page read while its table changed, and forgets all on a change', () => {
    const boundaries = new PageBoundaries();
    boundaries.remember('products', 'list', boundaries.generation('products'), 0, [1, 2]);
    const before = boundaries.generation('products');
    boundaries.changed('products');
    expect(boundaries.nearest('products', 'list', 5)).toBeUndefined();
    // The page's query began before the change committed: what it saw may be out of date.
    boundaries.remember('products', 'list', before, 10, [3, 4]);
    expect(boundaries.nearest('products', 'list', 20)).toBeUndefined();
    // Another table's knowledge stays, unless the change's table is not known.
    boundaries.remember('orders', 'list', boundaries.generation('orders'), 0, [5]);
    boundaries.changed('products');
    expect(boundaries.nearest('orders', 'list', 0)).toEqual({ offset: 0, id: 5 });
    boundaries.changed(undefined);
    expect(boundaries.nearest('orders', 'list', 0)).toBeUndefined();
  });

  it('keeps a bounded number of lists and boundaries, dropping the oldest', () => {
    const boundaries = new PageBoundaries();
    const generation = boundaries.generation('t');
    for (let list = 0; list <= MAX_LISTS_PER_TABLE; list++)
      boundaries.remember('t', `l${list}`, generation, 0, [1]);
    expect(boundaries.nearest('t', 'l0', 0)).toBeUndefined();
    expect(boundaries.nearest('t', `l${MAX_LISTS_PER_TABLE}`, 0)).toEqual({ offset: 0, id: 1 });
    for (let page = 0; page <= MAX_BOUNDARIES_PER_LIST; page++)
      boundaries.remember('t', 'deep', generation, page, [page + 1]);
    expect(boundaries.nearest('t', 'deep', 0)).toBeUndefined();
    expect(boundaries.nearest('t', 'deep', MAX_BOUNDARIES_PER_LIST)).toEqual({
      offset: MAX_BOUNDARIES_PER_LIST,
      id: MAX_BOUNDARIES_PER_LIST + 1,
    });
  });
});
