import type { ColumnMore } from '@panelwright/contract';
import {
  CELL_OPTION_RESOLVERS,
  type CellContext,
  type CellOptionGroup,
  cellContext,
  type PreparedColumn,
  type ResolvedCell,
} from '../engine/columns';
import type { Row } from '../engine/values';

/**
 * A resolved cell whose option groups are resolved when first read: a cell in display mode reads a
 * few groups (visibility, value, display, styling...), and the update and reload groups only matter
 * when the user acts. The getters come from the engine's resolver table, once.
 */
class LazyResolvedCell {
  readonly cache: Partial<Record<CellOptionGroup, unknown>> = {};
  constructor(readonly context: CellContext) {}
}
for (const [group, resolve] of Object.entries(CELL_OPTION_RESOLVERS) as [
  CellOptionGroup,
  (cell: CellContext) => unknown,
][]) {
  Object.defineProperty(LazyResolvedCell.prototype, group, {
    enumerable: true,
    get(this: LazyResolvedCell) {
      if (!(group in this.cache)) this.cache[group] = resolve(this.context);
      return this.cache[group];
    },
  });
}

/** The engine's `resolveCell`, each group resolved on first use. */
function resolveLazily(column: PreparedColumn, row: Row): ResolvedCell {
  return new LazyResolvedCell(cellContext(column, row)) as unknown as ResolvedCell;
}

// Rows are immutable (every change makes a new row object) and columns are prepared once per List
// answer, so a resolved cell stays valid as long as both objects live. Scrolling a row back into view
// does not resolve its cells again.
const cache = new WeakMap<Row, WeakMap<PreparedColumn, ResolvedCell>>();

/** `resolveCell`, remembered per row object and column. */
export function resolveCellCached(column: PreparedColumn, row: Row): ResolvedCell {
  let byColumn = cache.get(row);
  if (!byColumn) {
    byColumn = new WeakMap();
    cache.set(row, byColumn);
  }
  let resolved = byColumn.get(column);
  if (!resolved) {
    resolved = resolveLazily(column, row);
    byColumn.set(column, resolved);
  }
  return resolved;
}

const derived = new WeakMap<PreparedColumn, PreparedColumn[]>();

/**
 * The items of an action list (`more.actions`) as columns of their own: each item is read with the
 * same option resolvers as a button column (title, icon, confirmation, modal, api, link).
 */
export function actionItemColumns(column: PreparedColumn): PreparedColumn[] {
  const known = derived.get(column);
  if (known) return known;
  const list = Array.isArray(column.more.actions) ? column.more.actions : [];
  const items: PreparedColumn[] = list
    .filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null)
    .map((item) => {
      const { title, icon, color, ...rest } = item;
      const more = {
        ...rest,
        button: { title, icon, color, hasIconAndText: true, ...(rest.button as object | undefined) },
      } as ColumnMore;
      return { ...column, cellType: 'button', more };
    });
  derived.set(column, items);
  return items;
}
