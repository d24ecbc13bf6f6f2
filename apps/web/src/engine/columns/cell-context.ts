import type { ColumnMore } from '@panelwright/contract';
import { hasValue, type Row } from '../values';
import type { PreparedColumn } from './prepare-columns';

/** One cell: the column, the row, and the value and text the cell works with. */
export type CellContext = {
  column: PreparedColumn;
  more: ColumnMore;
  row: Row;
  /** The field the cell shows and edits: `fValue`, else the column's field. */
  valueField: string;
  value: unknown;
  /** The value's display text: the row's `fText` field when it has a value, else the value. */
  text: unknown;
};

/** Builds the context every option resolver reads. */
export function cellContext(column: PreparedColumn, row: Row): CellContext {
  const more = column.more;
  const valueField = typeof more.fValue === 'string' && more.fValue !== '' ? more.fValue : column.fieldName;
  const value = row[valueField];
  const textField = typeof more.fText === 'string' && more.fText !== '' ? more.fText : undefined;
  const text = textField && hasValue(row[textField]) ? row[textField] : value;
  return { column, more, row, valueField, value, text };
}
