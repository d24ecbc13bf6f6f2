import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMoney, formatNumber, formatPercent } from './number';
import { numberInputText, readNumberText } from './read-number';

const read = (text: string, options = {}) => readNumberText(text, options);
const value = (text: string, options = {}) => {
  const reading = readNumberText(text, options);
  return reading.ok ? reading.value : reading.problem;
};

describe('reading typed numbers (decimal comma, thousand dot)', () => {
  it('reads the decimal comma as the decimal point: 12,50 is twelve and a half', () => {
    expect(value('12,50')).toBe(12.5);
    expect(value('555,33')).toBe(555.33);
    expect(value('0,5')).toBe(0.5);
    expect(value(',5')).toBe(0.5);
    expect(value('12,')).toBe(12);
    expect(value('-7,25')).toBe(-7.25);
    expect(value('+3')).toBe(3);
    expect(value('−4')).toBe(-4);
  });

  it('reads thousand dots between groups of three, as the product shows them', () => {
    expect(value('1.250')).toBe(1250);
    expect(value('1.234.567,89')).toBe(1234567.89);
    expect(value('  100.000  ')).toBe(100000);
    expect(value('1250')).toBe(1250);
  });

  it('refuses a dot where the display never puts one: the number would change by a factor', () => {
    expect(value('12.5')).toBe('ambiguous');
    expect(value('0.5')).toBe('ambiguous');
    expect(value('1.23')).toBe('ambiguous');
    expect(value('1234.567')).toBe('ambiguous');
    expect(value('.5')).toBe('ambiguous');
    expect(value('1,234.5')).toBe('ambiguous');
    expect(value('1,234,567')).toBe('ambiguous');
  });

  it('refuses what is no number, without dropping a character', () => {
    expect(value('abc')).toBe('not-a-number');
    expect(value('12a')).toBe('not-a-number');
    expect(value('1 234')).toBe('not-a-number');
    expect(value('1e5')).toBe('not-a-number');
    expect(value('--5')).toBe('not-a-number');
    expect(value('5-')).toBe('not-a-number');
    expect(value('1,2,3')).toBe('not-a-number');
    expect(value('-')).toBe('not-a-number');
    expect(value(',')).toBe('not-a-number');
    expect(value('12%')).toBe('not-a-number');
  });

  it('is empty for an empty text', () => {
    expect(read('')).toEqual({ ok: true, value: null });
    expect(read('   ')).toEqual({ ok: true, value: null });
  });

  it('can forbid decimals and negatives, and take a percent sign', () => {
    expect(value('12,5', { allowDecimal: false })).toBe('decimals');
    expect(value('12,0', { allowDecimal: false })).toBe(12);
    expect(value('-1', { allowNegative: false })).toBe('negative');
    expect(value('-0', { allowNegative: false })).toBe(0);
    expect(value('12,5%', { percent: true })).toBe(12.5);
    expect(value('12,5 %', { percent: true })).toBe(12.5);
  });

  it('takes other symbols when given', () => {
    const symbols = { decimal: '.', thousands: ',' };
    expect(value('1,234.5', { symbols })).toBe(1234.5);
    expect(value('12,5', { symbols })).toBe('ambiguous');
  });
});

describe('numbers in an input', () => {
  it('shows every digit with the decimal comma and no thousand dots', () => {
    expect(numberInputText(555.33)).toBe('555,33');
    expect(numberInputText(1250)).toBe('1250');
    expect(numberInputText(-0.125)).toBe('-0,125');
    expect(numberInputText('12.5')).toBe('12,5');
    expect(numberInputText(null)).toBe('');
    expect(numberInputText('abc')).toBe('');
    expect(numberInputText(Number.NaN)).toBe('');
    expect(numberInputText(1e21)).toBe('1000000000000000000000');
    expect(numberInputText(-1.5e-7)).toBe('-0,00000015');
  });
});

// Property-based: whatever number the product shows, reading the shown text gives the number back.
describe('format then read gives back the number', () => {
  const cents = fc.integer({ min: -1e13, max: 1e13 });
  const tenths = fc.integer({ min: -1e14, max: 1e14 });

  it('for money (0,0.[00])', () => {
    fc.assert(
      fc.property(cents, (c) => {
        const money = c / 100;
        expect(read(formatMoney(money))).toEqual({ ok: true, value: money });
      }),
    );
  });

  it('for numbers (0,0.[0]) and whole numbers (0,0)', () => {
    fc.assert(
      fc.property(tenths, (t) => {
        const number = t / 10;
        expect(read(formatNumber(number))).toEqual({ ok: true, value: number });
        expect(read(formatNumber(t, '0,0'))).toEqual({ ok: true, value: t });
      }),
    );
  });

  it('for percent values (shown with their % sign)', () => {
    fc.assert(
      fc.property(cents, (c) => {
        const percent = c / 100;
        expect(read(formatPercent(percent), { percent: true })).toEqual({ ok: true, value: percent });
      }),
    );
  });

  it('for any number an input shows', () => {
    const numbers = fc.double({ noNaN: true, noDefaultInfinity: true });
    fc.assert(
      fc.property(numbers, (number) => {
        expect(read(numberInputText(number))).toEqual({ ok: true, value: number === 0 ? 0 : number });
      }),
    );
  });

  it('refuses a price written with a decimal point instead of reading it a hundred times bigger', () => {
    fc.assert(
      fc.property(cents, (c) => {
        expect(read((c / 100).toFixed(2))).toEqual({ ok: false, problem: 'ambiguous' });
      }),
    );
  });
});
