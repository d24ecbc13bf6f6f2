import { rowCellClassName } from '../rows';
import { hasValue, joinClassNames, readObject, readStyle, readText, type Style, valueText } from '../values';
import type { CellContext } from './cell-context';
import { isCellEditable } from './editing';

/** The text colour of a cell whose colour comes from a row field that has none (part 2 section 9). */
export const DEFAULT_CELL_COLOR = 'gray';
/** Width of the `fBorderLeftColor` marker. */
export const LEFT_BORDER_WIDTH = '4px';

export type CellStyling = {
  cellStyle: Style;
  className: string;
  /** Styles of the edit controls; with `styleInherit` they start from the cell's style. */
  inputStyle: Style;
  textareaStyle: Style;
  controlStyle: Style;
};

function textColor({ column, more, row }: CellContext): string | undefined {
  const fields = [readText(more.fColor), readText(column.def.Type?.colorF)].filter((field): field is string =>
    Boolean(field),
  );
  for (const field of fields) {
    if (hasValue(row[field]) && valueText(row[field]) !== '') return valueText(row[field]);
  }
  const plain = readText(more.color);
  if (plain) return plain;
  return fields.length > 0 ? DEFAULT_CELL_COLOR : undefined;
}

/**
 * The cell's style, in increasing precedence: the column's `Style`, the row's background (`Type.bgF`)
 * and text colour (`fColor`, `Type.colorF`, `color`), `styleByValue` for the value, the
 * `fBorderLeftColor` marker, `autoTextWB`, and `styleDisabled` when the cell is read-only.
 */
export function resolveStyling(cell: CellContext): CellStyling {
  const { column, more, row, value } = cell;
  const cellStyle: Style = { ...readStyle(column.def.Style) };
  const background = readText(column.def.Type?.bgF);
  if (background && hasValue(row[background]) && valueText(row[background]) !== '') {
    cellStyle.backgroundColor = valueText(row[background]);
  }
  const color = textColor(cell);
  if (color) cellStyle.color = color;
  Object.assign(cellStyle, readStyle(readObject(more.styleByValue)?.[valueText(value)]));
  const borderField = readText(more.fBorderLeftColor);
  if (borderField && hasValue(row[borderField]) && valueText(row[borderField]) !== '') {
    cellStyle.borderLeft = `${LEFT_BORDER_WIDTH} solid ${valueText(row[borderField])}`;
  }
  if (more.autoTextWB === true) {
    cellStyle.wordBreak = 'break-word';
    cellStyle.overflowWrap = 'anywhere';
  }
  if (more.styleDisabled !== undefined && !isCellEditable(cell)) {
    Object.assign(cellStyle, readStyle(more.styleDisabled));
  }
  const classField = readText(more.classNameWithColField);
  const inherited = more.styleInherit === true ? cellStyle : {};
  return {
    cellStyle,
    className: joinClassNames(
      column.def.ClassName,
      readText(more.className),
      classField ? row[classField] : undefined,
      rowCellClassName(row, column.fieldName),
    ),
    inputStyle: { ...inherited, ...readStyle(more.styleInput) },
    textareaStyle: { ...inherited, ...readStyle(more.styleTextarea) },
    controlStyle: { ...inherited, ...readStyle(more.styleControl) },
  };
}
