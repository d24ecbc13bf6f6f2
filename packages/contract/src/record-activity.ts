import { z } from 'zod';
import { recordIdSchema } from './resources';

// A record's history (its changes from the audit log) and its comments, on every resource
// (`RecordHistory/List`, `Comments/List`, `Comments/AddNew`, `Comments/Delete`, `Comments/Mentionable`).

/** Which record: the resource's APIName and the record's id. */
const recordShape = {
  APIName: z.string().trim().min(1).max(128),
  Id: recordIdSchema,
  ScreenGUID: z.string().max(64).optional(),
};

/** `RecordHistory/List` and `Comments/List` body. */
export const recordActivityRequestSchema = z.object(recordShape);
export type RecordActivityRequest = z.input<typeof recordActivityRequestSchema>;

/** One field's change in a history entry: the field, its header (English; the web translates it), old and new. */
export const historyChangeSchema = z.object({
  Field: z.string(),
  Header: z.string(),
  Old: z.unknown(),
  New: z.unknown(),
  /** Old and New are data (a record's name: a category, a user), shown as written, never translated. */
  Verbatim: z.boolean().optional(),
});
export type HistoryChange = z.infer<typeof historyChangeSchema>;

/** The kinds of a history entry: the record was added, changed or deleted. */
export const HISTORY_KINDS = ['create', 'update', 'delete'] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];

/** One entry of a record's history, newest first in the list. */
export const historyEntrySchema = z.object({
  Id: z.number().int(),
  At: z.string(),
  Kind: z.enum(HISTORY_KINDS),
  /** Who made it ('' for the system or a removed user). */
  UserName: z.string(),
  /** Set when the change was part of an import or a bulk action. */
  Operation: z.string().optional(),
  Changes: z.array(historyChangeSchema),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/** `RecordHistory/List` answer data. */
export const historyListSchema = z.object({ Items: z.array(historyEntrySchema), More: z.boolean() });
export type HistoryList = z.infer<typeof historyListSchema>;

/** A user a comment may mention: those who may read the record. */
export const mentionableUserSchema = z.object({
  Id: z.number().int(),
  UserName: z.string(),
  DisplayName: z.string(),
});
export type MentionableUser = z.infer<typeof mentionableUserSchema>;

/** One comment on a record. */
export const recordCommentSchema = z.object({
  Id: z.number().int(),
  At: z.string(),
  UserId: z.number().int().nullable(),
  UserName: z.string(),
  DisplayName: z.string(),
  Body: z.string(),
  Mentions: z.array(mentionableUserSchema),
  /** Whether the caller may delete it (their own comment, or an administrator). */
  CanDelete: z.boolean(),
});
export type RecordComment = z.infer<typeof recordCommentSchema>;

/** Comments one `Comments/List` call answers at most (a long thread is read a page at a time). */
export const COMMENT_PAGE = 50;

/** `Comments/List` body: the latest `Take` comments, or those before the comment `Before` (older ones). */
export const commentListRequestSchema = z.object({
  ...recordShape,
  Before: z.number().int().positive().optional(),
  Take: z.number().int().min(1).max(200).default(COMMENT_PAGE),
});
export type CommentListRequest = z.input<typeof commentListRequestSchema>;

/**
 * `Comments/List` answer data: one page of the thread, oldest first (a thread reads downwards);
 * `More` says there are older comments (ask again with `Before` the first one's Id).
 */
export const commentListSchema = z.object({ Items: z.array(recordCommentSchema), More: z.boolean() });
export type CommentList = z.infer<typeof commentListSchema>;

/** The longest comment. */
export const MAX_COMMENT_LENGTH = 4000;

/** `Comments/AddNew` body: the text, where `@username` mentions a user; `Url` is the record's page. */
export const commentAddRequestSchema = z.object({
  ...recordShape,
  Body: z.string().trim().min(1).max(MAX_COMMENT_LENGTH),
  Url: z
    .string()
    .max(2048)
    .refine((value) => value === '' || /^\/(?!\/)/.test(value), {
      message: 'must be empty or a path starting with /',
    })
    .default(''),
});
export type CommentAddRequest = z.input<typeof commentAddRequestSchema>;

/** `Comments/Delete` body. */
export const commentDeleteRequestSchema = z.object({
  ...recordShape,
  CommentId: z.number().int().positive(),
});
export type CommentDeleteRequest = z.input<typeof commentDeleteRequestSchema>;

/** `Comments/Mentionable` body: users whose name or display name starts a word with `Search`. */
export const mentionableRequestSchema = z.object({
  ...recordShape,
  Search: z.string().trim().max(100).default(''),
});
export type MentionableRequest = z.input<typeof mentionableRequestSchema>;

/** The `@username` mentions of a comment's text (user names are letters, digits, `.`, `_`, `-`). */
export function mentionedNames(body: string): string[] {
  const names = new Set<string>();
  for (const match of body.matchAll(/(^|[^\w@.])@([\p{L}\p{N}_.-]{1,64})/gu)) {
    names.add((match[2] ?? '').replace(/[.-]+$/, '').toLowerCase());
  }
  names.delete('');
  return [...names];
}
