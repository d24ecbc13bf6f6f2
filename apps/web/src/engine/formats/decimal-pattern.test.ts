import fc from 'fast-check';
import numbro from 'numbro';
import { describe, expect, it } from 'vitest';
import { formatDecimalPattern } from './decimal-pattern';

const NUMBRO_SYMBOLS = { decimal: '.', thousands: ',' };
const PATTERNS = ['0,0.[0]', '0,0.[00]', '0,0.00', '0.00', '0.[00]', '0,0', '0', '0.000', '0,0.[000]'];

/** Numbers as tables hold them: whole, cents, thousandths, up to six decimals, either sign. */
const tableNumbers = fc.oneof(
  fc.integer({ min: -1e12, max: 1e12 }),
  fc
    .tuple(fc.integer({ min: -1e11, max: 1e11 }), fc.constantFrom(10, 100, 1000, 10_000, 1e6))
    .map(([units, per]) => units / per),
  fc.double({ min: -1e9, max: 1e9, noNaN: true }),
  fc.constantFrom(0, -0, 0.5, -0.5, 1.005, -1.005, 999.995, -0.004, 0.1 + 0.2, 5e-7, 1e15),
);

describe('patterns written without numbro', () => {
  it('write exactly what numbro writes, wherever they write at all', () => {
    fc.assert(
      fc.property(tableNumbers, fc.constantFrom(...PATTERNS), (value, pattern) => {
        const written = formatDecimalPattern(value, pattern, NUMBRO_SYMBOLS);
        if (written !== undefined) expect(written).toBe(numbro(value).format(pattern));
      }),
      { numRuns: 20_000 },
    );
  });

  it('write the product’s default patterns for every finite value in a table’s range', () => {
    for (const value of [0, 1234.5, -1234.567, 1.005, 999.995, 12, -0.004, 123456789.99]) {
      for (const pattern of ['0,0.[0]', '0,0.[00]', '0,0.00']) {
        expect(formatDecimalPattern(value, pattern, NUMBRO_SYMBOLS)).toBe(numbro(value).format(pattern));
      }
    }
  });

  it('leave other patterns, exponents and fractions under 0,0 to numbro', () => {
    expect(formatDecimalPattern(1234.5, '$0,0.00', NUMBRO_SYMBOLS)).toBeUndefined();
    expect(formatDecimalPattern(0.5, '0%', NUMBRO_SYMBOLS)).toBeUndefined();
    expect(formatDecimalPattern(1e21, '0,0', NUMBRO_SYMBOLS)).toBeUndefined();
    expect(formatDecimalPattern(0.5, '0,0', NUMBRO_SYMBOLS)).toBeUndefined();
    expect(formatDecimalPattern(Number.NaN, '0,0', NUMBRO_SYMBOLS)).toBeUndefined();
  });

  it('writes the symbols it is given', () => {
    expect(formatDecimalPattern(1234567.891, '0,0.[00]', { decimal: ',', thousands: '.' })).toBe(
      '1.234.567,89',
    );
  });
});
