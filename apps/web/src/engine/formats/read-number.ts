import { NUMBER_SYMBOLS, type NumberSymbols } from './number';

/** Why a typed text is not taken as a number. */
export type NumberProblem =
  /** Letters, several signs or decimal symbols, spaces inside: no number at all. */
  | 'not-a-number'
  /**
   * Digits with the symbols in a place the product's display never puts them (`12.5`, `1,234.5`
   * with a decimal comma and a thousand dot): the text could mean two numbers a thousand apart.
   */
  | 'ambiguous'
  /** A number with decimals where only whole numbers are allowed. */
  | 'decimals'
  /** A negative number where negatives are not allowed. */
  | 'negative';

export type NumberReading = { ok: true; value: number | null } | { ok: false; problem: NumberProblem };

export type ReadNumberOptions = {
  symbols?: NumberSymbols;
  /** Decimals allowed (default true). */
  allowDecimal?: boolean;
  /** Negative numbers allowed (default true). */
  allowNegative?: boolean;
  /** A trailing '%' is allowed, as percent cells show it (the number stays in percent units). */
  percent?: boolean;
};

/** The message shown on a field for each problem (English keys of the translations). */
export const NUMBER_PROBLEM_MESSAGES: Record<NumberProblem, string> = {
  'not-a-number': 'Must be a number.',
  ambiguous: 'Unclear number: use a comma for decimals and a dot for thousands, as in 1.234,5.',
  decimals: 'Must be a whole number.',
  negative: 'Must not be negative.',
};

const escapeRegExp = (symbol: string) => symbol.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Reads a number typed as the product displays it (decimal comma and thousand dot by default): an
 * optional sign, digits with thousand symbols only between groups of three, and one decimal symbol.
 * Nothing is dropped or guessed: a text that could be read two ways is refused, never read as the
 * bigger or smaller of the two. An empty text is no number (null).
 */
export function readNumberText(text: string, options: ReadNumberOptions = {}): NumberReading {
  const { decimal, thousands } = options.symbols ?? NUMBER_SYMBOLS;
  let body = text.trim().replace(/\u2212/g, '-');
  if (body === '') return { ok: true, value: null };
  if (options.percent && body.endsWith('%')) body = body.slice(0, -1).trimEnd();
  const sign = body.startsWith('-') ? '-' : '';
  if (sign || body.startsWith('+')) body = body.slice(1);
  const allowed = new RegExp(`^[0-9${escapeRegExp(decimal)}${escapeRegExp(thousands)}]+$`);
  if (!allowed.test(body)) return { ok: false, problem: 'not-a-number' };

  const parts = body.split(decimal);
  const [whole = '', fraction = ''] = parts;
  if (parts.length > 2) {
    // '1,234,567' with a decimal comma is a number written with the other convention.
    const groups = new RegExp(`^\\d{1,3}(${escapeRegExp(decimal)}\\d{3})+$`);
    return { ok: false, problem: groups.test(body) ? 'ambiguous' : 'not-a-number' };
  }
  if (fraction.includes(thousands)) return { ok: false, problem: 'ambiguous' };
  if (whole.includes(thousands)) {
    const grouped = new RegExp(`^\\d{1,3}(${escapeRegExp(thousands)}\\d{3})+$`);
    if (!grouped.test(whole)) return { ok: false, problem: 'ambiguous' };
  }
  const digits = whole.split(thousands).join('');
  if (digits === '' && fraction === '') return { ok: false, problem: 'not-a-number' };

  const value = Number(`${sign}${digits || '0'}.${fraction || '0'}`);
  if (!Number.isFinite(value)) return { ok: false, problem: 'not-a-number' };
  if (options.allowDecimal === false && !Number.isInteger(value)) return { ok: false, problem: 'decimals' };
  if (options.allowNegative === false && value < 0) return { ok: false, problem: 'negative' };
  return { ok: true, value: value === 0 ? 0 : value };
}

/**
 * A number as an input shows it for editing: every digit it has (so saving it unchanged changes
 * nothing), the decimal symbol, no thousand symbols. Anything but a finite number gives ''.
 */
export function numberInputText(value: unknown, symbols: NumberSymbols = NUMBER_SYMBOLS): string {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number)) return '';
  return plainDigits(number).replace('.', symbols.decimal);
}

/** The shortest text that reads back as the same number (JavaScript's own), without an exponent. */
function plainDigits(number: number): string {
  const shortest = String(number);
  const match = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(shortest);
  if (!match) return shortest;
  const [, sign = '', first = '', rest = '', exponentText = '0'] = match;
  const digits = `${first}${rest}`;
  const point = 1 + Number(exponentText);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}
