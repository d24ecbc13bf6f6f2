import {
  bigint,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/** Uploaded and generated files; the bytes live under `DATA_DIR/files/{storage_key}`. */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    /** `upload` (kept while something refers to it) or `export` (deleted after the retention period). */
    kind: text('kind').notNull().default('upload'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('files_kind_created_idx').on(t.kind, t.createdAt)],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
});

/**
 * The bytes of files when `FILE_STORE=database`: every instance reads what any instance stored. A file
 * is cut into chunks of 256 KiB (a zero-length one for an empty file), written and read one at a time,
 * so that neither side ever holds a whole file in memory.
 */
export const fileChunks = pgTable(
  'file_chunks',
  {
    storageKey: text('storage_key').notNull(),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.storageKey, t.seq] })],
);
