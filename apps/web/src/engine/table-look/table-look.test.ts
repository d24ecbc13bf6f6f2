import { describe, expect, it } from 'vitest';
import { frozenOffsets, ROW_HEIGHTS, readTableDensity } from './table-look';

describe('the table look', () => {
  it('reads a stored density, comfortable unless compact was chosen', () => {
    expect(readTableDensity('compact')).toBe('compact');
    expect(readTableDensity('comfortable')).toBe('comfortable');
    expect(readTableDensity(null)).toBe('comfortable');
    expect(readTableDensity('tiny')).toBe('comfortable');
    expect(ROW_HEIGHTS.compact).toBeLessThan(ROW_HEIGHTS.comfortable);
  });

  it('puts each frozen leading cell right of the ones before it', () => {
    expect(frozenOffsets([36, 30, 110])).toEqual([0, 36, 66]);
    expect(frozenOffsets([])).toEqual([]);
  });
});
