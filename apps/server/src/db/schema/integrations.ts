import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Keys other systems call the API with (`Authorization: Bearer pwk_…`). Only a SHA-256 of the key is
 * kept (it is 256 random bits: a slow hash would add nothing but time to every call); its first
 * characters stay readable so that people can tell keys apart. A key acts as its owner holding only
 * `role`, which was one of the owner's roles when it was made and must stay one.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** The key's first characters (`pwk_AbCd1234`), shown in lists. */
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    /** Addresses or CIDR ranges the key may be used from; empty: anywhere. */
    allowedAddresses: text('allowed_addresses').array().notNull().default(sql`'{}'::text[]`),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedIp: text('last_used_ip'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('api_keys_user_idx').on(t.userId)],
);

/**
 * A subscription of another system to the changes of one resource: the events it wants, where they go,
 * the secret they are signed with (sealed with the server's SecretBox: it must be read back to sign),
 * and the role whose readable fields the payload carries.
 */
export const webhooks = pgTable(
  'webhooks',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull().default(''),
    /** The APIName of the resource (declared or collection). */
    target: text('target').notNull(),
    /** `created`, `updated`, `deleted`, `imported`, `bulk`. */
    events: text('events').array().notNull(),
    url: text('url').notNull(),
    secretSealed: text('secret_sealed').notNull(),
    role: text('role').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhooks_target_idx').on(t.target)],
);

/**
 * The outbox: one row per webhook and change, written in the transaction of the change, so that a
 * committed change always has its deliveries. Workers claim due rows with `FOR UPDATE SKIP LOCKED`
 * and push `next_attempt_at` ahead by a lease, so that a worker that dies mid-send only delays one.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    webhookId: integer('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    resource: text('resource').notNull(),
    recordId: text('record_id'),
    payload: jsonb('payload').notNull(),
    /** `pending`, `delivered`, `failed` (gave up after 24 hours). */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Retries stop after this (24 hours after the change, or after a Redeliver). */
    giveUpAt: timestamp('give_up_at', { withTimezone: true })
      .notNull()
      .default(sql`now() + interval '24 hours'`),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    responseCode: integer('response_code'),
    durationMs: integer('duration_ms'),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`status = 'pending'`),
    index('webhook_deliveries_webhook_idx').on(t.webhookId, t.createdAt),
  ],
);
