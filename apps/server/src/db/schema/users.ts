import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    uniqueId: uuid('unique_id').notNull().defaultRandom(),
    username: text('username').notNull(),
    displayName: text('display_name').notNull().default(''),
    email: text('email'),
    phoneNumber: text('phone_number'),
    passwordHash: text('password_hash'),
    languageCode: text('language_code').notNull().default('en'),
    avatarUrl: text('avatar_url').notNull().default(''),
    /** `light`, `dark`, or `system` (follow the device): the user's colour mode, in every browser. */
    colorMode: text('color_mode').notNull().default('system'),
    /**
     * Legacy single role, no longer written nor read: `roles` is what counts. Its default (`staff`) and
     * the trigger that copied it into an empty `roles` were dropped by migration 0024, so an account
     * never gets a role nobody chose.
     */
    role: text('role'),
    /** The user's roles (codes of `roles`); what they may do is the union of their grants. */
    roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
    /** A locked user record cannot be changed on the Users screen (the record columns of a resource). */
    isLocked: boolean('is_locked').notNull().default(false),
    updatedBy: integer('updated_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    isDisabled: boolean('is_disabled').notNull().default(false),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** An administrator requires this user to sign in with a second factor (set one up first if none). */
    fa2Required: boolean('fa2_required').notNull().default(false),
    /** Second factor: on or off, its method (`totp` or `email`), the TOTP secret (encrypted). */
    fa2Enabled: boolean('fa2_enabled').notNull().default(false),
    fa2Method: text('fa2_method'),
    totpSecret: text('totp_secret'),
    /** A TOTP secret being set up, until a code from it enables it. */
    totpPendingSecret: text('totp_pending_secret'),
    /** The last TOTP time step accepted: a code of that step or an older one is a replay. */
    totpLastStep: integer('totp_last_step'),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('users_unique_id_idx').on(t.uniqueId),
    index('users_email_lower_idx').on(sql`lower(${t.email})`),
  ],
);

/** A session backs every issued token, so that logout and password changes revoke tokens at once. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `access` for a full session, `fa2` for the short-lived two-factor step. */
    scope: text('scope').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/**
 * Each user's own view of a table screen: its columns in the user's order, each shown or hidden (the
 * column chooser). Kept on the server, so that it follows the user to any browser.
 */
export const userTableViews = pgTable(
  'user_table_views',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    screenCode: text('screen_code').notNull(),
    /** `[{Field, Visible}]` in the user's order. */
    columns: jsonb('columns').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.screenCode] })],
);
