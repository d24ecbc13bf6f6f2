import type { ColumnDef } from '@panelwright/contract';
import { describe, expect, it } from 'vitest';
import { defaultVisibleFields, isRowActionColumn, isSecondaryColumn } from './default-columns';
import { prepareColumn } from './prepare-columns';

const column = (fieldName: string, type: string, extra: Partial<ColumnDef> = {}) =>
  prepareColumn({
    fieldName,
    Header: fieldName.startsWith('UI_') ? '' : fieldName,
    CanShow: true,
    CanEdit: false,
    CanSort: false,
    Index: 0,
    Type: { type },
    ...extra,
  });

describe("a screen's default columns", () => {
  it('knows the row actions: action, delete, remove, and UI_ buttons, calls and nameless helpers', () => {
    expect(isRowActionColumn(column('UI_Actions', 'action'))).toBe(true);
    expect(isRowActionColumn(column('UI_Delete', 'delete'))).toBe(true);
    expect(isRowActionColumn(column('UI_Reload', 'button'))).toBe(true);
    expect(isRowActionColumn(column('UI_Check', 'readonly'))).toBe(true);
    expect(isRowActionColumn(column('UI_Score', 'number', { Header: 'Score' }))).toBe(false);
    expect(isRowActionColumn(column('Website', 'link'))).toBe(false);
  });

  it('keeps the Id, raw JSON, HTML, long text and read-only flags for the chooser', () => {
    expect(isSecondaryColumn(column('Id', 'readonly'), false)).toBe(true);
    expect(isSecondaryColumn(column('Id', 'readonly'), true)).toBe(false);
    expect(isSecondaryColumn(column('Attributes', 'json'), false)).toBe(true);
    expect(isSecondaryColumn(column('Notes', 'html'), false)).toBe(true);
    expect(isSecondaryColumn(column('Description', 'textarea'), false)).toBe(true);
    expect(isSecondaryColumn(column('IsLocked', 'checkbox'), false)).toBe(true);
    expect(isSecondaryColumn(column('IsActive', 'checkbox', { CanEdit: true }), false)).toBe(false);
    expect(isSecondaryColumn(column('Name', 'text'), false)).toBe(false);
  });

  it('shows the first eight meaningful data columns in order, and every row action', () => {
    const columns = [
      column('Id', 'readonly'),
      ...['Sku', 'Name', 'Category', 'Status', 'Price', 'Quantity', 'Discount'].map((name) =>
        column(name, 'text'),
      ),
      column('Description', 'textarea'),
      column('IsActive', 'checkbox', { CanEdit: true }),
      column('Released', 'date'),
      column('Attributes', 'json'),
      column('UI_Reload', 'button'),
      column('UI_Actions', 'action'),
    ];
    expect([...defaultVisibleFields(columns)]).toEqual([
      'Sku',
      'Name',
      'Category',
      'Status',
      'Price',
      'Quantity',
      'Discount',
      'IsActive',
      'UI_Reload',
      'UI_Actions',
    ]);
    expect(defaultVisibleFields(columns, { showID: true }).has('Id')).toBe(true);
    expect(defaultVisibleFields(columns, { showID: true }).has('IsActive')).toBe(false);
    expect([...defaultVisibleFields(columns, { limit: 2 })]).toEqual([
      'Sku',
      'Name',
      'UI_Reload',
      'UI_Actions',
    ]);
  });

  it('shows the first columns of a screen that has only secondary ones', () => {
    expect([...defaultVisibleFields([column('Id', 'readonly'), column('Body', 'html')])]).toEqual([
      'Id',
      'Body',
    ]);
  });
});
