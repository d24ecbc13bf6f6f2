import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Who did what, when, from where, with what outcome: sign-in attempts, account changes and every
 * change of a record (with old and new values in `details`). Never a password or a token.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** e.g. `sign_in`, `logout`, `password_reset`, `record_update`, `record_create`, `record_delete`. */
    action: text('action').notNull(),
    /** `success`, `failure`, `denied`, `throttled`... */
    outcome: text('outcome').notNull().default('success'),
    /** The resource (APIName) a record change belongs to. */
    resource: text('resource'),
    recordId: text('record_id'),
    ip: text('ip'),
    /** What the action was about: the user name tried, the fields changed with old and new values. */
    details: jsonb('details'),
    /**
     * The field changes of `details` as "Field: old → new; …", for the audit screen: written by the
     * server with the entry (`auditChangesText`, migration 0026), as the database's
     * `audit_changes_text(details)` reads the same details.
     */
    changesText: text('changes_text'),
    /** The user name a sign-in attempt tried. */
    usernameTried: text('username_tried').generatedAlwaysAs(sql`(details ->> 'username')`),
  },
  (t) => [index('audit_log_at_idx').on(t.at), index('audit_log_record_idx').on(t.resource, t.recordId)],
);
