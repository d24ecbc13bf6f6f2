import { describe, expect, it } from 'vitest';
import { column } from '../testing/columns';
import {
  CELL_OPTION_RESOLVERS,
  fullRowLoadingFields,
  reloadAfterUpdateFields,
  resolveCell,
  resolveCellOption,
} from './resolve-cell';

describe('resolving a cell', () => {
  const price = column({
    fieldName: 'Price',
    type: 'money',
    more: { fColor: 'C', confirmMsg: 'Change [Code]?', needLoadingFullRow: true },
  });
  const row = { Id: 1, Code: 'A1', Price: 1500.5, C: 'red' };

  it('resolves every option group at once', () => {
    const resolved = resolveCell(price, row);
    expect(Object.keys(resolved).sort()).toEqual(Object.keys(CELL_OPTION_RESOLVERS).sort());
    expect(resolved.display.text).toBe('1.500,50');
    expect(resolved.styling.cellStyle.color).toBe('red');
    expect(resolved.confirmation).toEqual({ title: 'Confirm', message: 'Change A1?' });
    expect(resolved.editing.editable).toBe(true);
    expect(resolved.modal).toBeNull();
  });

  it('resolves one group', () => {
    expect(resolveCellOption('visibility', price, row)).toEqual({ visible: true });
    expect(resolveCellOption('reloads', price, row).loadingFullRow).toBe(true);
  });

  it('lists the fields whose update covers the row or reloads the list', () => {
    const columns = [
      price,
      column({ fieldName: 'Qty', more: { needReloadAfterUpdateFields: true } }),
      column({ fieldName: 'Note' }),
    ];
    expect(fullRowLoadingFields(columns)).toEqual(['Price']);
    expect(reloadAfterUpdateFields(columns)).toEqual(['Qty']);
  });

  it('tolerates options of the wrong type', () => {
    const odd = column({
      more: { button: 'x', modal: 3, configDisplay: 'y', styleByValue: 5, hideOfIds: { a: 1 }, myui: [] },
    });
    const resolved = resolveCell(odd, { Name: 'n' });
    expect(resolved.modal).toBeNull();
    expect(resolved.button).toBeNull();
    expect(resolved.embeddedUi).toBeNull();
    expect(resolved.display.text).toBe('n');
    expect(resolved.visibility.visible).toBe(true);
  });
});
