import { boolean, date, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// The point of sale's reports, read through the generic resource protocol (List, filters, Export)
// from views that migration 0011 creates by hand (its marked block at the end). They are declared here,
// outside the schema that drizzle-kit reads, so that it never tries to create them as tables; each
// carries the record columns a resource relies on (never locked, never edited).

const viewRecordColumns = () => ({
  isLocked: boolean('is_locked').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull(),
  updatedBy: integer('updated_by'),
});

/** Stock of each product at each location: the sum of its movements, valued at cost. */
export const posStockLevels = pgTable('pos_stock_levels', {
  id: integer('id').primaryKey(),
  productId: integer('product_id').notNull(),
  locationId: integer('location_id').notNull(),
  sku: text('sku').notNull(),
  name: text('name').notNull(),
  quantity: integer('quantity').notNull(),
  cost: numeric('cost', { precision: 12, scale: 2 }).notNull(),
  value: numeric('value', { precision: 14, scale: 2 }).notNull(),
  reorderLevel: integer('reorder_level').notNull(),
  isLow: boolean('is_low').notNull(),
  ...viewRecordColumns(),
});

/** Sales per day (returns counted against the day they were made). */
export const posSalesByDay = pgTable('pos_sales_by_day', {
  id: integer('id').primaryKey(),
  day: date('day').notNull(),
  bills: integer('bills').notNull(),
  returns: integer('returns').notNull(),
  net: numeric('net', { precision: 14, scale: 2 }).notNull(),
  tax: numeric('tax', { precision: 14, scale: 2 }).notNull(),
  total: numeric('total', { precision: 14, scale: 2 }).notNull(),
  ...viewRecordColumns(),
});

/** Sales per product, net of returns. */
export const posSalesByProduct = pgTable('pos_sales_by_product', {
  id: integer('id').primaryKey(),
  sku: text('sku').notNull(),
  name: text('name').notNull(),
  units: integer('units').notNull(),
  net: numeric('net', { precision: 14, scale: 2 }).notNull(),
  total: numeric('total', { precision: 14, scale: 2 }).notNull(),
  ...viewRecordColumns(),
});

/** Takings per day and payment method (refunds negative). */
export const posSalesByPayment = pgTable('pos_sales_by_payment', {
  id: integer('id').primaryKey(),
  day: date('day').notNull(),
  method: text('method').notNull(),
  payments: integer('payments').notNull(),
  amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
  ...viewRecordColumns(),
});
