import { editableCell } from '../shared/editable-cell';
import { NumberEditor } from '../shared/editors';

/** `money`: shown with its format (engine `formatCellValue`), edited with the number input. */
export const MoneyCell = editableCell(NumberEditor);
