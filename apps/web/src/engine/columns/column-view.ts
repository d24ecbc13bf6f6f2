/** One column of a user's view of a table: its field, and whether it shows. */
export type ColumnViewEntry = { Field: string; Visible: boolean };

/**
 * The chooser's list: the view's columns in the view's order (those the table still has), then the
 * table's columns the view does not know yet (new since it was saved), shown, in the table's order.
 */
export function columnViewEntries(
  fields: readonly string[],
  view: readonly ColumnViewEntry[],
): ColumnViewEntry[] {
  const present = new Set(fields);
  const seen = new Set<string>();
  const entries: ColumnViewEntry[] = [];
  for (const entry of view) {
    if (!present.has(entry.Field) || seen.has(entry.Field)) continue;
    seen.add(entry.Field);
    entries.push({ Field: entry.Field, Visible: entry.Visible });
  }
  for (const field of fields) if (!seen.has(field)) entries.push({ Field: field, Visible: true });
  return entries;
}

/** The table's columns as the user's view orders and filters them; no view: as they are. */
export function applyColumnView<T extends { fieldName: string }>(
  columns: readonly T[],
  view: readonly ColumnViewEntry[],
): T[] {
  if (view.length === 0) return [...columns];
  const byField = new Map(columns.map((column) => [column.fieldName, column]));
  return columnViewEntries(
    columns.map((column) => column.fieldName),
    view,
  )
    .filter((entry) => entry.Visible)
    .map((entry) => byField.get(entry.Field) as T);
}

/** Shows or hides a column; the last shown column stays (a table of no columns helps nobody). */
export function toggleColumnView(entries: readonly ColumnViewEntry[], field: string): ColumnViewEntry[] {
  const shown = entries.filter((entry) => entry.Visible).length;
  return entries.map((entry) =>
    entry.Field === field && !(entry.Visible && shown <= 1) ? { ...entry, Visible: !entry.Visible } : entry,
  );
}

/** Moves a column one place earlier (-1) or later (+1); at an end it stays. */
export function moveColumnView(
  entries: readonly ColumnViewEntry[],
  field: string,
  delta: -1 | 1,
): ColumnViewEntry[] {
  const from = entries.findIndex((entry) => entry.Field === field);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= entries.length) return [...entries];
  const next = [...entries];
  [next[from], next[to]] = [next[to] as ColumnViewEntry, next[from] as ColumnViewEntry];
  return next;
}
