import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Texts that replace the shipped ones (the web app's language files), by language, namespace and
 * key (the English wording). Part of the configuration: drafted, published and versioned.
 */
export const translations = pgTable(
  'translations',
  {
    language: text('language').notNull(),
    namespace: text('namespace').notNull(),
    key: text('key').notNull(),
    text: text('text').notNull(),
  },
  (t) => [primaryKey({ columns: [t.language, t.namespace, t.key] })],
);

/**
 * The published versions of the configuration, each a whole snapshot (see docs/configuration.md):
 * who, when, why, and what changed against the version before.
 */
export const configVersions = pgTable('config_versions', {
  id: serial('id').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  /** The author's name when it was made, kept if the account goes. Empty for the product itself. */
  createdByName: text('created_by_name').notNull().default(''),
  /** `shipped`, `publish`, `apply`, `restore`, `upgrade` or `change` (made outside the studio). */
  kind: text('kind').notNull(),
  message: text('message').notNull(),
  /** The whole configuration document of this version. */
  snapshot: jsonb('snapshot').notNull(),
  /** What changed against the version before, item by item (`ConfigChange[]`). */
  changes: jsonb('changes').notNull().default([]),
  /** The version a restore brought back. */
  restoredFrom: integer('restored_from'),
  /** The product's build that made it. */
  build: text('build').notNull().default(''),
});

/**
 * The shared draft: items of the configuration changed in the studio and not yet published. `item`
 * is the item's path as JSON text (`["screens","products"]`); `value` null removes the item.
 */
export const configDrafts = pgTable(
  'config_drafts',
  {
    item: text('item').primaryKey(),
    value: jsonb('value'),
    /** The version the item was first changed from. */
    basedOn: integer('based_on').notNull(),
    /** Grows with every save of the item: a save names the revision it changed. */
    revision: integer('revision').notNull().default(1),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedByName: text('updated_by_name').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('config_drafts_updated_idx').on(t.updatedAt)],
);
