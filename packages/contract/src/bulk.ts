import { z } from 'zod';
import { fieldValueSchema } from './common';
import { listFilterSchema } from './filters';

/** The most rows one BulkUpdate or BulkDelete changes. */
export const MAX_BULK_ROWS = 10_000;

/**
 * Which rows a bulk action is for: the ids selected, or every row the List shows under its
 * `TextSearch` and `Filters` ("all N rows matching").
 */
const bulkTargetShape = {
  Ids: z.array(z.number().int().positive()).min(1).max(MAX_BULK_ROWS).optional(),
  TextSearch: z.string().max(1000).optional(),
  Filters: z.array(listFilterSchema).max(50).optional(),
  RequestData: z.unknown().optional(),
  UI_TimezoneOffset: z.number().int().min(-840).max(840).optional(),
  ScreenGUID: z.string().max(64).optional(),
};

/** `{APIName}/BulkUpdate` body: `Values` as in UpdateFields, set on every row. */
export const bulkUpdateRequestSchema = z.object({
  ...bulkTargetShape,
  Values: z.array(fieldValueSchema).min(1).max(100),
});
export type BulkUpdateRequest = z.input<typeof bulkUpdateRequestSchema>;

/** `{APIName}/BulkDelete` body. */
export const bulkDeleteRequestSchema = z.object(bulkTargetShape);
export type BulkDeleteRequest = z.input<typeof bulkDeleteRequestSchema>;

/** A row a bulk action left alone, and why. */
export const bulkRefusalSchema = z.object({ Id: z.number().int(), Reason: z.string() });
export type BulkRefusal = z.infer<typeof bulkRefusalSchema>;

/** The answer's Data of BulkUpdate and BulkDelete: rows changed, rows refused with the reasons. */
export const bulkResultSchema = z.object({
  Done: z.number().int(),
  Refused: z.number().int(),
  Reasons: z.array(bulkRefusalSchema),
});
export type BulkResult = z.infer<typeof bulkResultSchema>;

/** The import modes: every row or none, or the good rows with the others refused. */
export const IMPORT_MODES = ['all', 'skip'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

/** A cell (or a row, `Field` empty) an import refused; `Row` counts the file's data rows from 1. */
export const importErrorSchema = z.object({
  Row: z.number().int(),
  Field: z.string(),
  Message: z.string(),
});
export type ImportError = z.infer<typeof importErrorSchema>;

/** The answer's Data of `{APIName}/Import`. */
export const importResultSchema = z.object({
  /** Rows written (added or updated); for a DryRun, the rows that would be. */
  Imported: z.number().int(),
  /** Of those, rows added and rows updated by the key field. */
  Added: z.number().int(),
  Updated: z.number().int(),
  Refused: z.number().int(),
  Errors: z.array(importErrorSchema),
  DryRun: z.boolean(),
  /** The file's headers, and the first rows as read (the preview). */
  Headers: z.array(z.string()),
  Preview: z.array(z.record(z.string(), z.string())),
  /** The mapping used: file column → field (the one given, else the one guessed from the headers). */
  Mapping: z.record(z.string(), z.string()),
  /** A signed link to a CSV of the refused rows with the reason of each (skip mode). */
  RefusedFile: z.string().optional(),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/** What names one import's progress: chosen by the caller, sent as the import's `ProgressKey`. */
export const progressKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'must be 8 to 64 letters, digits, - or _');

/**
 * `import-progress` event of the live stream, to the user whose import is under way; `ProgressKey`
 * when the import was sent with one.
 */
export const importProgressEventSchema = z.object({
  APIName: z.string(),
  Rows: z.number().int(),
  Total: z.number().int(),
  ProgressKey: progressKeySchema.optional(),
});
export type ImportProgressEvent = z.infer<typeof importProgressEventSchema>;

/**
 * `{APIName}/ImportProgress`: where the caller's import sent with this `ProgressKey` is (without the
 * live stream, the import dialog asks this while it waits). Data: the progress, or null before the
 * import read its file.
 */
export const importProgressRequestSchema = z.object({ ProgressKey: progressKeySchema });
export type ImportProgressRequest = z.infer<typeof importProgressRequestSchema>;
