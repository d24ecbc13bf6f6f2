import { formatCellValue, SHORT_TEXT_LENGTH, shortenText } from '../formats';
import { fillTemplate, hasValue, readObject, readText, rowFieldOr, valueText } from '../values';
import type { CellContext } from './cell-context';

/** Cell types whose format is a dayjs pattern (`dateFormat` applies to them). */
export const DATE_CELL_TYPES: readonly string[] = ['date', 'datetime', 'time'];

export type CellDisplay = {
  /** `configDisplay.isHide`: the display is not drawn (the edit control may still be). */
  hidden: boolean;
  /** What the cell shows: shortened when `showShortText`. */
  text: string;
  /** The whole text before shortening. */
  fullText: string;
  shortened: boolean;
  /** `usingI18n`: display and option texts go through the screen's translations. */
  translate: boolean;
};

/**
 * The format of the cell: `configDisplay.configFormat`, else `dateFormat` (date cells) or `format`.
 * Dates take dayjs patterns, numbers numbro patterns.
 */
export function displayFormat({ column, more }: CellContext): string | undefined {
  const configDisplay = readObject(more.configDisplay);
  const own = readText(configDisplay?.configFormat);
  if (own) return own;
  if (DATE_CELL_TYPES.includes(column.cellType)) return readText(more.dateFormat) ?? readText(more.format);
  return readText(more.format);
}

/**
 * The display text: `configDisplay.text` (a template) when given; the row's `fText` field as it is;
 * otherwise the value formatted for the cell type. `showShortText` cuts it to `countShort` (50).
 */
export function resolveDisplay(cell: CellContext): CellDisplay {
  const { column, more, row, value } = cell;
  const configDisplay = readObject(more.configDisplay) ?? {};
  const fixed = readText(configDisplay.text);
  const textField = readText(more.fText);
  let fullText: string;
  if (fixed !== undefined) fullText = fillTemplate(fixed, row);
  else if (textField && hasValue(row[textField])) fullText = valueText(row[textField]);
  else fullText = formatCellValue(column.cellType, value, displayFormat(cell));
  const count = typeof configDisplay.countShort === 'number' ? configDisplay.countShort : SHORT_TEXT_LENGTH;
  const text = configDisplay.showShortText === true ? shortenText(fullText, count) : fullText;
  return {
    hidden: configDisplay.isHide === true,
    text,
    fullText,
    shortened: text !== fullText,
    translate: more.usingI18n === true,
  };
}

export type CellTooltip = { tooltip: string | undefined };

/** `configTitleTooltip`: the row's `fText` field, else `text`; templates filled. */
export function resolveTooltip({ more, row }: CellContext): CellTooltip {
  const config = readObject(more.configTitleTooltip);
  if (!config) return { tooltip: undefined };
  const tooltip = valueText(rowFieldOr(row, config.fText, readText(config.text) ?? ''));
  return { tooltip: tooltip === '' ? undefined : fillTemplate(tooltip, row) };
}
