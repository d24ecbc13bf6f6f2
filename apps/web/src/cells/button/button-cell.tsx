import { CellDisplay } from '../shared/cell-display';
import type { CellProps } from '../types';

/** `button`: the `button` option drawn as a button; a click runs the cell's action. */
export function ButtonCell(props: CellProps) {
  return <CellDisplay {...props} />;
}
