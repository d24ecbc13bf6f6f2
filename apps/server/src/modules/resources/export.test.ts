import { describe, expect, it } from 'vitest';
import { COLUMN_TYPES } from './column-types';
import { optionValuesOf } from './export';
import type { Column } from './registry';

const column = (field: string, type: 'select' | 'multiselect') =>
  ({ field, kind: COLUMN_TYPES[type] }) as unknown as Column;

describe('the option values of an export batch', () => {
  it('are each value once, as the rows hold them, over every column of the list and each item of a list', () => {
    const rows = [
      { Owner: 5, Reviewer: 7, Tags: 'a,b' },
      { Owner: 5, Reviewer: null, Tags: 'b,c' },
      { Owner: '7', Reviewer: undefined, Tags: '' },
    ];
    expect(optionValuesOf(rows, [column('Owner', 'select'), column('Reviewer', 'select')])).toEqual([5, 7]);
    expect(optionValuesOf(rows, [column('Tags', 'multiselect')])).toEqual(['a', 'b', 'c']);
    expect(optionValuesOf([], [column('Owner', 'select')])).toEqual([]);
  });
});
