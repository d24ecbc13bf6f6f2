import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Comments on a record of any resource (declared or a collection), named as the audit log names a
 * record: the resource's APIName and the record's id as text. Who may read the record may read and
 * add them (modules/record-activity).
 */
export const recordComments = pgTable(
  'record_comments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    resource: text('resource').notNull(),
    recordId: text('record_id').notNull(),
    /** The author; null once that account is gone (the comment stays, by "a removed user"). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    /** The users the comment mentions (and notified), resolved when it was added. */
    mentions: integer('mentions').array().notNull().default(sql`'{}'::integer[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('record_comments_record_idx').on(t.resource, t.recordId, t.id)],
);
