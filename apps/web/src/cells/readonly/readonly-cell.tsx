import { CellDisplay } from '../shared/cell-display';
import type { CellProps } from '../types';

/** `readonly` (and any unknown type): the value shown, with every display option. */
export function ReadonlyCell(props: CellProps) {
  return <CellDisplay {...props} />;
}
