import {
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { recordColumns } from './resources';
import { users } from './users';

// Point of sale. Amounts are exact decimals (numeric(12,2)) and tax rates percentages (numeric(5,2));
// the service reads them as integers of minor units and basis points and computes in those, never in
// floating point. Stock is never stored as a number: it is the sum of a product's stock movements.

/** A shop or a store room holding stock. */
export const posLocations = pgTable('pos_locations', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  ...recordColumns(),
});

export const posSuppliers = pgTable('pos_suppliers', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  contact: text('contact').notNull().default(''),
  email: text('email').notNull().default(''),
  phone: text('phone').notNull().default(''),
  ...recordColumns(),
});

export const posProducts = pgTable(
  'pos_products',
  {
    id: serial('id').primaryKey(),
    sku: text('sku').notNull().unique(),
    barcode: text('barcode'),
    name: text('name').notNull(),
    /** Unit price before tax. */
    price: numeric('price', { precision: 12, scale: 2 }).notNull().default('0'),
    /** A percentage: 10.00 is 10%. */
    taxRate: numeric('tax_rate', { precision: 5, scale: 2 }).notNull().default('0'),
    /** What a unit costs the shop (stock value). */
    cost: numeric('cost', { precision: 12, scale: 2 }).notNull().default('0'),
    supplierId: integer('supplier_id').references(() => posSuppliers.id, { onDelete: 'set null' }),
    /** At or below this the product is on the low-stock list. */
    reorderLevel: integer('reorder_level').notNull().default(5),
    isActive: boolean('is_active').notNull().default(true),
    ...recordColumns(),
  },
  (t) => [uniqueIndex('pos_products_barcode_idx').on(t.barcode)],
);

export const posPurchaseOrders = pgTable('pos_purchase_orders', {
  id: serial('id').primaryKey(),
  reference: text('reference').notNull().unique(),
  supplierId: integer('supplier_id')
    .notNull()
    .references(() => posSuppliers.id),
  locationId: integer('location_id')
    .notNull()
    .references(() => posLocations.id),
  /** draft, then received (its stock added) once. */
  status: text('status').notNull().default('draft'),
  receivedAt: timestamp('received_at', { withTimezone: true, precision: 3 }),
  notes: text('notes').notNull().default(''),
  ...recordColumns(),
});

export const posPurchaseOrderLines = pgTable('pos_purchase_order_lines', {
  id: serial('id').primaryKey(),
  purchaseOrderId: integer('purchase_order_id')
    .notNull()
    .references(() => posPurchaseOrders.id, { onDelete: 'cascade' }),
  productId: integer('product_id')
    .notNull()
    .references(() => posProducts.id),
  quantity: integer('quantity').notNull(),
  unitCost: numeric('unit_cost', { precision: 12, scale: 2 }).notNull().default('0'),
  ...recordColumns(),
});

/** A sale, or a return against an earlier sale (`originalBillId`), with amounts of its own sign. */
export const posBills = pgTable(
  'pos_bills',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull().unique(),
    kind: text('kind').notNull().default('sale'),
    originalBillId: integer('original_bill_id'),
    locationId: integer('location_id')
      .notNull()
      .references(() => posLocations.id),
    customer: text('customer').notNull().default(''),
    subtotal: numeric('subtotal', { precision: 12, scale: 2 }).notNull(),
    discount: numeric('discount', { precision: 12, scale: 2 }).notNull(),
    tax: numeric('tax', { precision: 12, scale: 2 }).notNull(),
    total: numeric('total', { precision: 12, scale: 2 }).notNull(),
    paid: numeric('paid', { precision: 12, scale: 2 }).notNull(),
    change: numeric('change', { precision: 12, scale: 2 }).notNull(),
    cashierId: integer('cashier_id').references(() => users.id, { onDelete: 'set null' }),
    ...recordColumns(),
  },
  (t) => [index('pos_bills_created_idx').on(t.createdAt, t.id)],
);

export const posBillLines = pgTable(
  'pos_bill_lines',
  {
    id: serial('id').primaryKey(),
    billId: integer('bill_id')
      .notNull()
      .references(() => posBills.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => posProducts.id),
    originalLineId: integer('original_line_id'),
    name: text('name').notNull(),
    sku: text('sku').notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: numeric('unit_price', { precision: 12, scale: 2 }).notNull(),
    /** Line discount plus the line's share of the bill discount. */
    discount: numeric('discount', { precision: 12, scale: 2 }).notNull(),
    taxRate: numeric('tax_rate', { precision: 5, scale: 2 }).notNull(),
    tax: numeric('tax', { precision: 12, scale: 2 }).notNull(),
    total: numeric('total', { precision: 12, scale: 2 }).notNull(),
    ...recordColumns(),
  },
  (t) => [
    index('pos_bill_lines_bill_idx').on(t.billId, t.id),
    index('pos_bill_lines_product_idx').on(t.productId),
  ],
);

export const posPayments = pgTable(
  'pos_payments',
  {
    id: serial('id').primaryKey(),
    billId: integer('bill_id')
      .notNull()
      .references(() => posBills.id, { onDelete: 'cascade' }),
    /** cash, card or transfer. */
    method: text('method').notNull(),
    /** What the payment covers of the bill (cash: tendered less change). */
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    tendered: numeric('tendered', { precision: 12, scale: 2 }).notNull(),
    ...recordColumns(),
  },
  (t) => [index('pos_payments_bill_idx').on(t.billId)],
);

/** The audit trail of stock: sale and return (a bill), receipt (a purchase order), adjustment. */
export const posStockMovements = pgTable(
  'pos_stock_movements',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => posProducts.id),
    locationId: integer('location_id')
      .notNull()
      .references(() => posLocations.id),
    /** Signed: a sale takes units out, a receipt brings them in. */
    quantity: integer('quantity').notNull(),
    kind: text('kind').notNull(),
    billId: integer('bill_id').references(() => posBills.id),
    purchaseOrderId: integer('purchase_order_id').references(() => posPurchaseOrders.id),
    note: text('note').notNull().default(''),
    ...recordColumns(),
  },
  (t) => [index('pos_stock_movements_product_idx').on(t.productId, t.locationId)],
);
