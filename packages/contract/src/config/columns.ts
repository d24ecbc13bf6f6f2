import { z } from 'zod';
import { apiConfigSchema, buttonOptionSchema, columnMoreSchema } from '../columns';
import { CELL_TYPES, FILTER_TYPES } from '../constants';
import { colourSchema, fieldNameSchema } from './ui-types';

/**
 * The column options of `more` as the configuration stores them: the options of part 2 section 3,
 * checked strictly (a misspelt option is refused here, where the table would only ignore it), with
 * the button's colours checked as colours.
 */
export const configColumnMoreSchema = columnMoreSchema
  .extend({
    button: buttonOptionSchema
      .extend({
        color: colourSchema.optional(),
        colorByValue: z.record(z.string(), colourSchema).optional(),
      })
      .strict()
      .optional(),
    color: colourSchema.optional(),
    api: apiConfigSchema.optional(),
    /** The row's actions of an `action` cell: each a titled call. */
    actions: z
      .array(z.record(z.string(), z.unknown()))
      .max(50)
      .optional()
      .describe('The actions an action cell lists: each with its title and call.'),
  })
  .strict();
export type ConfigColumnMore = z.infer<typeof configColumnMoreSchema>;

/**
 * What the configuration says of one column of a screen. Every key is optional: a column of a
 * declared resource takes the declaration's value for what is not given.
 */
export const configColumnSchema = z
  .object({
    header: z.string().trim().min(1).max(200).optional().describe('The column’s title, in English.'),
    width: z.number().int().min(30).max(2000).nullable().optional().describe('Width in pixels.'),
    show: z.boolean().optional().describe('Shown by default (users may still show or hide it).'),
    editable: z.boolean().optional().describe('Cells may be changed in the table.'),
    filter: z
      .enum(FILTER_TYPES)
      .nullable()
      .optional()
      .describe('The filter the screen offers for this column; null for none.'),
    type: z.enum(CELL_TYPES).optional().describe('How cells show and edit the value.'),
    more: configColumnMoreSchema.optional().describe('The column options (part 2 section 3).'),
    className: z.string().max(200).optional(),
    bgF: fieldNameSchema.optional().describe('A row field holding the cell’s background colour.'),
    colorF: fieldNameSchema.optional().describe('A row field holding the cell’s text colour.'),
    link: z.string().max(500).optional().describe('A link template such as /orders/[Id].'),
  })
  .strict();
export type ConfigColumn = z.infer<typeof configColumnSchema>;
