import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocate,
  decimalToMinor,
  formatMinor,
  formatRate,
  formatShopTime,
  minorToDecimal,
  mulDivRound,
  PosRuleError,
  percentToBasisPoints,
  priceBill,
  returnShare,
  settlePayments,
} from './pos';

describe('bill arithmetic in minor units', () => {
  it('rounds a × b ÷ c half up', () => {
    expect(mulDivRound(5, 1, 2)).toBe(3);
    expect(mulDivRound(4, 1, 3)).toBe(1);
    expect(mulDivRound(-5, 1, 2)).toBe(-3);
    expect(mulDivRound(2_000_000_000, 4_000_000, 3_000_000_000)).toBe(2_666_667);
  });

  it('allocates an amount exactly in proportion', () => {
    expect(allocate(10, [1, 1, 1])).toEqual([4, 3, 3]);
    expect(allocate(0, [5, 7])).toEqual([0, 0]);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 20 }),
        (amount, weights) => {
          const shares = allocate(amount, weights);
          expect(shares.reduce((a, b) => a + b, 0)).toBe(amount);
          expect(shares.every((s) => s >= 0)).toBe(true);
        },
      ),
    );
  });

  it('prices lines with line and bill discounts and tax per line', () => {
    const totals = priceBill(
      [
        { unitPrice: 1000, quantity: 2, taxRate: 1000, discount: { Type: 'percent', Value: 1000 } },
        { unitPrice: 333, quantity: 3, taxRate: 500 },
        { unitPrice: 250, quantity: 1, taxRate: 0, discount: { Type: 'amount', Value: 50 } },
      ],
      { Type: 'amount', Value: 100 },
    );
    // 2000 - 200 = 1800; 999; 200 → base 2999, 100 shared 60/33/7 (largest remainder).
    expect(totals.lines.map((l) => l.net)).toEqual([1740, 966, 193]);
    expect(totals.lines.map((l) => l.tax)).toEqual([174, 48, 0]);
    expect(totals.subtotal).toBe(3249);
    expect(totals.discount).toBe(350);
    expect(totals.tax).toBe(222);
    expect(totals.total).toBe(3249 - 350 + 222);
  });

  it('never lets the parts disagree with the whole', () => {
    const line = fc.record({
      unitPrice: fc.integer({ min: 0, max: 100_000 }),
      quantity: fc.integer({ min: 1, max: 50 }),
      taxRate: fc.integer({ min: 0, max: 3000 }),
    });
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 10 }),
        fc.integer({ min: 0, max: 10_000 }),
        (lines, bp) => {
          const t = priceBill(lines, { Type: 'percent', Value: bp });
          expect(t.subtotal - t.discount + t.tax).toBe(t.total);
          expect(t.lines.every((l) => l.net >= 0)).toBe(true);
        },
      ),
    );
  });

  it('refuses a discount above what it discounts', () => {
    expect(() =>
      priceBill([{ unitPrice: 100, quantity: 1, taxRate: 0, discount: { Type: 'amount', Value: 101 } }]),
    ).toThrow(PosRuleError);
    expect(() =>
      priceBill([{ unitPrice: 100, quantity: 1, taxRate: 0 }], { Type: 'percent', Value: 10_001 }),
    ).toThrow(PosRuleError);
  });

  it('settles cash with change, and never gives change on a card', () => {
    const s = settlePayments(1500, [
      { Method: 'card', Amount: 1000 },
      { Method: 'cash', Amount: 2000 },
    ]);
    expect(s.change).toBe(1500);
    expect(s.payments).toEqual([
      { method: 'card', amount: 1000, tendered: 1000 },
      { method: 'cash', amount: 500, tendered: 2000 },
    ]);
    expect(() => settlePayments(1500, [{ Method: 'card', Amount: 1600 }])).toThrow(PosRuleError);
    expect(() => settlePayments(1500, [{ Method: 'cash', Amount: 1400 }])).toThrow(
      'The payments are 100 short of the total.',
    );
  });

  it('shares successive returns of a line so that they add up to the line', () => {
    const parts = [returnShare(1000, 3, 0, 1), returnShare(1000, 3, 1, 1), returnShare(1000, 3, 2, 1)];
    expect(parts.reduce((a, b) => a + b, 0)).toBe(1000);
  });
});

describe('exact decimals', () => {
  it('turns decimal text into minor units and back without floating point', () => {
    expect(decimalToMinor('12.5')).toBe(1250);
    expect(decimalToMinor('-0.07')).toBe(-7);
    expect(decimalToMinor('0.1')).toBe(10);
    expect(decimalToMinor(19.99)).toBe(1999);
    expect(minorToDecimal(-1234567)).toBe('-12345.67');
    expect(formatMinor(123456)).toBe('1.234,56');
    expect(formatMinor(-5)).toBe('-0,05');
    expect(formatRate(825)).toBe('8,25%');
    expect(formatRate(1000)).toBe('10%');
    expect(percentToBasisPoints('8.25')).toBe(825);
    expect(() => decimalToMinor('1.234')).toThrow(PosRuleError);
    expect(() => decimalToMinor('abc')).toThrow(PosRuleError);
  });
});

describe("a bill's time", () => {
  it("is printed in the shop's time zone, not UTC", () => {
    expect(formatShopTime('2026-11-26T20:30:00.000Z', 'Asia/Ho_Chi_Minh')).toBe('2026-11-27 03:30');
    expect(formatShopTime('2026-07-01T10:05:00.000Z', 'Europe/Berlin')).toBe('2026-07-01 12:05');
    expect(formatShopTime('2026-07-01T10:05:00.000Z', 'UTC')).toBe('2026-07-01 10:05');
    // Midnight reads 00, never 24.
    expect(formatShopTime('2026-07-01T17:00:00.000Z', 'Asia/Ho_Chi_Minh')).toBe('2026-07-02 00:00');
    // An unknown zone falls back to the runtime's own rather than failing the receipt.
    expect(formatShopTime('2026-07-01T10:05:00.000Z', 'Nowhere/Else')).toMatch(/^2026-07-0\d \d\d:05$/);
  });
});
