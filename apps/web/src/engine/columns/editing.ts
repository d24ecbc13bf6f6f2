import { type LookupRelation, readLookupRelation } from '../lookup';
import { isRowApiRunning, isRowLocked } from '../rows';
import { isFalseFlag, isTrueFlag, readText, splitCommaList } from '../values';
import type { CellContext } from './cell-context';

/** Why a cell is read-only. */
export type EditLockReason = 'rowLocked' | 'columnReadOnly' | 'editFlag' | 'lockFlag' | 'waitingApi';

/**
 * The editability rule of part 2 section 5, one entry per reason, checked in order: the first that
 * holds makes the cell read-only. `waitApi` cells also refuse edits while an api of the row runs.
 */
export const EDIT_LOCK_RULES: ReadonlyArray<{
  reason: EditLockReason;
  holds: (cell: CellContext) => boolean;
}> = [
  { reason: 'rowLocked', holds: ({ row }) => isRowLocked(row) },
  { reason: 'columnReadOnly', holds: ({ column }) => column.def.CanEdit !== true },
  {
    reason: 'editFlag',
    holds: ({ more, row }) =>
      [...splitCommaList(more.fCanEdit), ...splitCommaList(more.canEditF)].some((field) =>
        isFalseFlag(row[field]),
      ),
  },
  {
    reason: 'lockFlag',
    holds: ({ more, row }) =>
      [...splitCommaList(more.fLock), ...splitCommaList(more.lockF)].some((field) => isTrueFlag(row[field])),
  },
  { reason: 'waitingApi', holds: ({ more, row }) => more.waitApi === true && isRowApiRunning(row) },
];

/** The first reason the cell is read-only, or null when it is editable. */
export function editLockReason(cell: CellContext): EditLockReason | null {
  return EDIT_LOCK_RULES.find((rule) => rule.holds(cell))?.reason ?? null;
}

/** Whether the cell accepts edits. */
export function isCellEditable(cell: CellContext): boolean {
  return editLockReason(cell) === null;
}

export type CellEditing = {
  editable: boolean;
  lockedBy: EditLockReason | null;
  /** A `waitApi` cell while an api of its row runs: shown as waiting. */
  waiting: boolean;
  placeholder: string | undefined;
  /** Focusing the control selects its text (`clickToSelect`). */
  selectOnFocus: boolean;
  /**
   * A one-value field whose list grows (a relation, the server's `more.lookup`): edited by typing,
   * its options asked of the server, never chosen from a list loaded whole.
   */
  lookup: LookupRelation | null;
};

export function resolveEditing(cell: CellContext): CellEditing {
  const lockedBy = editLockReason(cell);
  return {
    editable: lockedBy === null,
    lockedBy,
    waiting: cell.more.waitApi === true && isRowApiRunning(cell.row),
    placeholder: readText(cell.more.placeHolder),
    selectOnFocus: cell.more.clickToSelect === true,
    lookup: readLookupRelation(cell.more) ?? null,
  };
}
