import { describe, expect, it } from 'vitest';
import { clampNumberInput, numberInputValue, sanitizeNumberInput } from './number-input';

describe('number input', () => {
  it('keeps only digits, minus and dot', () => {
    expect(sanitizeNumberInput('1a2 b3,4€')).toBe('1234');
    expect(sanitizeNumberInput('-12.5')).toBe('-12.5');
    expect(sanitizeNumberInput('')).toBe('');
  });

  it('allows a single minus, only at the start', () => {
    expect(sanitizeNumberInput('--5')).toBe('-5');
    expect(sanitizeNumberInput('5-')).toBe('5');
    expect(sanitizeNumberInput('-5-3')).toBe('-53');
    expect(sanitizeNumberInput('-')).toBe('-');
  });

  it('allows a single dot', () => {
    expect(sanitizeNumberInput('1.2.3')).toBe('1.23');
    expect(sanitizeNumberInput('..5')).toBe('.5');
  });

  it('can forbid decimals', () => {
    expect(sanitizeNumberInput('12.5', { allowDecimal: false })).toBe('125');
  });

  it('can forbid negatives', () => {
    expect(sanitizeNumberInput('-12', { allowNegative: false })).toBe('12');
    expect(sanitizeNumberInput('-1.5', { allowNegative: false, allowDecimal: false })).toBe('15');
  });

  it('reads the number, none while incomplete', () => {
    expect(numberInputValue('-12.5')).toBe(-12.5);
    expect(numberInputValue('-')).toBeNull();
    expect(numberInputValue('.')).toBeNull();
    expect(numberInputValue('')).toBeNull();
    expect(numberInputValue('.5')).toBe(0.5);
  });

  it('clamps to min and max on blur', () => {
    expect(clampNumberInput('5', { min: 10, max: 20 })).toBe('10');
    expect(clampNumberInput('25', { min: 10, max: 20 })).toBe('20');
    expect(clampNumberInput('15', { min: 10, max: 20 })).toBe('15');
    expect(clampNumberInput('-3', { min: 0 })).toBe('0');
    expect(clampNumberInput('1000', { max: 100 })).toBe('100');
    expect(clampNumberInput('7')).toBe('7');
  });

  it('clears an incomplete number and drops a trailing dot on blur', () => {
    expect(clampNumberInput('-')).toBe('');
    expect(clampNumberInput('-.')).toBe('');
    expect(clampNumberInput('12.')).toBe('12');
    expect(clampNumberInput('')).toBe('');
  });
});
