import { ToggleCell } from '../shared/toggle-cell';
import type { CellProps } from '../types';

/** `switch`: a switch that saves on change. */
export function SwitchCell(props: CellProps) {
  return <ToggleCell {...props} asSwitch />;
}
