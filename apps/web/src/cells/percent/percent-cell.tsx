import { editableCell } from '../shared/editable-cell';
import { NumberEditor } from '../shared/editors';

/** `percent`: shown with its format (engine `formatCellValue`), edited with the number input. */
export const PercentCell = editableCell(NumberEditor);
