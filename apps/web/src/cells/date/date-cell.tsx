import { editableCell } from '../shared/editable-cell';
import { DateEditor } from '../shared/editors';

/** `date`: shown DD-MMMYY (or `dateFormat`), picked as d/m/Y. */
export const DateCell = editableCell(DateEditor);
