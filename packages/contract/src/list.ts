import { z } from 'zod';
import { columnDefSchema } from './columns';
import { fieldValueSchema } from './common';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './constants';
import { listFilterSchema } from './filters';

/** A sort of `{APIName}/List`. */
export const listSortSchema = z.object({
  Field: z.string().min(1).max(128),
  Dir: z.enum(['asc', 'desc']),
});

/** `{APIName}/List` body. */
export const listParamsSchema = z.object({
  Page: z.number().int().min(1).default(1),
  PageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  TextSearch: z.string().max(1000).optional(),
  Sorts: z.array(listSortSchema).max(10).optional(),
  Filters: z.array(listFilterSchema).max(50).optional(),
  RequestData: z.unknown().optional(),
  SharedQueryData: z.unknown().optional(),
});
/** `{APIName}/List` body. */
export type ListParams = z.input<typeof listParamsSchema>;

/** `{APIName}/List` answer data. */
export const listResultSchema = z.object({
  Data: z.array(z.record(z.string(), z.unknown())),
  Total: z.number().int(),
  ExtraData: z.object({ Columns: z.record(z.string(), columnDefSchema) }).catchall(z.unknown()),
});
/** `{APIName}/List` answer data. */
export type ListResult = z.infer<typeof listResultSchema>;

/** `{APIName}/UpdateFields` body. */
export const updateFieldsRequestSchema = z.object({
  Id: z.union([z.string(), z.number()]),
  ProjectId: z.union([z.string(), z.number()]).optional(),
  RequestData: z.unknown().optional(),
  Values: z.array(fieldValueSchema).min(1).max(100),
  /** The row's last-change time as the client saw it. */
  IM_ReturnTime: z.string().optional(),
});
/** `{APIName}/UpdateFields` body. */
export type UpdateFieldsRequest = z.infer<typeof updateFieldsRequestSchema>;
