import type { CellType } from '@panelwright/contract';
import { valueText } from '../values';
import { formatDate, formatDateTime, formatTime } from './date';
import { formatJsonReadable } from './json-text';
import { formatMoney, formatNumber, formatPercent } from './number';

/** Turns a cell value into display text; `pattern` is the column's own format, when it has one. */
export type CellFormatter = (value: unknown, pattern?: string) => string;

/** Texts one remembering formatter keeps before it starts again. */
export const REMEMBERED_FORMATS = 5000;

/**
 * A formatter that remembers its text for a text or number value under a pattern. dayjs builds
 * objects and parses its pattern on every call: a table shows the same dates in many rows, and
 * formats every cell that scrolls into view (numbers need none: `decimal-pattern.ts` writes the
 * common patterns directly). Valid while the formatter's output depends only on the value and the
 * pattern (dayjs's language never changes at run time).
 */
export function rememberingFormatter(format: CellFormatter): CellFormatter {
  const known = new Map<string, string>();
  return (value, pattern) => {
    if (typeof value !== 'string' && typeof value !== 'number') return format(value, pattern);
    const key = `${typeof value}\u0000${pattern ?? ''}\u0000${value}`;
    let text = known.get(key);
    if (text === undefined) {
      if (known.size >= REMEMBERED_FORMATS) known.clear();
      text = format(value, pattern);
      known.set(key, text);
    }
    return text;
  };
}

/**
 * One formatter per cell type that has a display format; every other type shows the value's text.
 * A time of day is not remembered: its pattern may show today's date.
 */
export const CELL_FORMATTERS: Partial<Record<CellType, CellFormatter>> = {
  number: (value, pattern) => formatNumber(value, pattern),
  money: (value, pattern) => formatMoney(value, pattern),
  percent: (value, pattern) => formatPercent(value, pattern),
  date: rememberingFormatter((value, pattern) => formatDate(value, pattern)),
  datetime: rememberingFormatter((value, pattern) => formatDateTime(value, pattern)),
  time: (value, pattern) => formatTime(value, pattern),
  json: (value) => formatJsonReadable(value),
};

/** The display text of a value for a cell type, with the column's format if given. */
export function formatCellValue(cellType: string, value: unknown, pattern?: string): string {
  const formatter = CELL_FORMATTERS[cellType as CellType];
  const ownPattern = pattern?.trim() ? pattern : undefined;
  return formatter ? formatter(value, ownPattern) : valueText(value);
}
