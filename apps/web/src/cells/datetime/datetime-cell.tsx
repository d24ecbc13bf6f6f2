import { editableCell } from '../shared/editable-cell';
import { DateEditor, type EditorProps } from '../shared/editors';

function DateTimeEditor(props: EditorProps) {
  return <DateEditor {...props} withTime />;
}

/** `datetime`: shown DD-MMMYY HH:mm (or `dateFormat`), picked as d/m/Y H:i. */
export const DateTimeCell = editableCell(DateTimeEditor);
