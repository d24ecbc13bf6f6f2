// The point of sale's bill arithmetic and its limits, free of zod: the till imports them without
// pulling the schema library into the web bundle, and the server runs the same code (pos.ts re-exports).
import { NUMBER_SYMBOLS } from './constants';
import type { PosDiscount, PosPaymentInput } from './pos';

/** The largest unit price, in minor units. */
export const POS_MAX_PRICE = 100_000_000;
/** The most units of one line. */
export const POS_MAX_QUANTITY = 10_000;
/** The most lines of one bill. */
export const POS_MAX_LINES = 200;
/** A bill's total stays below this (the columns are 32-bit integers). */
export const POS_MAX_TOTAL = 2_000_000_000;
export const POS_PAYMENT_METHODS = ['cash', 'card', 'transfer'] as const;
/** How a payment is made. */
export type PosPaymentMethod = (typeof POS_PAYMENT_METHODS)[number];

/** A rule of the bill arithmetic broken by the input (a discount larger than what it discounts...). */
export class PosRuleError extends Error {}

/** a × b ÷ c rounded half up, exact for any safe integers (BigInt inside). */
export function mulDivRound(a: number, b: number, c: number): number {
  if (c === 0) return 0;
  const n = BigInt(a) * BigInt(b);
  const d = BigInt(c);
  const q = n / d;
  const r = n % d;
  // Half up, away from zero for negatives alike.
  const up = (r < 0n ? -r : r) * 2n >= (d < 0n ? -d : d) ? (n < 0n !== d < 0n ? -1n : 1n) : 0n;
  return Number(q + up);
}

/** What a discount takes off `base`; an amount larger than the base is refused. */
export function discountAmount(base: number, discount: PosDiscount | undefined): number {
  if (!discount || discount.Value === 0) return 0;
  if (discount.Type === 'percent') {
    if (discount.Value > 10_000) throw new PosRuleError('A percentage discount is at most 100%.');
    return mulDivRound(base, discount.Value, 10_000);
  }
  if (discount.Value > base) throw new PosRuleError('A discount is more than the amount it discounts.');
  return discount.Value;
}

/**
 * Splits `amount` over `weights` in proportion, in whole units that add up exactly (largest
 * remainder; ties to the earlier weight).
 */
export function allocate(amount: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) return weights.map(() => 0);
  const exact = weights.map((w) => BigInt(amount) * BigInt(w));
  const shares = exact.map((e) => Number(e / BigInt(sum)));
  let left = amount - shares.reduce((a, b) => a + b, 0);
  const order = exact
    .map((e, i) => ({ i, r: e % BigInt(sum) }))
    .sort((x, y) => (x.r === y.r ? x.i - y.i : x.r > y.r ? -1 : 1));
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i] = (shares[i] ?? 0) + 1;
    left -= 1;
  }
  return shares;
}

/** A line to price. */
export type PosLineInput = { unitPrice: number; quantity: number; taxRate: number; discount?: PosDiscount };
/** A priced line: `discount` holds its own discount and its share of the bill's. */
export type PosPricedLine = { gross: number; discount: number; net: number; tax: number; total: number };
/** A priced bill. */
export type PosTotals = {
  lines: PosPricedLine[];
  subtotal: number;
  discount: number;
  tax: number;
  total: number;
};

/**
 * Prices a bill: each line's gross less its discount; the bill discount shared over the lines in
 * proportion to what is left of them; tax per line on the discounted amount, rounded half up.
 */
export function priceBill(lines: readonly PosLineInput[], billDiscount?: PosDiscount): PosTotals {
  const gross = lines.map((l) => l.unitPrice * l.quantity);
  const own = lines.map((l, i) => discountAmount(gross[i] ?? 0, l.discount));
  const after = gross.map((g, i) => g - (own[i] ?? 0));
  const base = after.reduce((a, b) => a + b, 0);
  const shares = allocate(discountAmount(base, billDiscount), after);
  const priced = lines.map((l, i) => {
    const net = (after[i] ?? 0) - (shares[i] ?? 0);
    const tax = mulDivRound(net, l.taxRate, 10_000);
    return { gross: gross[i] ?? 0, discount: (own[i] ?? 0) + (shares[i] ?? 0), net, tax, total: net + tax };
  });
  const sum = (pick: (l: PosPricedLine) => number) => priced.reduce((a, l) => a + pick(l), 0);
  const totals = {
    lines: priced,
    subtotal: sum((l) => l.gross),
    discount: sum((l) => l.discount),
    tax: sum((l) => l.tax),
    total: sum((l) => l.total),
  };
  if (totals.subtotal > POS_MAX_TOTAL) throw new PosRuleError('The bill is too large.');
  return totals;
}

/** Payments settled against a total: what each covers, and the change given back from cash. */
export type PosSettlement = {
  payments: { method: PosPaymentMethod; amount: number; tendered: number }[];
  paid: number;
  change: number;
};

/**
 * Settles payments: card and transfer never exceed what is due (no change is given on them); the
 * whole covers the total; change comes out of the cash handed over.
 */
export function settlePayments(total: number, payments: readonly PosPaymentInput[]): PosSettlement {
  const nonCash = payments.filter((p) => p.Method !== 'cash').reduce((a, p) => a + p.Amount, 0);
  if (nonCash > total) throw new PosRuleError('Card and transfer payments are more than the total.');
  const tendered = payments.reduce((a, p) => a + p.Amount, 0);
  if (tendered < total) throw new PosRuleError(`The payments are ${total - tendered} short of the total.`);
  let change = tendered - total;
  const settled = payments.map((p) => {
    const back = p.Method === 'cash' ? Math.min(change, p.Amount) : 0;
    change -= back;
    return { method: p.Method, amount: p.Amount - back, tendered: p.Amount };
  });
  return { payments: settled, paid: tendered, change: tendered - total };
}

/**
 * The share of a line's figure for units `returned + 1 … returned + quantity` of `sold`: shares of
 * successive returns add up exactly to the figure.
 */
export function returnShare(figure: number, sold: number, returned: number, quantity: number): number {
  return mulDivRound(figure, returned + quantity, sold) - mulDivRound(figure, returned, sold);
}

/** Digits after the decimal point of the shop's currency: amounts are hundredths. */
export const POS_MINOR_DIGITS = 2;

/** Minor units as text with the product's symbols: 123456 → "1.234,56", -5 → "-0,05". */
export function formatMinor(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  const scale = 10 ** POS_MINOR_DIGITS;
  const whole = Math.floor(abs / scale)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, NUMBER_SYMBOLS.thousands);
  return `${sign}${whole}${NUMBER_SYMBOLS.decimal}${String(abs % scale).padStart(POS_MINOR_DIGITS, '0')}`;
}

/** A tax rate in basis points as text: 1000 → "10%", 825 → "8,25%". */
export const formatRate = (basisPoints: number): string =>
  `${String(basisPoints / 100).replace('.', NUMBER_SYMBOLS.decimal)}%`;

/** An exact decimal's text as minor units: "12.5" → 1250, "-0.07" → -7 (no floating point). */
export function decimalToMinor(text: string | number): number {
  const match = /^\s*(-?)(\d+)(?:\.(\d*))?\s*$/.exec(String(text));
  if (!match) throw new PosRuleError(`not an amount: ${text}`);
  const fraction = (match[3] ?? '').padEnd(POS_MINOR_DIGITS, '0');
  if (/[1-9]/.test(fraction.slice(POS_MINOR_DIGITS))) throw new PosRuleError(`too many decimals: ${text}`);
  const minor = Number(match[2]) * 10 ** POS_MINOR_DIGITS + Number(fraction.slice(0, POS_MINOR_DIGITS));
  return match[1] === '-' && minor !== 0 ? -minor : minor;
}

/** Minor units as an exact decimal's text for the database: 1250 → "12.50". */
export function minorToDecimal(minor: number): string {
  const abs = Math.abs(minor);
  const scale = 10 ** POS_MINOR_DIGITS;
  return `${minor < 0 ? '-' : ''}${Math.floor(abs / scale)}.${String(abs % scale).padStart(POS_MINOR_DIGITS, '0')}`;
}

/** A percentage's text as basis points: "10" → 1000, "8.25" → 825. */
export const percentToBasisPoints = (text: string | number): number => decimalToMinor(text);

/**
 * A bill's time as the shop reads it, "YYYY-MM-DD HH:mm" in the shop's time zone (IANA; the
 * runtime's own zone when empty or unknown): receipts once printed UTC, an hour off in Berlin and
 * seven in Hanoi.
 */
export function formatShopTime(iso: string, timeZone = ''): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-GB', {
      timeZone: timeZone || undefined,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(at);
  } catch {
    return formatShopTime(iso);
  }
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

/**
 * The seller as receipts and invoices print it (the settings' sellerName, sellerAddress,
 * sellerTaxNumber, logoUrl and shopTimeZone); empty texts are left off.
 */
export type PosSeller = {
  Name: string;
  Address: string;
  TaxNumber: string;
  LogoUrl: string;
  /** IANA time zone the bill's times are printed in ('' for the server's or browser's own). */
  TimeZone: string;
};

/** The seller of the settings' client values, as receipts and invoices print it. */
export function posSellerOf(config: {
  sellerName?: string | undefined;
  sellerAddress?: string | undefined;
  sellerTaxNumber?: string | undefined;
  logoUrl?: string | undefined;
  shopTimeZone?: string | undefined;
}): PosSeller {
  return {
    Name: config.sellerName?.trim() ?? '',
    Address: config.sellerAddress?.trim() ?? '',
    TaxNumber: config.sellerTaxNumber?.trim() ?? '',
    LogoUrl: config.logoUrl ?? '',
    TimeZone: config.shopTimeZone ?? '',
  };
}
