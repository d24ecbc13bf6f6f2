import { editableCell } from '../shared/editable-cell';
import { TextareaEditor } from '../shared/editors';

/** `tag`: a text area by default (part 1 section 9, "Default tag-input cell: textarea"). */
export const TagCell = editableCell(TextareaEditor);
