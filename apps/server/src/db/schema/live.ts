import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A notification as each recipient holds it. One send shares its `id` among all its recipients, so
 * that the one live event carries an id every recipient can mark read.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    url: text('url').notNull().default(''),
    isRead: boolean('is_read').notNull().default(false),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** Who sent it; null once that account is gone. */
    sentBy: integer('sent_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.userId] }),
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
    index('notifications_user_unread_idx').on(t.userId).where(sql`not ${t.isRead}`),
  ],
);

/** A browser's Web Push subscription; it belongs to the user last signed in on that browser. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    /** The browser's P-256 public key and auth secret (base64url), which encrypt each push. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

/** Errors the web app reports (`Exception/SaveLog`), secrets masked before they are stored. */
export const exceptionLogs = pgTable(
  'exception_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    logBy: text('log_by').notNull().default(''),
    /** The API the failing call went to (the client's field name, `AIPUrl`, kept). */
    apiUrl: text('api_url').notNull().default(''),
    url: text('url').notNull().default(''),
    error: text('error').notNull().default(''),
    data: text('data').notNull().default(''),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('exception_logs_at_idx').on(t.at)],
);
