import { z } from 'zod';
import { OPTION_TONES } from './constants';

/** Fields the client adds to every POST body; the server accepts and ignores what it does not need. */
export const commonBodySchema = z.object({
  UI_FirstID: z.string().optional(),
  AppName: z.string().optional(),
  Url: z.string().optional(),
  DocumentWidth: z.number().optional(),
  UI_StartAt: z.union([z.string(), z.number()]).optional(),
  UI_TimezoneOffset: z.number().optional(),
  UI_Language: z.string().optional(),
});
/** Fields the client adds to every POST body. */
export type CommonBody = z.infer<typeof commonBodySchema>;

/** Option item of a select list; `_empty_` is the empty placeholder value. */
export const optionItemSchema = z.object({
  Value: z.union([z.string(), z.number(), z.boolean(), z.null()]),
  Text: z.string(),
  /** The colour its badge is drawn in (`OPTION_TONES`); none: neutral, or the column's `styleByValue`. */
  Tone: z.enum(OPTION_TONES).optional(),
  /**
   * The value of another field of the row this option belongs to (the column's `more.optionsFor`
   * names that field): a permission grant's fields are those of its own screen. None: every row's.
   */
  For: z.string().optional(),
  /**
   * The text is shown as the server wrote it, never translated as a word of the UI: data (a record's
   * name: a category, a user) or words the server already said in the caller's language.
   */
  Verbatim: z.boolean().optional(),
});
/** Option item of a select list. */
export type OptionItem = z.infer<typeof optionItemSchema>;

/** A `{FieldName, NewValue}` pair of an update-fields request. */
export const fieldValueSchema = z.object({
  FieldName: z.string().min(1).max(128),
  NewValue: z.unknown(),
});
/** A `{FieldName, NewValue}` pair of an update-fields request. */
export type FieldValue = z.infer<typeof fieldValueSchema>;

/** Full-path result config (part 1 section 3): a link or file an action brings back. */
export const fullPathItemSchema = z.object({
  FullPath: z.string(),
  FullPathInfo: z.string().optional(),
  FullPathName: z.string().optional(),
});
/** Full-path result config: a link or file an action brings back. */
export const fullPathResultSchema = z.object({
  FullPath: z.string().optional(),
  FullPathNewWindow: z.boolean().optional(),
  FullPathDownload: z.boolean().optional(),
  FullPathTitle: z.string().optional(),
  FullPathInfo: z.string().optional(),
  FullPathName: z.string().optional(),
  FullPathList: z.array(fullPathItemSchema).optional(),
  FullPathListName: z.string().optional(),
});
/** Full-path result config: a link or file an action brings back. */
export type FullPathResult = z.infer<typeof fullPathResultSchema>;
