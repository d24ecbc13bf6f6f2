import { ToggleCell } from '../shared/toggle-cell';
import type { CellProps } from '../types';

/** `checkbox`: a check box that saves on change. */
export function CheckboxCell(props: CellProps) {
  return <ToggleCell {...props} />;
}
