import { CellDisplay } from '../shared/cell-display';
import { displayText } from '../shared/display-text';
import type { CellProps } from '../types';

/** `api`: the cell's text as a link-like button that runs its configured call (`more.api`). */
export function ApiCell(props: CellProps) {
  const { resolved, actions, row, column } = props;
  if (resolved.button || resolved.display.hidden) return <CellDisplay {...props} />;
  const text = displayText(props) || actions.t(column.header) || actions.t('Run');
  return (
    <button
      type="button"
      className="btn btn-link btn-sm p-0 text-start"
      onClick={() => actions.activate(row, column)}
    >
      {text}
    </button>
  );
}
