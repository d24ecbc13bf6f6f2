/**
 * The common numbro patterns written without numbro: `0,0.[00]` (up to two decimals, trailing zeros
 * dropped), `0,0.00` (exactly two), with or without the thousands group, and `0,0` for whole numbers.
 * numbro builds objects and parses its pattern on every call, and a table formats every number
 * cell it draws: the first draw of a screen and every scrolled row paid for it. The output equals
 * numbro's, which `decimal-pattern.test.ts` checks against numbro itself for random values; what
 * this does not cover (other patterns, exponents, a fraction under `0,0`) goes to numbro.
 *
 * numbro rounds the number's shortest decimal text, a half upwards (1.005 → 1.01, as people expect,
 * where the binary value is a little under; -0.05 → -0), and a result of zero has no sign.
 */

type DecimalPattern = { grouped: boolean; decimals: number; optional: boolean };

const PATTERN = /^0(,0)?(?:\.(?:(0+)|\[(0+)\]))?$/;
const known = new Map<string, DecimalPattern | null>();

function readPattern(pattern: string): DecimalPattern | null {
  let read = known.get(pattern);
  if (read === undefined) {
    const match = PATTERN.exec(pattern);
    read = match
      ? {
          grouped: match[1] !== undefined,
          decimals: (match[2] ?? match[3] ?? '').length,
          optional: match[3] !== undefined,
        }
      : null;
    if (known.size < 100) known.set(pattern, read);
  }
  return read;
}

/** Adds one to a string of digits. */
function incremented(digits: string): string {
  let index = digits.length - 1;
  while (index >= 0 && digits[index] === '9') index -= 1;
  if (index < 0) return `1${'0'.repeat(digits.length)}`;
  return `${digits.slice(0, index)}${Number(digits[index]) + 1}${'0'.repeat(digits.length - index - 1)}`;
}

function groupThousands(whole: string, separator: string): string {
  let grouped = '';
  for (let end = whole.length; end > 0; end -= 3) {
    const part = whole.slice(Math.max(0, end - 3), end);
    grouped = grouped === '' ? part : `${part}${separator}${grouped}`;
  }
  return grouped;
}

/**
 * The value written with `pattern` and the given symbols, or undefined where numbro must do it.
 */
export function formatDecimalPattern(
  value: number,
  pattern: string,
  symbols: { decimal: string; thousands: string },
): string | undefined {
  if (!Number.isFinite(value)) return undefined;
  const read = readPattern(pattern);
  if (!read) return undefined;
  const text = String(Math.abs(value));
  if (text.includes('e')) return undefined;
  const point = text.indexOf('.');
  let whole = point < 0 ? text : text.slice(0, point);
  let fraction = point < 0 ? '' : text.slice(point + 1);
  // `0,0` keeps a fraction as it is in numbro: only whole numbers are written here.
  if (read.decimals === 0 && fraction !== '') return undefined;
  if (fraction.length > read.decimals) {
    // Half rounds up: away from zero for positive values, towards it for negative ones.
    const next = fraction[read.decimals] as string;
    const roundUp =
      next > '5' || (next === '5' && (value > 0 || /[1-9]/.test(fraction.slice(read.decimals + 1))));
    const kept = whole + fraction.slice(0, read.decimals);
    const rounded = roundUp ? incremented(kept) : kept;
    whole = rounded.slice(0, rounded.length - read.decimals) || '0';
    fraction = rounded.slice(rounded.length - read.decimals);
  } else {
    fraction = fraction.padEnd(read.decimals, '0');
  }
  if (read.optional) fraction = fraction.replace(/0+$/, '');
  const isZero = /^0*$/.test(whole) && /^0*$/.test(fraction);
  const sign = value < 0 && !isZero ? '-' : '';
  const wholeText = read.grouped ? groupThousands(whole, symbols.thousands) : whole;
  return fraction === '' ? `${sign}${wholeText}` : `${sign}${wholeText}${symbols.decimal}${fraction}`;
}
