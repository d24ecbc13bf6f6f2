import { isTruthyFlag } from '../../engine/values';
import type { CellProps } from '../types';
import { CellDisplay } from './cell-display';
import { editsInPlace } from './editable-cell';

/**
 * A check box (or a switch) that is its own control: a change saves at once (after the column's
 * confirmation, when it has one). Read-only with display options (an icon), it shows those instead.
 */
export function ToggleCell(props: CellProps & { asSwitch?: boolean }) {
  const { resolved, actions, row, column, asSwitch } = props;
  const editable = editsInPlace(props);
  if (!editable && (resolved.icon || resolved.button || resolved.display.hidden))
    return <CellDisplay {...props} />;
  const checked = isTruthyFlag(resolved.value.value);
  return (
    <span className={asSwitch ? 'form-check form-switch m-0' : 'form-check m-0'}>
      <input
        type="checkbox"
        role={asSwitch ? 'switch' : undefined}
        className="form-check-input"
        checked={checked}
        disabled={!editable}
        style={resolved.styling.controlStyle}
        aria-label={actions.t(column.header) || column.fieldName}
        onChange={() => actions.commit(row, column, !checked)}
      />
    </span>
  );
}
