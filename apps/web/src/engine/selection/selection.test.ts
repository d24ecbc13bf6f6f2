import { describe, expect, it } from 'vitest';
import {
  bulkTarget,
  EMPTY_SELECTION,
  isRowSelected,
  pageState,
  selectAllMatching,
  selectedCount,
  togglePage,
  toggleRow,
} from './selection';

const page = [11, 12, 13, 14, 15];

describe('row selection', () => {
  it('toggles one row, then a Shift-click takes the range from the last row clicked', () => {
    let selection = toggleRow(EMPTY_SELECTION, 12, page, false);
    expect([...selection.ids]).toEqual([12]);
    selection = toggleRow(selection, 15, page, true);
    expect([...selection.ids].sort()).toEqual([12, 13, 14, 15]);
    // A Shift-click on a chosen row clears the range back to the anchor.
    selection = toggleRow(selection, 13, page, true);
    expect([...selection.ids]).toEqual([12]);
    expect(toggleRow(EMPTY_SELECTION, 14, page, true).ids).toEqual(new Set([14]));
  });

  it('chooses the page from the header box and tells its state', () => {
    const some = toggleRow(EMPTY_SELECTION, 11, page, false);
    expect(pageState(some, page)).toBe('some');
    const all = togglePage(some, page);
    expect(pageState(all, page)).toBe('all');
    expect(pageState(togglePage(all, page), page)).toBe('none');
  });

  it('"all matching" counts the total and sends the list condition instead of ids', () => {
    const all = selectAllMatching();
    expect(selectedCount(all, 1234)).toBe(1234);
    expect(isRowSelected(all, 99)).toBe(true);
    const body = { TextSearch: 'lamp', Filters: [{ FieldName: 'Status' }], Page: 3, PageSize: 50 };
    expect(bulkTarget(all, body)).toEqual({ TextSearch: 'lamp', Filters: [{ FieldName: 'Status' }] });
    const two = toggleRow(toggleRow(EMPTY_SELECTION, 13, page, false), 11, page, false);
    expect(bulkTarget(two, body)).toEqual({ Ids: [11, 13] });
    expect(selectedCount(two, 1234)).toBe(2);
  });
});
