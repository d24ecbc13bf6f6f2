import type { OptionItem } from '@panelwright/contract';
import { optionsOfRow } from '../../engine/columns';
import type { CellProps } from '../types';

/** The options a cell offers and names its values by: its column's list, narrowed to its row's own. */
export function cellOptions({
  actions,
  column,
  row,
}: Pick<CellProps, 'actions' | 'column' | 'row'>): OptionItem[] {
  const source = column.def.Type?.source;
  return source ? optionsOfRow(actions.options(source), row, column.more.optionsFor) : [];
}
