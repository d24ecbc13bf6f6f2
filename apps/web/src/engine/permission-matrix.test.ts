import { describe, expect, it } from 'vitest';
import {
  allState,
  changedRows,
  columnState,
  MATRIX_ACTIONS,
  type MatrixRow,
  nextValue,
  readMatrixRows,
  rowState,
  setAll,
  setCell,
  setColumn,
  setRow,
} from './permission-matrix';

const row = (Target: string, on: readonly string[] = []): MatrixRow =>
  ({
    Target,
    Text: Target,
    ...Object.fromEntries(MATRIX_ACTIONS.map((action) => [action, on.includes(action)])),
  }) as MatrixRow;

describe('the permission matrix select-all rules', () => {
  it('selects and clears a whole row, leaving the other rows alone', () => {
    const rows = [row('Product', ['CanList']), row('Category', ['CanEdit'])];
    expect(rowState(rows[0] as MatrixRow)).toBe('some');
    const all = setRow(rows, 'Product', nextValue(rowState(rows[0] as MatrixRow)));
    expect(rowState(all[0] as MatrixRow)).toBe('all');
    expect(all[1]).toEqual(rows[1]);
    const none = setRow(all, 'Product', nextValue(rowState(all[0] as MatrixRow)));
    expect(rowState(none[0] as MatrixRow)).toBe('none');
  });

  it('selects and clears a whole column, leaving the other columns alone', () => {
    const rows = [row('Product', ['CanList', 'CanEdit']), row('Category')];
    expect(columnState(rows, 'CanList')).toBe('some');
    const listed = setColumn(rows, 'CanList', nextValue(columnState(rows, 'CanList')));
    expect(columnState(listed, 'CanList')).toBe('all');
    expect(listed.map((r) => r.CanEdit)).toEqual([true, false]);
    const cleared = setColumn(listed, 'CanList', nextValue(columnState(listed, 'CanList')));
    expect(columnState(cleared, 'CanList')).toBe('none');
    expect(columnState([], 'CanList')).toBe('none');
  });

  it('follows single boxes in the row, column and whole-matrix states', () => {
    let rows = [row('Product'), row('Category')];
    rows = setCell(rows, 'Category', 'CanExport', true);
    expect(rowState(rows[1] as MatrixRow)).toBe('some');
    expect(columnState(rows, 'CanExport')).toBe('some');
    expect(allState(rows)).toBe('some');
    expect(allState(setAll(rows, true))).toBe('all');
    expect(allState(setAll(rows, false))).toBe('none');
  });

  it('sends only the rows that changed, and reads only well-formed rows', () => {
    const before = [row('Product', ['CanList']), row('Category')];
    const after = setCell(before, 'Category', 'CanList', true);
    expect(changedRows(before, after).map((r) => r.Target)).toEqual(['Category']);
    expect(changedRows(before, setCell(after, 'Category', 'CanList', false))).toEqual([]);
    expect(
      readMatrixRows([{ Target: 'Product', Text: 'Products', CanList: true }, 7, { Text: 'x' }]),
    ).toEqual([{ ...row('Product', ['CanList']), Text: 'Products' }]);
    expect(readMatrixRows('nope')).toEqual([]);
  });
});
