import { describe, expect, it } from 'vitest';
import { headerKey, readDate, readDateTime, readNumber } from './import-values';

describe('reading numbers and dates as the product shows them', () => {
  it('reads numbers with thousands separators, a percent sign, a currency and a decimal comma', () => {
    expect(readNumber('1,234.50')).toBe(1234.5);
    expect(readNumber('1234.5')).toBe(1234.5);
    expect(readNumber('-12')).toBe(-12);
    expect(readNumber('12.5%')).toBe(12.5);
    expect(readNumber('$ 1,000')).toBe(1000);
    expect(readNumber('1.234,5')).toBe(1234.5);
    expect(readNumber('12,5')).toBe(12.5);
    expect(readNumber('ten')).toBeNull();
    expect(readNumber('1,23,4')).toBeNull();
    expect(readNumber('')).toBeNull();
  });

  it('reads dates as shown (DD-MMMYY), ISO and day first, and refuses days that do not exist', () => {
    expect(readDate('05-Mar24')).toBe('2024-03-05');
    expect(readDate('5-mar-2024')).toBe('2024-03-05');
    expect(readDate('2024-03-05')).toBe('2024-03-05');
    expect(readDate('2024-03-05T10:00:00Z')).toBe('2024-03-05');
    expect(readDate('31/12/2023')).toBe('2023-12-31');
    expect(readDate('30-Feb24')).toBeNull();
    expect(readDate('2024-13-01')).toBeNull();
    expect(readDate('tomorrow')).toBeNull();
  });

  it('reads a shown date and time in the caller’s zone, and ISO as it says', () => {
    // UTC+7: getTimezoneOffset() is -420, and 14:30 there is 07:30 UTC.
    expect(readDateTime('05-Mar24 14:30', -420)).toBe('2024-03-05T07:30:00.000Z');
    expect(readDateTime('2024-03-05T14:30:00Z', -420)).toBe('2024-03-05T14:30:00.000Z');
    expect(readDateTime('05-Mar24 25:00', 0)).toBeNull();
  });

  it('folds headers for guessing: case, accents, spaces aside', () => {
    expect(headerKey('Mã hàng')).toBe(headerKey('ma HANG'));
    expect(headerKey('Đơn giá')).toBe('dongia');
  });
});
