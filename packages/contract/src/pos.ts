import { z } from 'zod';
import {
  POS_MAX_LINES,
  POS_MAX_QUANTITY,
  POS_MAX_TOTAL,
  POS_PAYMENT_METHODS,
  type PosPaymentMethod,
} from './pos-rules';
import { recordIdSchema } from './resources';

// Point of sale: wire shapes, and the bill arithmetic both sides run (the server's answer is the
// authority; the till shows the same figures while a bill is rung up). Every amount is an integer
// of minor units; tax rates and percentage discounts are basis points (1000 = 10%).

export * from './pos-rules';

/** A discount: a percentage in basis points, or an amount in minor units. */
export const posDiscountSchema = z.object({
  Type: z.enum(['percent', 'amount']),
  Value: z.number().int().min(0).max(POS_MAX_TOTAL),
});
/** A discount: a percentage in basis points, or an amount in minor units. */
export type PosDiscount = z.infer<typeof posDiscountSchema>;

/** A line of a bill being sold. */
export const posSellLineSchema = z.object({
  ProductId: recordIdSchema,
  Quantity: z.number().int().min(1).max(POS_MAX_QUANTITY),
  Discount: posDiscountSchema.optional(),
});

/** A payment as the till sends it: for cash, `Amount` is what the customer handed over. */
export const posPaymentInputSchema = z.object({
  Method: z.enum(POS_PAYMENT_METHODS),
  Amount: z.number().int().min(1).max(POS_MAX_TOTAL),
});
/** A payment as the till sends it. */
export type PosPaymentInput = z.infer<typeof posPaymentInputSchema>;

/** `Pos/Sell` body: one bill, written with its stock movements in one transaction. */
export const posSellRequestSchema = z.object({
  LocationId: recordIdSchema,
  Customer: z.string().max(200).optional(),
  Lines: z.array(posSellLineSchema).min(1).max(POS_MAX_LINES),
  Discount: posDiscountSchema.optional(),
  Payments: z.array(posPaymentInputSchema).min(1).max(10),
});
/** `Pos/Sell` body. */
export type PosSellRequest = z.input<typeof posSellRequestSchema>;

/** `Pos/Return` body: units of an earlier bill's lines brought back, refunded in one method. */
export const posReturnRequestSchema = z.object({
  BillId: recordIdSchema,
  Lines: z
    .array(z.object({ LineId: recordIdSchema, Quantity: z.number().int().min(1).max(POS_MAX_QUANTITY) }))
    .min(1)
    .max(POS_MAX_LINES),
  Method: z.enum(POS_PAYMENT_METHODS).default('cash'),
});
/** `Pos/Return` body. */
export type PosReturnRequest = z.input<typeof posReturnRequestSchema>;

/** A line of a stored bill. */
export type PosBillLine = {
  Id: number;
  ProductId: number;
  Name: string;
  Sku: string;
  Quantity: number;
  UnitPrice: number;
  Discount: number;
  TaxRate: number;
  Tax: number;
  Total: number;
  /** Units of this line already returned (sales only). */
  Returned: number;
};

/** A stored bill, as the receipt and the invoice show it. */
export type PosBill = {
  Id: number;
  Number: string;
  Kind: 'sale' | 'return';
  OriginalBillId: number | null;
  CreatedAt: string;
  LocationId: number;
  LocationName: string;
  Customer: string;
  Cashier: string;
  Subtotal: number;
  Discount: number;
  Tax: number;
  Total: number;
  Paid: number;
  Change: number;
  Lines: PosBillLine[];
  Payments: { Method: PosPaymentMethod; Amount: number; Tendered: number }[];
};

/** A product as the till finds it, with its stock at the till's location. */
export type PosProduct = {
  Id: number;
  Sku: string;
  Barcode: string | null;
  Name: string;
  Price: number;
  TaxRate: number;
  Stock: number;
};

/** `Pos/Products` body: a search by name, SKU or barcode at a location. */
export const posProductSearchSchema = z.object({
  LocationId: recordIdSchema,
  Search: z.string().max(100).default(''),
  /** An exact barcode or SKU (a scan): answers at most that product. */
  Code: z.string().max(100).optional(),
});

/** `Pos/Bill`, `Pos/InvoicePdf` and `PosPurchaseOrder/Receive` body. */
export const posIdRequestSchema = z.object({ Id: recordIdSchema });

/** `Pos/AdjustStock` body: a counted correction of one product's stock at a location. */
export const posAdjustRequestSchema = z.object({
  ProductId: recordIdSchema,
  LocationId: recordIdSchema,
  Quantity: z
    .number()
    .int()
    .min(-POS_MAX_QUANTITY)
    .max(POS_MAX_QUANTITY)
    .refine((n) => n !== 0, 'must not be 0'),
  Note: z.string().max(500).default(''),
});
