import type { CellProps } from '../types';

/** `delete` (column 1000, 40 px): confirm, then `{APIName}/Delete`. */
export function DeleteCell({ actions, row, column, resolved }: CellProps) {
  if (resolved.display.hidden) return null;
  return (
    <button
      type="button"
      className="btn btn-sm btn-link text-danger p-0"
      onClick={() => actions.deleteRow(row, column)}
      aria-label={actions.t('Delete row {{id}}', { id: String(row.Id ?? '') })}
      title={actions.t('Delete')}
      disabled={resolved.editing.lockedBy === 'rowLocked'}
    >
      <i className="bi bi-trash" aria-hidden="true" />
    </button>
  );
}
