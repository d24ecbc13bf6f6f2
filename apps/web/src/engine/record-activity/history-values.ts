import { cellContext, displayFormat, type PreparedColumn } from '../columns';
import { CELL_FORMATTERS, formatCellValue } from '../formats';
import { valueText } from '../values';

type Translate = (key: string) => string;

/** What a history entry shows for no value. */
export const NO_VALUE = '—';

/**
 * How a record's history shows a field's old or new value: as the table's cell shows it. Numbers,
 * money (2 decimals) and dates in the column's format; a choice (the server sends its option's text)
 * and yes/no in the user's language, except a choice of data (`verbatim`: a category's, a user's
 * name), as written; any other text as it was written, never taken for a key.
 */
export function historyValueFormatter(
  columns: readonly PreparedColumn[],
  t: Translate,
): (field: string, value: unknown, verbatim?: boolean) => string {
  const byField = new Map(columns.map((column) => [column.fieldName, column]));
  const shown = (column: PreparedColumn | undefined, value: unknown, verbatim: boolean): string => {
    if (value === null || value === undefined || value === '') return NO_VALUE;
    if (column && CELL_FORMATTERS[column.cellType as keyof typeof CELL_FORMATTERS]) {
      const context = cellContext(column, { [column.fieldName]: value });
      return formatCellValue(column.cellType, value, displayFormat(context));
    }
    if (typeof value === 'boolean') return t(value ? 'Yes' : 'No');
    const choice = Boolean(column?.def.Type?.source) && !verbatim;
    if (Array.isArray(value))
      return value.map((one) => (choice ? t(valueText(one)) : valueText(one))).join(', ');
    return choice ? t(valueText(value)) : valueText(value);
  };
  return (field, value, verbatim = false) => shown(byField.get(field), value, verbatim);
}
