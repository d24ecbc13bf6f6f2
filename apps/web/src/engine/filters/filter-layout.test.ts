import { describe, expect, it } from 'vitest';
import { inlineFilterCount, splitFilters } from './filter-layout';
import type { FilterDefinition } from './filter-output';

const filter = (fieldName: string, type: FilterDefinition['type']): FilterDefinition => ({ fieldName, type });

describe('the one-row filter bar', () => {
  it('shows four filters on a wide screen, two on a tablet and none on a phone', () => {
    expect(inlineFilterCount(1440)).toBe(4);
    expect(inlineFilterCount(1000)).toBe(2);
    expect(inlineFilterCount(390)).toBe(0);
  });

  it('puts choices in the row first, then dates, then texts, each part in the screen order', () => {
    const filters = [
      filter('Sku', 'text'),
      filter('Released', 'daterange'),
      filter('Status', 'multiselect'),
      filter('Active', 'checkbox'),
      filter('Name', 'search'),
      filter('Category', 'select'),
    ];
    const { inline, more } = splitFilters(filters, 4);
    expect(inline.map((item) => item.fieldName)).toEqual(['Released', 'Status', 'Active', 'Category']);
    expect(more.map((item) => item.fieldName)).toEqual(['Sku', 'Name']);
    expect(splitFilters(filters, 0).inline).toEqual([]);
    expect(splitFilters(filters, 10).more).toEqual([]);
  });
});
