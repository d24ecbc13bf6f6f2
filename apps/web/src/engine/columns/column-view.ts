/** One column of a user's view of a table: its field, and whether it shows. */
export type ColumnViewEntry = { Field: string; Visible: boolean };

/** Whether a column shows while the user has not chosen (the screen's default columns). */
export type ShownByDefault = (field: string) => boolean;
const ALL_SHOWN: ShownByDefault = () => true;

/**
 * The chooser's list: the view's columns in the view's order (those the table still has), then the
 * table's columns the view does not know yet (all of them without a view; new since it was saved),
 * in the table's order, shown as the screen's defaults say.
 */
export function columnViewEntries(
  fields: readonly string[],
  view: readonly ColumnViewEntry[],
  shownByDefault: ShownByDefault = ALL_SHOWN,
): ColumnViewEntry[] {
  const present = new Set(fields);
  const seen = new Set<string>();
  const entries: ColumnViewEntry[] = [];
  for (const entry of view) {
    if (!present.has(entry.Field) || seen.has(entry.Field)) continue;
    seen.add(entry.Field);
    entries.push({ Field: entry.Field, Visible: entry.Visible });
  }
  for (const field of fields) {
    if (!seen.has(field)) entries.push({ Field: field, Visible: shownByDefault(field) });
  }
  return entries;
}

/** The table's columns as the user's view orders and filters them; no view: the screen's defaults. */
export function applyColumnView<T extends { fieldName: string }>(
  columns: readonly T[],
  view: readonly ColumnViewEntry[],
  shownByDefault: ShownByDefault = ALL_SHOWN,
): T[] {
  if (view.length === 0) return columns.filter((column) => shownByDefault(column.fieldName));
  const byField = new Map(columns.map((column) => [column.fieldName, column]));
  return columnViewEntries(
    columns.map((column) => column.fieldName),
    view,
    shownByDefault,
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
