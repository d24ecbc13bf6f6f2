import type { CellProps } from '../types';

/** `remove` (column 999, 40 px): takes the row out of the list shown, without a call. */
export function RemoveCell({ actions, row, column, resolved }: CellProps) {
  if (resolved.display.hidden) return null;
  return (
    <button
      type="button"
      className="btn btn-sm btn-link text-secondary p-0"
      onClick={() => actions.removeRow(row, column)}
      aria-label={actions.t('Remove row {{id}}', { id: String(row.Id ?? '') })}
      title={actions.t('Remove')}
    >
      <i className="bi bi-x-circle" aria-hidden="true" />
    </button>
  );
}
