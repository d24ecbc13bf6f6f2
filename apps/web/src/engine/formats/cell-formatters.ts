import type { CellType } from '@panelwright/contract';
import { valueText } from '../values';
import { formatDate, formatDateTime, formatTime } from './date';
import { formatJsonInline } from './json-text';
import { formatMoney, formatNumber, formatPercent } from './number';

/** Turns a cell value into display text; `pattern` is the column's own format, when it has one. */
export type CellFormatter = (value: unknown, pattern?: string) => string;

/** One formatter per cell type that has a display format; every other type shows the value's text. */
export const CELL_FORMATTERS: Partial<Record<CellType, CellFormatter>> = {
  number: (value, pattern) => formatNumber(value, pattern),
  money: (value, pattern) => formatMoney(value, pattern),
  percent: (value, pattern) => formatPercent(value, pattern),
  date: (value, pattern) => formatDate(value, pattern),
  datetime: (value, pattern) => formatDateTime(value, pattern),
  time: (value, pattern) => formatTime(value, pattern),
  json: (value) => formatJsonInline(value),
};

/** The display text of a value for a cell type, with the column's format if given. */
export function formatCellValue(cellType: string, value: unknown, pattern?: string): string {
  const formatter = CELL_FORMATTERS[cellType as CellType];
  const ownPattern = pattern?.trim() ? pattern : undefined;
  return formatter ? formatter(value, ownPattern) : valueText(value);
}
