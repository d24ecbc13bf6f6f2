import { isTruthyFlag } from '../../engine/values';
import { CellDisplay } from '../shared/cell-display';
import { editsInPlace } from '../shared/editable-cell';
import type { CellProps } from '../types';

/** `icon`: active when the value is truthy; an editable icon toggles its value on click. */
export function IconCell(props: CellProps) {
  const { resolved, actions, row, column } = props;
  if (!editsInPlace(props)) return <CellDisplay {...props} />;
  const active = isTruthyFlag(resolved.value.value);
  return (
    <button
      type="button"
      className="btn btn-link btn-sm p-0"
      aria-pressed={active}
      aria-label={actions.t(column.header) || column.fieldName}
      onClick={() => actions.commit(row, column, !active)}
    >
      {resolved.icon?.show === false ? (
        <i className="bi bi-circle text-body-tertiary" aria-hidden="true" />
      ) : (
        <CellDisplay {...props} />
      )}
    </button>
  );
}
