import type { ColumnDef } from '@panelwright/contract';
import { type CellContext, cellContext } from '../columns/cell-context';
import { type PreparedColumn, prepareColumn } from '../columns/prepare-columns';
import type { Row } from '../values';

/** A column definition with sensible defaults; `more` is given as an object and written as JSON text. */
export function columnDef(
  overrides: Partial<Omit<ColumnDef, 'Type'>> & {
    type?: string;
    more?: unknown;
    Type?: Partial<ColumnDef['Type']>;
  } = {},
): ColumnDef {
  const { type, more, Type, ...rest } = overrides;
  return {
    fieldName: 'Name',
    Header: 'Name',
    CanShow: true,
    CanEdit: true,
    CanSort: true,
    Index: 1,
    ...rest,
    Type: {
      type: type ?? 'text',
      ...(more === undefined ? {} : { more: typeof more === 'string' ? more : JSON.stringify(more) }),
      ...Type,
    },
  };
}

/** A prepared column from `columnDef`'s arguments. */
export function column(...args: Parameters<typeof columnDef>): PreparedColumn {
  return prepareColumn(columnDef(...args));
}

/** The context of one cell. */
export function cell(row: Row, ...args: Parameters<typeof columnDef>): CellContext {
  return cellContext(column(...args), row);
}
