import { isTruthyFlag, rowFieldOr, splitCommaList, valueText } from '../values';
import type { CellContext } from './cell-context';

export type CellVisibility = { visible: boolean };

/**
 * `canShow` (default true), overridden by the row's `fCanShow` field when it has a value; the rows
 * whose Id is in `hideOfIds` never show the cell.
 */
export function resolveVisibility({ more, row }: CellContext): CellVisibility {
  const shown = rowFieldOr(row, more.fCanShow, more.canShow !== false);
  const hiddenIds = splitCommaList(more.hideOfIds);
  const hiddenForRow = hiddenIds.length > 0 && hiddenIds.includes(valueText(row.Id));
  return { visible: isTruthyFlag(shown) && !hiddenForRow };
}
