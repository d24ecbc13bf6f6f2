import type { Row } from '../values';
import { resolveButton } from './button';
import { type CellContext, cellContext } from './cell-context';
import { resolveConfirmation } from './confirmation';
import { resolveDisplay, resolveTooltip } from './display';
import { resolveEditing } from './editing';
import { resolveEmbeddedUi } from './embedded-ui';
import { resolveIcon } from './icon';
import { resolveLink } from './link';
import { resolveModal } from './modal';
import { resolvePhoto } from './photo';
import type { PreparedColumn } from './prepare-columns';
import { columnReloads, resolveReloads } from './reloads';
import { resolveStyling } from './styling';
import { resolveUpdateBehaviour } from './update-behaviour';
import { resolveValue } from './value';
import { resolveVisibility } from './visibility';

/**
 * One resolver per option group of part 2 section 3. A new option group is one entry here plus its
 * file; the cell renderers read the group they need from `resolveCell`'s result.
 */
export const CELL_OPTION_RESOLVERS = {
  visibility: resolveVisibility,
  value: resolveValue,
  modal: resolveModal,
  confirmation: resolveConfirmation,
  button: resolveButton,
  embeddedUi: resolveEmbeddedUi,
  icon: resolveIcon,
  photo: resolvePhoto,
  link: resolveLink,
  styling: resolveStyling,
  editing: resolveEditing,
  display: resolveDisplay,
  tooltip: resolveTooltip,
  updateBehaviour: resolveUpdateBehaviour,
  reloads: resolveReloads,
} as const satisfies Record<string, (cell: CellContext) => unknown>;

export type CellOptionGroup = keyof typeof CELL_OPTION_RESOLVERS;

/** Every option group of a cell, resolved. */
export type ResolvedCell = { [G in CellOptionGroup]: ReturnType<(typeof CELL_OPTION_RESOLVERS)[G]> };

/** Resolves every option of a column for one row. */
export function resolveCell(column: PreparedColumn, row: Row): ResolvedCell {
  const cell = cellContext(column, row);
  const resolved: Partial<Record<CellOptionGroup, unknown>> = {};
  for (const [group, resolve] of Object.entries(CELL_OPTION_RESOLVERS)) {
    resolved[group as CellOptionGroup] = (resolve as (cell: CellContext) => unknown)(cell);
  }
  return resolved as ResolvedCell;
}

/** Resolves one option group of a column for one row. */
export function resolveCellOption<G extends CellOptionGroup>(
  group: G,
  column: PreparedColumn,
  row: Row,
): ResolvedCell[G] {
  const resolve = CELL_OPTION_RESOLVERS[group] as (cell: CellContext) => ResolvedCell[G];
  return resolve(cellContext(column, row));
}

/** The fields whose update covers the whole row with the loading overlay (`needLoadingFullRow`). */
export function fullRowLoadingFields(columns: readonly PreparedColumn[]): string[] {
  return columns
    .filter((column) => columnReloads(column.more).loadingFullRow)
    .map((column) => column.fieldName);
}

/** The fields whose update reloads the list (`needReloadAfterUpdateFields`). */
export function reloadAfterUpdateFields(columns: readonly PreparedColumn[]): string[] {
  return columns
    .filter((column) => columnReloads(column.more).listAfterUpdate)
    .map((column) => column.fieldName);
}
