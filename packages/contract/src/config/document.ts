import { z } from 'zod';
import { collectionsSchema } from './collections';
import { configColumnSchema } from './columns';
import { codeSchema, jsonObjectSchema, screenUrlSchema } from './common';
import { configMenusSchema } from './menus';
import { configRolesSchema } from './roles';
import { configSettingsSchema } from './settings';
import { configTranslationsSchema } from './translations';
import {
  apiMethodSchema,
  apiNameSchema,
  checkScreenParts,
  fieldNameSchema,
  screenConfigSchema,
  UI_TYPES,
  uiTypeContentsSchema,
} from './ui-types';

/** The version of the file's format; a file of another format is refused, never guessed at. */
export const CONFIG_FORMAT = 1;

/** A screen: where it opens, what draws it, the calls it makes and what the configuration says of its columns. */
export const configScreenSchema = z
  .object({
    title: z.string().trim().min(1).max(200).describe('The screen’s title, in English (see translations).'),
    uiUrl: z
      .union([screenUrlSchema, z.literal('')])
      .describe('The address the screen opens at; empty for a part of another screen.'),
    uiType: z
      .enum(UI_TYPES)
      .describe('What draws the screen: table (or empty), tab, dashboard, chart, form...'),
    apiName: z.union([apiNameSchema, z.literal('')]),
    apiMethod: apiMethodSchema,
    type: z.string().max(64).describe('A free classification of the screen.'),
    parent: codeSchema
      .nullable()
      .describe('The tab, panel or dashboard screen this one is a part of; null for a screen of its own.'),
    orderNo: z.number().int().min(0).max(100_000).describe('Order among the parts of its parent.'),
    isPublic: z.boolean().describe('Guests may open it too.'),
    isEnabled: z.boolean().describe('Switched on; a switched-off screen opens nowhere.'),
    config: jsonObjectSchema.describe('The screen entry’s Config, e.g. {"noSidebar": true}.'),
    requestData: jsonObjectSchema.describe('Values merged into every call the screen makes.'),
    screenConfig: screenConfigSchema,
    uiTypeContents: uiTypeContentsSchema
      .nullable()
      .describe('What the UI type needs besides (a dashboard’s layout).'),
    columns: z
      .record(fieldNameSchema, configColumnSchema)
      .describe('What the configuration says of the columns of the screen’s resource, by field.'),
    columnOrder: z.array(fieldNameSchema).max(300).describe('Fields in the order the table shows them.'),
  })
  .strict()
  .superRefine((screen, context) => checkScreenParts(screen, context));
export type ConfigScreen = z.infer<typeof configScreenSchema>;

/**
 * The whole configuration an administrator composes: screens with their columns, both menus, texts,
 * roles with their grants, and settings. Not users, records or secrets.
 */
export const configDocumentSchema = z
  .object({
    $schema: z.string().optional().describe('Where editors find this file’s JSON Schema.'),
    format: z.literal(CONFIG_FORMAT).describe('The file format’s version.'),
    screens: z.record(codeSchema, configScreenSchema),
    menus: configMenusSchema,
    translations: configTranslationsSchema,
    roles: configRolesSchema,
    settings: configSettingsSchema,
    /** Collections made in the studio (docs/collections.md); absent when there are none. */
    Collections: collectionsSchema.optional(),
  })
  .strict();
export type ConfigDocument = z.infer<typeof configDocumentSchema>;

/** The top-level parts of the configuration, in the file's order. */
export const CONFIG_SECTIONS = ['screens', 'menus', 'translations', 'roles', 'settings'] as const;
export type ConfigSection = (typeof CONFIG_SECTIONS)[number];

/** An empty configuration (a document with nothing stored). */
export function emptyConfigDocument(): ConfigDocument {
  return {
    format: CONFIG_FORMAT,
    screens: {},
    menus: { side: [], app: [] },
    translations: {},
    roles: {},
    settings: {},
  };
}
