import { editableCell } from '../shared/editable-cell';
import { NumberEditor } from '../shared/editors';

/** `number`: shown with its format (engine `formatCellValue`), edited with the number input. */
export const NumberCell = editableCell(NumberEditor);
