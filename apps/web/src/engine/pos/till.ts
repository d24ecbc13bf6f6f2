import type {
  PosDiscount,
  PosPaymentInput,
  PosProduct,
  PosSellRequest,
  PosTotals,
} from '@panelwright/contract';
import { decimalToMinor, PosRuleError, priceBill } from '@panelwright/contract/pos-rules';

// The till's bill while it is rung up: pure steps over an immutable cart, priced with the same
// arithmetic the server runs (the server's answer is the bill that counts).

/** A line of the cart: the product as found, how many, and its own discount (basis points). */
export type CartLine = {
  productId: number;
  name: string;
  sku: string;
  unitPrice: number;
  taxRate: number;
  stock: number;
  quantity: number;
  discountBp: number;
};

export type Cart = {
  lines: CartLine[];
  discount: PosDiscount | null;
  payments: PosPaymentInput[];
  customer: string;
};

export const EMPTY_CART: Cart = { lines: [], discount: null, payments: [], customer: '' };

/** Adds a unit of the product (another unit when it is there already: it moves to the top). */
export function addProduct(cart: Cart, product: PosProduct, quantity = 1): Cart {
  const existing = cart.lines.find((l) => l.productId === product.Id);
  const line: CartLine = existing
    ? { ...existing, quantity: existing.quantity + quantity, stock: product.Stock }
    : {
        productId: product.Id,
        name: product.Name,
        sku: product.Sku,
        unitPrice: product.Price,
        taxRate: product.TaxRate,
        stock: product.Stock,
        quantity,
        discountBp: 0,
      };
  return { ...cart, lines: [line, ...cart.lines.filter((l) => l.productId !== product.Id)] };
}

/** Sets a line's quantity; zero or less removes the line. */
export function setQuantity(cart: Cart, productId: number, quantity: number): Cart {
  if (!Number.isInteger(quantity)) return cart;
  const lines =
    quantity <= 0
      ? cart.lines.filter((l) => l.productId !== productId)
      : cart.lines.map((l) => (l.productId === productId ? { ...l, quantity } : l));
  return { ...cart, lines };
}

export function setLineDiscount(cart: Cart, productId: number, discountBp: number): Cart {
  const bp = Math.max(0, Math.min(10_000, Math.round(discountBp)));
  return {
    ...cart,
    lines: cart.lines.map((l) => (l.productId === productId ? { ...l, discountBp: bp } : l)),
  };
}

export const setBillDiscount = (cart: Cart, discount: PosDiscount | null): Cart => ({ ...cart, discount });

export const addPayment = (cart: Cart, payment: PosPaymentInput): Cart => ({
  ...cart,
  payments: [...cart.payments, payment],
});

export const removePayment = (cart: Cart, index: number): Cart => ({
  ...cart,
  payments: cart.payments.filter((_, i) => i !== index),
});

/** What the till shows: the totals (or why they cannot be had), what is paid, due and given back. */
export type Quote = {
  totals: PosTotals | null;
  error: string | null;
  paid: number;
  /** Still to pay (0 once covered). */
  due: number;
  change: number;
  /** Lines asking for more than the location holds. */
  short: number[];
};

export function quote(cart: Cart): Quote {
  const paid = cart.payments.reduce((a, p) => a + p.Amount, 0);
  const short = cart.lines.filter((l) => l.quantity > l.stock).map((l) => l.productId);
  try {
    const totals = priceBill(
      cart.lines.map((l) => ({
        unitPrice: l.unitPrice,
        quantity: l.quantity,
        taxRate: l.taxRate,
        discount: l.discountBp > 0 ? { Type: 'percent', Value: l.discountBp } : undefined,
      })),
      cart.discount ?? undefined,
    );
    return {
      totals,
      error: null,
      paid,
      due: Math.max(0, totals.total - paid),
      change: Math.max(0, paid - totals.total),
      short,
    };
  } catch (error) {
    if (!(error instanceof PosRuleError)) throw error;
    return { totals: null, error: error.message, paid, due: 0, change: 0, short };
  }
}

/**
 * Money typed at the till as minor units; null when it is no amount. Read as the till shows it
 * ("1.250,5", "12,5": comma decimals, dot thousands) and as a keyboard's point decimals ("12.5",
 * "1,250.50"): the last of the two symbols followed by one or two digits is the decimal one; a dot
 * followed by three digits groups thousands ("1.250" is 1250).
 */
export function parseAmount(text: string): number | null {
  const typed = text.trim();
  if (!/^[\d.,]+$/.test(typed)) return null;
  const decimals = /[.,](\d{1,2})$/.exec(typed);
  const whole = (decimals ? typed.slice(0, decimals.index) : typed).replace(/[.,](?=\d{3}(?:[.,]|$))/g, '');
  if (!/^\d+$/.test(whole)) return null;
  try {
    return decimalToMinor(decimals ? `${whole}.${decimals[1]}` : whole);
  } catch {
    return null;
  }
}

/** A percentage typed at the till ("10", "7.5") as basis points; null outside 0–100. */
export function parsePercent(text: string): number | null {
  const bp = parseAmount(text);
  return bp !== null && bp <= 10_000 ? bp : null;
}

/** The body of `Pos/Sell` for the cart. */
export function sellRequest(cart: Cart, locationId: number): PosSellRequest {
  return {
    LocationId: locationId,
    Customer: cart.customer.trim() || undefined,
    Lines: [...cart.lines].reverse().map((l) => ({
      ProductId: l.productId,
      Quantity: l.quantity,
      Discount: l.discountBp > 0 ? { Type: 'percent', Value: l.discountBp } : undefined,
    })),
    Discount: cart.discount ?? undefined,
    Payments: cart.payments,
  };
}

/** A bill put aside, to be resumed later at this till. */
export type HeldCart = { at: string; label: string; cart: Cart };
/** At most this many bills wait at once; the oldest goes first. */
export const MAX_HELD = 20;

export function hold(held: readonly HeldCart[], cart: Cart, at: Date): HeldCart[] {
  if (cart.lines.length === 0) return [...held];
  const items = cart.lines.reduce((a, l) => a + l.quantity, 0);
  // The till's clock, as the cashier reads it (not UTC).
  const time = `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
  const label = `${cart.customer.trim() || time} · ${items}`;
  // Payments are not held: the money was not taken.
  return [...held, { at: at.toISOString(), label, cart: { ...cart, payments: [] } }].slice(-MAX_HELD);
}

export function resume(held: readonly HeldCart[], index: number): { cart: Cart; held: HeldCart[] } | null {
  const found = held[index];
  if (!found) return null;
  return { cart: found.cart, held: held.filter((_, i) => i !== index) };
}

/** A cart as storage gave it back, when it is one (lines with whole ids, quantities and prices). */
function isCart(value: unknown): value is Cart {
  if (typeof value !== 'object' || value === null) return false;
  const cart = value as Partial<Cart>;
  return (
    Array.isArray(cart.lines) &&
    cart.lines.every(
      (l: Partial<CartLine>) =>
        Number.isInteger(l.productId) && Number.isInteger(l.quantity) && Number.isInteger(l.unitPrice),
    ) &&
    (cart.payments === undefined ||
      (Array.isArray(cart.payments) &&
        cart.payments.every((p) => Number.isInteger(p?.Amount) && typeof p?.Method === 'string')))
  );
}

const parsed = (text: string | null): unknown => {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

/** Held bills read back from storage; anything malformed is dropped rather than trusted. */
export function readHeld(text: string | null): HeldCart[] {
  const value = parsed(text);
  if (!Array.isArray(value)) return [];
  return value.filter(
    (item): item is HeldCart =>
      typeof item === 'object' &&
      item !== null &&
      typeof item.at === 'string' &&
      typeof item.label === 'string' &&
      isCart(item.cart),
  );
}

/**
 * The bill in progress as the till keeps it across a reload: the location it is rung up at, its
 * lines, discount, customer and the payments taken so far. An empty bill is not kept.
 */
export type OpenBill = { locationId: number; cart: Cart };

export const storedOpenBill = (locationId: number, cart: Cart): string | null =>
  cart.lines.length === 0 && cart.payments.length === 0 ? null : JSON.stringify({ locationId, cart });

/** The bill in progress read back from storage: the empty bill when there is none, or it is malformed. */
export function readOpenBill(text: string | null): OpenBill | null {
  const value = parsed(text) as Partial<OpenBill> | null;
  if (!value || !Number.isInteger(value.locationId) || !isCart(value.cart)) return null;
  return {
    locationId: value.locationId as number,
    cart: {
      lines: value.cart.lines,
      discount: value.cart.discount ?? null,
      payments: value.cart.payments ?? [],
      customer: typeof value.cart.customer === 'string' ? value.cart.customer : '',
    },
  };
}
