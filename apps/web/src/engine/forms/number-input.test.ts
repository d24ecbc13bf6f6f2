import { describe, expect, it } from 'vitest';
import { clampNumberInput, readNumberInput } from './number-input';

const value = (text: string, options = {}) => {
  const reading = readNumberInput(text, options);
  return reading.ok ? reading.value : reading.problem;
};

describe('number input', () => {
  it('reads the product symbols: decimal comma, thousand dot', () => {
    expect(value('12,50')).toBe(12.5);
    expect(value('1.250')).toBe(1250);
    expect(value('-12,5')).toBe(-12.5);
    expect(value('')).toBeNull();
  });

  it('refuses instead of dropping what it cannot keep', () => {
    expect(value('1a2')).toBe('not-a-number');
    expect(value('--5')).toBe('not-a-number');
    expect(value('5-')).toBe('not-a-number');
    expect(value('1,2,3')).toBe('not-a-number');
    expect(value('12.5')).toBe('ambiguous');
  });

  it('can forbid decimals and negatives', () => {
    expect(value('12,5', { allowDecimal: false })).toBe('decimals');
    expect(value('-12', { allowNegative: false })).toBe('negative');
  });

  it('clamps to min and max on blur', () => {
    expect(clampNumberInput('5', { min: 10, max: 20 })).toBe('10');
    expect(clampNumberInput('25', { min: 10, max: 20 })).toBe('20');
    expect(clampNumberInput('15', { min: 10, max: 20 })).toBe('15');
    expect(clampNumberInput('-3', { min: 0 })).toBe('0');
    expect(clampNumberInput('1.000', { max: 100 })).toBe('100');
    expect(clampNumberInput('0,5', { max: 0.25 })).toBe('0,25');
    expect(clampNumberInput('7')).toBe('7');
  });

  it('drops a trailing decimal symbol on blur and leaves a refused text as typed', () => {
    expect(clampNumberInput('12,')).toBe('12');
    expect(clampNumberInput('')).toBe('');
    expect(clampNumberInput('abc', { min: 1 })).toBe('abc');
    expect(clampNumberInput('12.5', { max: 10 })).toBe('12.5');
    expect(clampNumberInput('1.250')).toBe('1.250');
  });
});
