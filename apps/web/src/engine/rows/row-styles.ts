import { joinClassNames, type Row, readObject, readStyle, type Style } from '../values';

/** The row fields that carry a row's style, in order of precedence (later wins). */
export const ROW_STYLE_FIELDS = ['StyleRow', 'UI_StyleRow'] as const;

/**
 * The row's own style: `StyleRow` and `UI_StyleRow` (object or JSON text), the latter winning; a
 * screen may name another field (`Table.rowStyleField`), which wins over both.
 */
export function rowStyle(row: Row, rowStyleField?: string): Style {
  const fields: string[] = [...ROW_STYLE_FIELDS];
  if (rowStyleField && !fields.includes(rowStyleField)) fields.push(rowStyleField);
  return Object.assign({}, ...fields.map((field) => readStyle(row[field])));
}

/** The row's class (`UI_ClassTableRow`). */
export function rowClassName(row: Row): string {
  return joinClassNames(row.UI_ClassTableRow);
}

/** The class the row gives one of its cells (`UI_ClassTableCell`, an object or JSON text per field). */
export function rowCellClassName(row: Row, fieldName: string): string {
  return joinClassNames(readObject(row.UI_ClassTableCell)?.[fieldName]);
}

/** What the row appends to one of its cells (`UI_ComponentAppendCell` per field), or undefined. */
export function rowCellAppend(row: Row, fieldName: string): unknown {
  const append = readObject(row.UI_ComponentAppendCell)?.[fieldName];
  return append === null ? undefined : append;
}
