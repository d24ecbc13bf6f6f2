import { CellDisplay } from '../shared/cell-display';
import type { CellProps } from '../types';

/** `modal`: the cell's text opens its modal (`more.modal`, after `apiCheckShowModal`). */
export function ModalCell(props: CellProps) {
  return <CellDisplay {...props} />;
}
