import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Server-side settings, one JSON value per key (the feature flags live under `ui_app_config`). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Screens the server hands to clients as routes and menu entries. A screen with a parent is a content
 * of that screen's tree (a tab of a tab screen, a widget of a dashboard), not a route of its own.
 */
export const screens = pgTable(
  'screens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The tab, panel or dashboard screen holding this one; null for a screen that is a route. */
    parentId: uuid('parent_id').references((): AnyPgColumn => screens.id, { onDelete: 'cascade' }),
    uiUrl: text('ui_url').notNull(),
    screenCode: text('screen_code').notNull().unique(),
    title: text('title').notNull(),
    apiName: text('api_name').notNull().default(''),
    /** The call a content makes for its data (`{APIName}/{APIMethod}`). */
    apiMethod: text('api_method').notNull().default('List'),
    uiType: text('ui_type').notNull().default(''),
    config: text('config').notNull().default('{}'),
    requestData: text('request_data').notNull().default('{}'),
    type: text('type').notNull().default(''),
    /** JSON text of the screen's `ScreenConfig` (Page, Header, Table, Filter, AddNew, Chart). */
    screenConfig: text('screen_config').notNull().default('{}'),
    /** JSON text specific to the UI type (a dashboard's layout); empty when the type needs none. */
    uiTypeContents: text('ui_type_contents').notNull().default(''),
    /**
     * What the configuration says of the columns of the screen's resource, by field (`ConfigColumn`):
     * lies over the resource's declaration (migration 0014).
     */
    columns: jsonb('columns').notNull().default({}),
    /** The fields in the order the screen shows them; fields not named follow in declared order. */
    columnOrder: jsonb('column_order').notNull().default([]),
    /** Public screens are listed in `PublicApiScreenList` for guests too. */
    isPublic: boolean('is_public').notNull().default(false),
    isEnabled: boolean('is_enabled').notNull().default(true),
    orderNo: integer('order_no').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('screens_parent_idx').on(t.parentId)],
);

/** Entries of the side menu and of the app menu, a tree per kind. */
export const menus = pgTable(
  'menus',
  {
    id: serial('id').primaryKey(),
    /** `side` (the sidebar) or `app` (the header's application menu). */
    kind: text('kind').notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => menus.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    code: text('code').notNull(),
    url: text('url').notNull().default(''),
    /** A bootstrap-icons class name, e.g. `bi-house`. */
    icon: text('icon').notNull().default(''),
    orderNo: integer('order_no').notNull().default(0),
    newWindow: boolean('new_window').notNull().default(false),
    isEnabled: boolean('is_enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('menus_kind_code_idx').on(t.kind, t.code),
    index('menus_parent_idx').on(t.parentId),
    check('menus_kind_check', sql`${t.kind} in ('side', 'app')`),
  ],
);
