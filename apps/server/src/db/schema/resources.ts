import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  time,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The columns every record of a resource carries. `updated_at` keeps milliseconds only, so that the
 * `IM_ReturnTime` a client echoes back (ISO, ms) compares exactly with the stored value.
 */
export const recordColumns = () => ({
  isLocked: boolean('is_locked').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

/** Demo resource `Category`: a small list, also the option list of products. */
export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  code: text('code').notNull().unique(),
  color: text('color').notNull().default('#6c757d'),
  description: text('description').notNull().default(''),
  ...recordColumns(),
});

/** Demo resource `Product`: 100,000 rows with a column of every cell type. */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    sku: text('sku').notNull().unique(),
    description: text('description').notNull().default(''),
    price: numeric('price', { precision: 12, scale: 2 }).notNull().default('0'),
    quantity: integer('quantity').notNull().default(0),
    discount: numeric('discount', { precision: 5, scale: 2 }).notNull().default('0'),
    isActive: boolean('is_active').notNull().default(true),
    isFeatured: boolean('is_featured').notNull().default(false),
    releaseDate: date('release_date'),
    restockedAt: timestamp('restocked_at', { withTimezone: true, precision: 3 }),
    pickupTime: time('pickup_time'),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('draft'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    color: text('color'),
    website: text('website'),
    photo: text('photo'),
    notesHtml: text('notes_html'),
    attributes: jsonb('attributes'),
    label: text('label'),
    /** JSON text of a style object for the whole row (`UI_StyleRow`). */
    rowStyle: text('row_style'),
    /**
     * The searchable texts folded as the search compares them (`pw_fold`: lower case, accents off),
     * stored (migration 0025), each with its trigram index: a search's candidates are rechecked on
     * these rather than by folding every candidate row's text again. In the database they are the
     * row's first columns after the id, then status and category (migration 0028): a recheck reads
     * them without walking the other columns. Drizzle names every column it reads or writes, so the
     * order here does not matter.
     */
    nameFolded: text('name_folded').generatedAlwaysAs(sql`pw_fold(name)`),
    skuFolded: text('sku_folded').generatedAlwaysAs(sql`pw_fold(sku)`),
    descriptionFolded: text('description_folded').generatedAlwaysAs(sql`pw_fold(description)`),
    ...recordColumns(),
  },
  (t) => [
    index('products_name_idx').on(t.name, t.id),
    index('products_price_idx').on(t.price, t.id),
    index('products_release_date_idx').on(t.releaseDate, t.id),
    index('products_category_idx').on(t.categoryId, t.id),
  ],
);
