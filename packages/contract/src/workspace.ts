import { z } from 'zod';

/** Names of file-manager folders and files: no path separators, control characters or dot names. */
export const entryNameSchema = z
  .string({ error: 'must be text' })
  .trim()
  .min(1, 'is required')
  .max(120, 'must be at most 120 characters')
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  .refine((name) => !/[/\\\u0000-\u001f\u007f]/.test(name), 'must not contain / \\ or control characters')
  .refine((name) => name !== '.' && name !== '..', 'must not be . or ..');

const entryIdSchema = z.number({ error: 'must be a positive whole number' }).int().min(1).max(2_147_483_647);
/** The folder of a call; null or absent is the root. */
const folderIdSchema = entryIdSchema.nullable().optional();

/** `FileManager/List` body. */
export const fileManagerListRequestSchema = z.object({ FolderId: folderIdSchema });
/** `FileManager/CreateFolder` body. */
export const fileManagerCreateFolderRequestSchema = z.object({
  ParentId: folderIdSchema,
  Name: entryNameSchema,
});
/** `FileManager/Rename` body. */
export const fileManagerRenameRequestSchema = z.object({ Id: entryIdSchema, Name: entryNameSchema });
/** `FileManager/Delete` body. */
export const fileManagerDeleteRequestSchema = z.object({ Id: entryIdSchema });
/** `FileManager/AddFiles` body: files just uploaded through `ProjectPhoto/FileUploadFile`, by their links. */
export const fileManagerAddFilesRequestSchema = z.object({
  FolderId: folderIdSchema,
  FileUrls: z.array(z.string().max(4096)).min(1).max(10),
});

/** A folder or file of the file manager. */
export type FileManagerEntry = {
  Id: number;
  Kind: 'folder' | 'file';
  Name: string;
  Size: number;
  ContentType: string;
  /** A signed link (one hour) to a file's bytes; empty for folders. */
  Url: string;
  UpdatedAt: string;
  /** The caller may rename and delete it. */
  CanChange: boolean;
};

/** `FileManager/List` answer data: the folder, its path from the root, and its entries (folders first). */
export type FileManagerListing = {
  Folder: { Id: number | null; Name: string };
  Path: { Id: number; Name: string }[];
  Items: FileManagerEntry[];
};

/** The data of a chart (`ExtraData.ChartData` of a chart call), in chart.js terms. */
export type ChartData = {
  labels: string[];
  datasets: { label: string; data: number[] }[];
};

/** `Aauth2FA/CheckCode` body: the signed-in user's current code, before protected content is shown. */
export const fa2CheckCodeRequestSchema = z.object({
  Code: z.string().regex(/^\d{6}$/, 'must be 6 digits'),
});

/** `Demo/FormSave` and `Demo/FormAfterChange` body: a form's `{DefaultValues, DataForm}`. */
export const formSubmitRequestSchema = z.object({
  DefaultValues: z.record(z.string(), z.unknown()).default({}),
  DataForm: z.record(z.string(), z.unknown()),
});
