import { integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * The collections made in the studio (docs/collections.md), part of the configuration: each one's
 * definition as the document holds it. Their records live in tables of their own (`c_<Table>`),
 * created and altered from these definitions in the transaction that publishes them.
 */
export const collections = pgTable('collections', {
  apiName: text('api_name').primaryKey(),
  /** The collection's place in the document's list. */
  orderNo: integer('order_no').notNull().default(0),
  definition: jsonb('definition').notNull(),
});
