import { editableCell } from '../shared/editable-cell';
import { InputEditor } from '../shared/editors';

/** `text`: a one-line text, edited in place. */
export const TextCell = editableCell(InputEditor);
