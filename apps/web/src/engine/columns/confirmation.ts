import { fillTemplate, readText, rowFieldOr, valueText } from '../values';
import type { CellContext } from './cell-context';

/** Confirm dialog title when the column gives none. */
export const DEFAULT_CONFIRM_TITLE = 'Confirm';

export type CellConfirmation = { title: string; message: string };

/**
 * The dialog shown before the cell's action (`confirmMsg`, or the row's `fConfirmMsg` field), or null
 * when the action runs without one.
 */
export function resolveConfirmation({ more, row }: CellContext): CellConfirmation | null {
  const message = fillTemplate(
    valueText(rowFieldOr(row, more.fConfirmMsg, readText(more.confirmMsg) ?? '')),
    row,
  );
  if (message.trim() === '') return null;
  const title = readText(more.titleConfirm);
  return { title: title?.trim() ? title : DEFAULT_CONFIRM_TITLE, message };
}
