import { sql } from 'drizzle-orm';
import { boolean, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { recordColumns } from './resources';

/**
 * A role: a named set of grants. `is_admin` grants everything (every screen, every action, every
 * field, the administration); the last enabled user holding such a role cannot lose it.
 */
export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  isAdmin: boolean('is_admin').notNull().default(false),
  ...recordColumns(),
});

/**
 * What a role may do on one target: a declared resource (its APIName: the protocol's actions, its
 * fields, its rows) or a screen that is not a resource's own (its screen code: `can_list` opens it).
 * No row: nothing. Fields: `hidden_fields` are never sent; `edit_fields`, when not empty, are the only
 * fields `can_edit` may change. `row_rule` `own` narrows to the rows the resource declares the user's.
 */
export const roleGrants = pgTable(
  'role_grants',
  {
    id: serial('id').primaryKey(),
    roleCode: text('role_code')
      .notNull()
      .references(() => roles.code, { onDelete: 'cascade', onUpdate: 'cascade' }),
    target: text('target').notNull(),
    canList: boolean('can_list').notNull().default(false),
    canDetail: boolean('can_detail').notNull().default(false),
    canAdd: boolean('can_add').notNull().default(false),
    canEdit: boolean('can_edit').notNull().default(false),
    canDelete: boolean('can_delete').notNull().default(false),
    canExport: boolean('can_export').notNull().default(false),
    /** Configured actions of the target (e.g. `Restock`) the role may run. */
    actions: text('actions').array().notNull().default(sql`'{}'::text[]`),
    hiddenFields: text('hidden_fields').array().notNull().default(sql`'{}'::text[]`),
    editFields: text('edit_fields').array().notNull().default(sql`'{}'::text[]`),
    /** `all` or `own`. */
    rowRule: text('row_rule').notNull().default('all'),
    ...recordColumns(),
  },
  (t) => [uniqueIndex('role_grants_role_target_idx').on(t.roleCode, t.target)],
);
