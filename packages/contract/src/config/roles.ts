import { z } from 'zod';
import { ROW_RULES } from '../constants';
import { codeSchema } from './common';
import { fieldNameSchema } from './ui-types';

/** What a role may do on one target: a resource's APIName, a screen's code, or `studio`. */
export const configGrantSchema = z
  .object({
    list: z.boolean().describe('List the records, open the screen.'),
    detail: z.boolean().describe('Read one record.'),
    add: z.boolean().describe('Add records.'),
    edit: z.boolean().describe('Change records.'),
    delete: z.boolean().describe('Delete records.'),
    export: z.boolean().describe('Export to a spreadsheet.'),
    actions: z.array(z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, 'must be an action name')).max(100),
    hiddenFields: z.array(fieldNameSchema).max(300).describe('Fields never sent to this role.'),
    editFields: z
      .array(fieldNameSchema)
      .max(300)
      .describe('When not empty, the only fields this role may change.'),
    rowRule: z.enum(ROW_RULES).describe('all: every record; own: only the records that are the user’s.'),
  })
  .strict();
export type ConfigGrant = z.infer<typeof configGrantSchema>;

export const configRoleSchema = z
  .object({
    name: z.string().trim().min(1).max(100),
    description: z.string().max(500),
    isAdmin: z.boolean().describe('Administrators may do everything, the studio included.'),
    grants: z.record(
      z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be a resource or screen code'),
      configGrantSchema,
    ),
  })
  .strict();
export type ConfigRole = z.infer<typeof configRoleSchema>;

export const configRolesSchema = z.record(codeSchema, configRoleSchema);
