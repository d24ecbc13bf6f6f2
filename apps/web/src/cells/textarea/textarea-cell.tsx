import { editableCell } from '../shared/editable-cell';
import { TextareaEditor } from '../shared/editors';

/** `textarea`: a longer text, edited in a text area. */
export const TextareaCell = editableCell(TextareaEditor);
