import { isTrueFlag, type Row } from '../values';
import { loadingFields, type TableRow } from './row-flags';

/** The expandable key used when a table has a single expansion per row. */
export const DEFAULT_EXPAND_KEY = 'default';

/** How a row looks as a whole. */
export type RowVisualState = {
  /** The whole row is covered by a loading overlay. */
  loadingOverlay: boolean;
  justNew: boolean;
  justDeleted: boolean;
};

/**
 * A row shows the loading overlay while an update of a field whose column asks for
 * `needLoadingFullRow` is running; other updates show loading on their cell only.
 */
export function rowVisualState(row: Row, fullRowLoadingFields: Iterable<string>): RowVisualState {
  const fullRow = new Set(fullRowLoadingFields);
  return {
    loadingOverlay: loadingFields(row).some((field) => fullRow.has(field)),
    justNew: row._UI_JustNew === true,
    justDeleted: row._UI_JustDeleted === true,
  };
}

export function markRowJustNew(row: TableRow): TableRow {
  return { ...row, _UI_JustNew: true };
}

export function markRowJustDeleted(row: TableRow): TableRow {
  return { ...row, _UI_JustDeleted: true };
}

/** Whether an expansion of the row is shown: its `_isShow` flag, else the row's `UI_DefaultShowExpand`. */
export function isRowExpanded(row: Row, key: string = DEFAULT_EXPAND_KEY): boolean {
  const shown = (row as TableRow)._isShow?.[key];
  return typeof shown === 'boolean' ? shown : isTrueFlag(row.UI_DefaultShowExpand);
}

/** Sets an expansion of the row shown or hidden. */
export function setRowExpanded(row: TableRow, expanded: boolean, key: string = DEFAULT_EXPAND_KEY): TableRow {
  return { ...row, _isShow: { ...row._isShow, [key]: expanded } };
}

/** Toggles an expansion of the row. */
export function toggleRowExpanded(row: TableRow, key: string = DEFAULT_EXPAND_KEY): TableRow {
  return setRowExpanded(row, !isRowExpanded(row, key), key);
}
