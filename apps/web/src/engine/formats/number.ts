import { NUMBER_SYMBOLS as PRODUCT_SYMBOLS } from '@panelwright/contract/constants';
import numbro from 'numbro';
import { formatDecimalPattern } from './decimal-pattern';

/** Default numbro patterns of part 1 section 9. */
export const NUMBER_FORMATS = {
  number: '0,0.[0]',
  money: '0,0.[00]',
  percent: '0,0.[00]',
} as const;

/** The decimal and thousand symbols of displayed numbers. */
export type NumberSymbols = { decimal: string; thousands: string };

/** Decimal symbol comma, thousand symbol dot (number locale it-IT, part 1 section 9), as the till's. */
export const NUMBER_SYMBOLS: NumberSymbols = PRODUCT_SYMBOLS;

/** A number from a cell value (number or numeric text), or null. */
export function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value.trim());
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

/**
 * Formats with a numbro pattern and writes the product's symbols. numbro's language is global state,
 * so the symbols it used are read back and swapped, rather than switching its language for everyone.
 */
export function formatNumber(
  value: unknown,
  pattern: string = NUMBER_FORMATS.number,
  symbols: NumberSymbols = NUMBER_SYMBOLS,
): string {
  const number = toNumber(value);
  if (number === null) return value === null || value === undefined ? '' : String(value);
  const written = formatDecimalPattern(number, pattern, symbols);
  if (written !== undefined) return written;
  const formatted = numbro(number).format(pattern);
  const used = numbro.languageData().delimiters;
  return Array.from(formatted, (char) => {
    if (char === used.thousands) return symbols.thousands;
    if (char === used.decimal) return symbols.decimal;
    return char;
  }).join('');
}

/** A count of things (rows, records, pages): whole, with the thousand symbol (100.000). */
export function formatCount(value: number): string {
  return formatNumber(value, '0,0');
}

/**
 * Money: the pattern's decimals, where optional (the default 0,0.[00]), always written: currency
 * shows 2 decimals (part 2 section 9), as the till, receipts and invoices do ("792,90").
 */
export function formatMoney(value: unknown, pattern: string = NUMBER_FORMATS.money): string {
  return formatNumber(value, pattern.replace(/\.\[(0+)\]/, '.$1'));
}

/**
 * Percent values are in percent units (12.5 shows 12,5%). A pattern with its own '%' is numbro's
 * percent output, which multiplies by 100, so the value is divided first to keep the same unit.
 */
export function formatPercent(value: unknown, pattern: string = NUMBER_FORMATS.percent): string {
  const number = toNumber(value);
  if (number === null) return formatNumber(value, pattern);
  if (pattern.includes('%')) return formatNumber(number / 100, pattern);
  return `${formatNumber(number, pattern)}%`;
}
