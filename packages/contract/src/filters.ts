import { z } from 'zod';
import { FILTER_TYPES } from './constants';

/** A date-range filter value: start and end as YYYY-MM-DD. */
export const dateRangeValueSchema = z.object({
  start: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  end: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
});
/** A date-range filter value. */
export type DateRangeValue = z.infer<typeof dateRangeValueSchema>;

/** A filter's output on the client (part 1 section 3). */
export const filterOutputSchema = z.object({
  type: z.enum(FILTER_TYPES),
  fieldName: z.string(),
  isServer: z.boolean(),
  more: z.unknown().optional(),
  title: z.string(),
  value: z.unknown(),
  valueDisplay: z.string(),
  valueFilterServer: z.unknown(),
  valueFilterClient: z.unknown(),
});
/** A filter's output on the client. */
export type FilterOutput = z.infer<typeof filterOutputSchema>;

/** A filter as sent to `{APIName}/List`. */
export const listFilterSchema = z.object({
  FieldName: z.string().min(1).max(128),
  Type: z.enum(FILTER_TYPES),
  Value: z.unknown(),
});
/** A filter as sent to `{APIName}/List`. */
export type ListFilter = z.infer<typeof listFilterSchema>;
