/**
 * Row selection of a table (bulk actions): the ids chosen one by one, ranges chosen with Shift from
 * the last row clicked, or "all rows matching" the list's search and filters, which names no ids
 * (the server finds them) and holds however many rows there are.
 */
export type RowSelection = {
  ids: ReadonlySet<number>;
  /** The row clicked last, where a Shift-click's range starts. */
  anchor: number | null;
  /** Every row matching the list's condition, beyond the page. */
  allMatching: boolean;
};

export const EMPTY_SELECTION: RowSelection = { ids: new Set(), anchor: null, allMatching: false };

/**
 * A click on a row's box: without Shift it turns that row on or off; with Shift, every row of the
 * page between the anchor and this one takes the state this row takes.
 */
export function toggleRow(
  selection: RowSelection,
  id: number,
  pageIds: readonly number[],
  shift: boolean,
): RowSelection {
  const ids = new Set(selection.ids);
  const on = !ids.has(id);
  const from = selection.anchor === null ? -1 : pageIds.indexOf(selection.anchor);
  const to = pageIds.indexOf(id);
  if (shift && from >= 0 && to >= 0) {
    const [start, end] = from < to ? [from, to] : [to, from];
    for (const rangeId of pageIds.slice(start, end + 1)) {
      if (on) ids.add(rangeId);
      else ids.delete(rangeId);
    }
  } else if (on) ids.add(id);
  else ids.delete(id);
  return { ids, anchor: id, allMatching: false };
}

/** The header's box: every row of the page on, or (when they all are) off. */
export function togglePage(selection: RowSelection, pageIds: readonly number[]): RowSelection {
  const all = pageIds.length > 0 && pageIds.every((id) => selection.ids.has(id));
  const ids = new Set(selection.ids);
  for (const id of pageIds) {
    if (all) ids.delete(id);
    else ids.add(id);
  }
  return { ids, anchor: selection.anchor, allMatching: false };
}

/** The header box's state over the page: all, some or none of its rows chosen. */
export function pageState(selection: RowSelection, pageIds: readonly number[]): 'all' | 'some' | 'none' {
  if (selection.allMatching && pageIds.length > 0) return 'all';
  const chosen = pageIds.filter((id) => selection.ids.has(id)).length;
  if (chosen === 0) return 'none';
  return chosen === pageIds.length ? 'all' : 'some';
}

export function selectAllMatching(): RowSelection {
  return { ids: new Set(), anchor: null, allMatching: true };
}

/** How many rows the selection holds: the list's total for "all matching". */
export function selectedCount(selection: RowSelection, total: number): number {
  return selection.allMatching ? total : selection.ids.size;
}

export function isRowSelected(selection: RowSelection, id: number): boolean {
  return selection.allMatching || selection.ids.has(id);
}

/**
 * What a bulk call is sent for the selection: its ids, or the list's search and filters for "all
 * matching" (the List body's own, so that the server finds the same rows the list shows).
 */
export function bulkTarget(
  selection: RowSelection,
  listBody: { TextSearch?: unknown; Filters?: unknown; RequestData?: unknown; UI_TimezoneOffset?: unknown },
): Record<string, unknown> {
  if (!selection.allMatching) return { Ids: [...selection.ids].sort((a, b) => a - b) };
  const target: Record<string, unknown> = {};
  for (const key of ['TextSearch', 'Filters', 'RequestData', 'UI_TimezoneOffset'] as const) {
    if (listBody[key] !== undefined) target[key] = listBody[key];
  }
  return target;
}
