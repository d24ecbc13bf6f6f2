import { CellDisplay } from '../shared/cell-display';
import { displayText } from '../shared/display-text';
import type { CellProps } from '../types';

/** `form`: opens the column's form (`more.form`, or the modal's config) in a `myform` modal. */
export function FormCell(props: CellProps) {
  const { actions, row, column, resolved } = props;
  if (resolved.button) return <CellDisplay {...props} />;
  const text = displayText(props) || actions.t('Open form');
  return (
    <button
      type="button"
      className="btn btn-link btn-sm p-0 text-start"
      aria-haspopup="dialog"
      onClick={() => actions.openForm(row, column)}
    >
      {text}
    </button>
  );
}
