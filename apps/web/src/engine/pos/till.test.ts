import type { PosProduct } from '@panelwright/contract';
import { describe, expect, it } from 'vitest';
import {
  addPayment,
  addProduct,
  EMPTY_CART,
  hold,
  parseAmount,
  parsePercent,
  quote,
  readHeld,
  readOpenBill,
  resume,
  sellRequest,
  setBillDiscount,
  setLineDiscount,
  setQuantity,
  storedOpenBill,
} from './till';

const coffee: PosProduct = {
  Id: 1,
  Sku: 'C-1',
  Barcode: '1',
  Name: 'Coffee',
  Price: 1000,
  TaxRate: 1000,
  Stock: 5,
};
const tea: PosProduct = { Id: 2, Sku: 'T-1', Barcode: null, Name: 'Tea', Price: 333, TaxRate: 500, Stock: 1 };

describe('the till cart', () => {
  it('adds units, merges a product scanned twice and removes a line at zero', () => {
    let cart = addProduct(EMPTY_CART, coffee);
    cart = addProduct(cart, tea);
    cart = addProduct(cart, coffee);
    expect(cart.lines.map((l) => [l.productId, l.quantity])).toEqual([
      [1, 2],
      [2, 1],
    ]);
    expect(setQuantity(cart, 2, 0).lines).toHaveLength(1);
    expect(setQuantity(cart, 2, 1.5)).toBe(cart);
  });

  it('prices with line and bill discounts, and counts payments, what is due and the change', () => {
    let cart = addProduct(addProduct(EMPTY_CART, coffee, 2), tea, 3);
    cart = setLineDiscount(cart, 1, 1000);
    cart = setBillDiscount(cart, { Type: 'amount', Value: 100 });
    expect(quote(cart).totals?.total).toBe(2921);
    expect(quote(cart).short).toEqual([2]);
    cart = addPayment(cart, { Method: 'card', Amount: 1500 });
    expect(quote(cart).due).toBe(1421);
    cart = addPayment(cart, { Method: 'cash', Amount: 2000 });
    expect(quote(cart)).toMatchObject({ due: 0, change: 579, paid: 3500 });
    expect(sellRequest(cart, 7)).toEqual({
      LocationId: 7,
      Customer: undefined,
      Lines: [
        { ProductId: 1, Quantity: 2, Discount: { Type: 'percent', Value: 1000 } },
        { ProductId: 2, Quantity: 3, Discount: undefined },
      ],
      Discount: { Type: 'amount', Value: 100 },
      Payments: [
        { Method: 'card', Amount: 1500 },
        { Method: 'cash', Amount: 2000 },
      ],
    });
  });

  it('says why a bill cannot be priced', () => {
    const cart = setBillDiscount(addProduct(EMPTY_CART, coffee), { Type: 'amount', Value: 5000 });
    expect(quote(cart)).toMatchObject({
      totals: null,
      error: 'A discount is more than the amount it discounts.',
    });
  });

  it('reads money and percentages typed at the till', () => {
    expect(parseAmount('12')).toBe(1200);
    // As the till shows amounts (comma decimals, dot thousands), and with a keyboard's decimal point.
    expect(parseAmount('12,5')).toBe(1250);
    expect(parseAmount(' 1.250,50 ')).toBe(125050);
    expect(parseAmount(' 1,250.5 ')).toBe(125050);
    expect(parseAmount('12.5')).toBe(1250);
    expect(parseAmount('1.250')).toBe(125000);
    expect(parseAmount('1.234.567,89')).toBe(123456789);
    expect(parseAmount('1,2345')).toBeNull();
    expect(parseAmount('12,,5')).toBeNull();
    expect(parseAmount('-1')).toBeNull();
    expect(parseAmount('')).toBeNull();
    expect(parsePercent('7.5')).toBe(750);
    expect(parsePercent('101')).toBeNull();
  });

  it('holds bills without their payments and resumes them; storage is checked', () => {
    const cart = addPayment(addProduct({ ...EMPTY_CART, customer: 'Lan' }, coffee, 3), {
      Method: 'cash',
      Amount: 1,
    });
    const held = hold([], cart, new Date('2026-01-02T03:04:05Z'));
    expect(held[0]?.label).toBe('Lan · 3');
    expect(held[0]?.cart.payments).toEqual([]);
    expect(hold(held, EMPTY_CART, new Date())).toHaveLength(1);
    const back = resume(held, 0);
    expect(back?.cart.lines[0]?.quantity).toBe(3);
    expect(back?.held).toEqual([]);
    expect(resume(held, 5)).toBeNull();
    expect(readHeld(JSON.stringify(held))).toEqual(held);
    expect(readHeld('{"not":"a list"}')).toEqual([]);
    expect(readHeld('[{"at":"x","label":"y","cart":{"lines":[{"productId":"1"}]}}]')).toEqual([]);
    expect(readHeld('not json')).toEqual([]);
  });

  it("labels a held bill without a customer by the till's local time, not UTC", () => {
    const zone = process.env.TZ;
    // A till in Hanoi: 02:05 UTC is 09:05 on its clock.
    process.env.TZ = 'Asia/Ho_Chi_Minh';
    try {
      const at = new Date('2026-01-02T02:05:00Z');
      expect(hold([], addProduct(EMPTY_CART, coffee), at)[0]?.label).toBe('09:05 · 1');
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('keeps the bill in progress across a reload, payments and all, and drops what is not a bill', () => {
    const cart = addPayment(
      setBillDiscount(addProduct({ ...EMPTY_CART, customer: 'Lan' }, coffee, 2), {
        Type: 'percent',
        Value: 500,
      }),
      { Method: 'cash', Amount: 1000 },
    );
    expect(readOpenBill(storedOpenBill(7, cart))).toEqual({ locationId: 7, cart });
    // Nothing is kept for an empty bill: a reload starts afresh.
    expect(storedOpenBill(7, EMPTY_CART)).toBeNull();
    expect(readOpenBill(null)).toBeNull();
    expect(readOpenBill('not json')).toBeNull();
    expect(readOpenBill('{"locationId":"7","cart":{"lines":[]}}')).toBeNull();
    expect(readOpenBill('{"locationId":7,"cart":{"lines":[{"productId":1,"quantity":"2"}]}}')).toBeNull();
    expect(
      readOpenBill('{"locationId":7,"cart":{"lines":[],"payments":[{"Method":"cash","Amount":"x"}]}}'),
    ).toBeNull();
  });
});
