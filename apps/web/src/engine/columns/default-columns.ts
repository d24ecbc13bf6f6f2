import type { PreparedColumn } from './prepare-columns';

/** How many data columns a screen shows before the user chooses more (issue 25: about eight). */
export const DEFAULT_VISIBLE_COLUMNS = 8;

/** Cell types that act on the row rather than show a value: drawn at the row's end, always. */
const ROW_ACTION_TYPES: readonly string[] = ['action', 'delete', 'remove'];
/** Cell types that are a button (or a call) on a `UI_` helper column: row actions too. */
const HELPER_BUTTON_TYPES: readonly string[] = ['button', 'api'];
/** Values people do not scan in a list: offered in the chooser, hidden until chosen. */
const SECONDARY_TYPES: readonly string[] = ['json', 'html', 'textarea'];
const FLAG_TYPES: readonly string[] = ['checkbox', 'switch'];

/**
 * A column that acts on its row (actions, delete, remove, a `UI_` button or call, a `UI_` helper
 * without a header): not data, drawn at the row's end, never offered by the chooser.
 */
export function isRowActionColumn(
  column: Pick<PreparedColumn, 'fieldName' | 'cellType' | 'header'>,
): boolean {
  if (ROW_ACTION_TYPES.includes(column.cellType)) return true;
  if (!column.fieldName.startsWith('UI_')) return false;
  return HELPER_BUTTON_TYPES.includes(column.cellType) || column.header.trim() === '';
}

/**
 * Whether a data column is technical or long, shown only when chosen: the record's `Id` (unless the
 * screen asks for it with `Table.showID`), raw JSON, HTML and long text, and read-only flags such as
 * Locked (set by the system, not by the people who scan the list).
 */
export function isSecondaryColumn(column: PreparedColumn, showID: boolean): boolean {
  if (column.fieldName === 'Id') return !showID;
  if (SECONDARY_TYPES.includes(column.cellType)) return true;
  return FLAG_TYPES.includes(column.cellType) && column.def.CanEdit !== true;
}

/**
 * The fields a screen shows when the user has chosen nothing: the first `limit` data columns in the
 * screen's order that are not secondary (the leading ones identify the record), and every row action
 * (drawn at the row's end). Everything else waits in the column chooser.
 */
export function defaultVisibleFields(
  columns: readonly PreparedColumn[],
  { showID = false, limit = DEFAULT_VISIBLE_COLUMNS }: { showID?: boolean; limit?: number } = {},
): Set<string> {
  const shown = new Set<string>();
  let data = 0;
  for (const column of columns) {
    if (isRowActionColumn(column)) shown.add(column.fieldName);
    else if (data < limit && !isSecondaryColumn(column, showID)) {
      shown.add(column.fieldName);
      data++;
    }
  }
  // A screen of secondary columns only still shows its first ones.
  if (data === 0) {
    for (const column of columns.filter((item) => !isRowActionColumn(item)).slice(0, limit)) {
      shown.add(column.fieldName);
    }
  }
  return shown;
}
