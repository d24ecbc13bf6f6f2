import { describe, expect, it } from 'vitest';
import {
  cellError,
  isCellLoading,
  isRowApiRunning,
  isRowExpanded,
  isRowLocked,
  loadingFields,
  markRowJustDeleted,
  markRowJustNew,
  rowCellAppend,
  rowCellClassName,
  rowClassName,
  rowStyle,
  rowVisualState,
  setRowExpanded,
  toggleRowExpanded,
} from './index';

describe('row flags', () => {
  const row = { _UI_Loading: { A: true, B: false }, _UI_Error: { B: 'Too big', C: '' } };

  it('reads loading and error per field', () => {
    expect(isCellLoading(row, 'A')).toBe(true);
    expect(isCellLoading(row, 'B')).toBe(false);
    expect(isCellLoading({}, 'A')).toBe(false);
    expect(cellError(row, 'B')).toBe('Too big');
    expect(cellError(row, 'C')).toBeUndefined();
    expect(cellError({}, 'B')).toBeUndefined();
  });

  it('knows whether an api of the row runs', () => {
    expect(loadingFields(row)).toEqual(['A']);
    expect(isRowApiRunning(row)).toBe(true);
    expect(isRowApiRunning({ _UI_Loading: { A: false } })).toBe(false);
    expect(isRowApiRunning({ _UI_Loading: 'junk' })).toBe(false);
  });

  it('IsLocked true locks the row', () => {
    expect(isRowLocked({ IsLocked: true })).toBe(true);
    expect(isRowLocked({ IsLocked: false })).toBe(false);
    expect(isRowLocked({})).toBe(false);
  });
});

describe('row styles from data', () => {
  it('StyleRow and UI_StyleRow, object or JSON text, UI_StyleRow winning', () => {
    expect(rowStyle({ StyleRow: { color: 'red' } })).toEqual({ color: 'red' });
    expect(rowStyle({ UI_StyleRow: '{"color":"blue"}' })).toEqual({ color: 'blue' });
    expect(
      rowStyle({ StyleRow: { color: 'red', fontWeight: 700 }, UI_StyleRow: '{"color":"blue"}' }),
    ).toEqual({
      color: 'blue',
      fontWeight: 700,
    });
    expect(rowStyle({})).toEqual({});
  });

  it("a screen's rowStyleField wins", () => {
    expect(rowStyle({ UI_StyleRow: { color: 'blue' }, MyStyle: { color: 'green' } }, 'MyStyle')).toEqual({
      color: 'green',
    });
  });

  it('UI_ClassTableRow is the row class', () => {
    expect(rowClassName({ UI_ClassTableRow: 'table-warning' })).toBe('table-warning');
    expect(rowClassName({})).toBe('');
  });

  it('UI_ClassTableCell gives a class per field', () => {
    expect(rowCellClassName({ UI_ClassTableCell: { Price: 'text-danger' } }, 'Price')).toBe('text-danger');
    expect(rowCellClassName({ UI_ClassTableCell: '{"Price":"x"}' }, 'Price')).toBe('x');
    expect(rowCellClassName({ UI_ClassTableCell: { Price: 'x' } }, 'Qty')).toBe('');
  });

  it('UI_ComponentAppendCell gives what to append per field', () => {
    const append = { type: 'badge', text: 'new' };
    expect(rowCellAppend({ UI_ComponentAppendCell: { Name: append } }, 'Name')).toEqual(append);
    expect(rowCellAppend({ UI_ComponentAppendCell: '{"Name":"tip"}' }, 'Name')).toBe('tip');
    expect(rowCellAppend({ UI_ComponentAppendCell: { Name: null } }, 'Name')).toBeUndefined();
    expect(rowCellAppend({}, 'Name')).toBeUndefined();
  });
});

describe('row visual states', () => {
  it('covers the row while a needLoadingFullRow field updates; other updates show on their cell only', () => {
    const row = { _UI_Loading: { Status: true } };
    expect(rowVisualState(row, ['Status']).loadingOverlay).toBe(true);
    expect(rowVisualState(row, ['Price']).loadingOverlay).toBe(false);
    expect(rowVisualState({ _UI_Loading: { Status: false } }, ['Status']).loadingOverlay).toBe(false);
  });

  it('just new and just deleted', () => {
    expect(rowVisualState(markRowJustNew({}), [])).toEqual({
      loadingOverlay: false,
      justNew: true,
      justDeleted: false,
    });
    expect(rowVisualState(markRowJustDeleted({}), []).justDeleted).toBe(true);
  });
});

describe('expandable rows', () => {
  it('UI_DefaultShowExpand sets the default', () => {
    expect(isRowExpanded({})).toBe(false);
    expect(isRowExpanded({ UI_DefaultShowExpand: true })).toBe(true);
    expect(isRowExpanded({ UI_DefaultShowExpand: 1 })).toBe(true);
  });

  it('toggles _isShow per expandable key', () => {
    const opened = toggleRowExpanded({ Id: 1 });
    expect(opened._isShow).toEqual({ default: true });
    expect(isRowExpanded(opened)).toBe(true);
    expect(isRowExpanded(toggleRowExpanded(opened))).toBe(false);
    const defaultOpen = { UI_DefaultShowExpand: true };
    expect(isRowExpanded(toggleRowExpanded(defaultOpen))).toBe(false);
    const detail = toggleRowExpanded(opened, 'history');
    expect(detail._isShow).toEqual({ default: true, history: true });
    expect(isRowExpanded(setRowExpanded(detail, false, 'history'), 'history')).toBe(false);
  });
});
