import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { files } from './files';
import { recordColumns } from './resources';
import { users } from './users';

/** Resource `Event`: what the calendar screen shows and reschedules. */
export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true, precision: 3 }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true, precision: 3 }),
    allDay: boolean('all_day').notNull().default(false),
    category: text('category').notNull().default('meeting'),
    color: text('color'),
    location: text('location').notNull().default(''),
    notes: text('notes').notNull().default(''),
    ...recordColumns(),
  },
  (t) => [index('events_starts_at_idx').on(t.startsAt, t.id)],
);

/** Resource `Place`: the markers of the map screen. */
export const places = pgTable('places', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  category: text('category').notNull().default('office'),
  latitude: numeric('latitude', { precision: 9, scale: 6 }).notNull(),
  longitude: numeric('longitude', { precision: 9, scale: 6 }).notNull(),
  address: text('address').notNull().default(''),
  ...recordColumns(),
});

/** Resource `Sale`: the rows of the sales report and the data of the charts and dashboards. */
export const sales = pgTable(
  'sales',
  {
    id: serial('id').primaryKey(),
    soldOn: date('sold_on').notNull(),
    region: text('region').notNull(),
    channel: text('channel').notNull().default('shop'),
    customer: text('customer').notNull().default(''),
    quantity: integer('quantity').notNull().default(1),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull().default('0'),
    ...recordColumns(),
  },
  (t) => [index('sales_sold_on_idx').on(t.soldOn, t.id)],
);

/**
 * The file manager's tree: folders and files (a file's bytes are a row of `files`). Names are unique
 * per folder regardless of case; the root is the null parent.
 */
export const fileEntries = pgTable(
  'file_entries',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').references((): AnyPgColumn => fileEntries.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'cascade' }),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    contentType: text('content_type').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('file_entries_parent_name_idx').on(sql`coalesce(${t.parentId}, 0)`, sql`lower(${t.name})`),
    uniqueIndex('file_entries_file_idx').on(t.fileId),
    index('file_entries_parent_idx').on(t.parentId),
    check('file_entries_kind_check', sql`${t.kind} in ('folder', 'file')`),
  ],
);

/** What the demo forms (`Demo/FormSave`) stored: one row per submit, the values as JSON. */
export const formEntries = pgTable(
  'form_entries',
  {
    id: serial('id').primaryKey(),
    formCode: text('form_code').notNull(),
    data: jsonb('data').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('form_entries_code_idx').on(t.formCode, t.createdAt)],
);
