import { z } from 'zod';
import { fullPathResultSchema, optionItemSchema } from './common';

/** The id of a record: a positive whole number, or its digits as text. */
export const recordIdSchema = z.union([
  z.number({ error: 'must be a positive whole number' }).int().min(1).max(2_147_483_647),
  z
    .string({ error: 'must be a positive whole number' })
    .regex(/^[1-9]\d{0,9}$/, 'must be a positive whole number')
    .transform(Number)
    .pipe(z.number().max(2_147_483_647, 'must be a positive whole number')),
]);

/** `{APIName}/Detail` and `{APIName}/Delete` body. */
export const recordRequestSchema = z.object({ Id: recordIdSchema });
/** `{APIName}/Detail` and `{APIName}/Delete` body. */
export type RecordRequest = z.input<typeof recordRequestSchema>;

/** `{APIName}/Options` body. */
export const optionsRequestSchema = z.object({
  ScreenGUID: z.string().max(128).optional(),
  ProjectId: z.union([z.string().max(128), z.number()]).optional(),
  RequestData: z.unknown().optional(),
});

/** The fields every row of a resource carries besides its columns. */
export const resourceRowSchema = z
  .object({
    Id: z.number().int(),
    /** The row's last-change time, ISO with milliseconds; echo it in UpdateFields. */
    IM_ReturnTime: z.string(),
    /** True makes every cell of the row read-only; the server refuses changes to it. */
    IsLocked: z.boolean(),
  })
  .catchall(z.unknown());
/** The fields every row of a resource carries besides its columns. */
export type ResourceRow = z.infer<typeof resourceRowSchema>;

/** `{APIName}/Options` answer data: the screen configuration and the option lists `{Key}List`. */
export const resourceOptionsSchema = z
  .object({
    ScreenCode: z.string(),
    Title: z.string(),
    /** JSON text of the screen configuration (screen-config.md). */
    Configs: z.object({ ScreenConfig: z.string() }),
    ButtonList: z.array(z.unknown()),
  })
  .catchall(z.union([z.array(optionItemSchema), z.unknown()]));
/** `{APIName}/Options` answer data. */
export type ResourceOptions = z.infer<typeof resourceOptionsSchema>;

/** `{APIName}/Export` answer data: a signed, expiring link to the spreadsheet. */
export const exportResultSchema = fullPathResultSchema.required({ FullPath: true, FullPathName: true });

/** One stored file of an upload answer. */
export const uploadedFileSchema = z.object({
  /** A signed link to the file (`/files/{id}/{name}?exp=...&sig=...`). */
  FileUrl: z.string(),
  FileName: z.string(),
  Size: z.number().int(),
  ContentType: z.string(),
});
/** `ProjectPhoto/FileUploadFile` answer data. */
export const uploadResultSchema = z.object({ Photos: z.array(uploadedFileSchema) });
/** `ProjectPhoto/FileUploadFile` answer data. */
export type UploadResult = z.infer<typeof uploadResultSchema>;
