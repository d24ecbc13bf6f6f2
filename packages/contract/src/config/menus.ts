import { z } from 'zod';
import { codeSchema, menuIconSchema } from './common';

/** An entry of the side or app menu, with the entries nested under it. */
export type ConfigMenuEntry = {
  code: string;
  name: string;
  url: string;
  icon: string;
  newWindow: boolean;
  isEnabled: boolean;
  children: ConfigMenuEntry[];
};

/** The address an entry opens: a path of the product or a web address. */
const menuUrlSchema = z
  .string()
  .max(500)
  .regex(/^(\/[^\s]*|https?:\/\/[^\s]+)?$/, 'must be a path such as /data/products or an http(s) address')
  .describe('The address the entry opens: a screen’s path, or a web address; empty for a group.');

export const configMenuEntrySchema: z.ZodType<ConfigMenuEntry> = z.lazy(() =>
  z
    .object({
      code: codeSchema,
      name: z.string().trim().min(1).max(200).describe('The entry’s text, in English (see translations).'),
      url: menuUrlSchema,
      icon: menuIconSchema,
      newWindow: z.boolean().describe('Open in a new window.'),
      isEnabled: z.boolean().describe('Shown; a switched-off entry stays in the configuration.'),
      children: z.array(configMenuEntrySchema).max(500),
    })
    .strict(),
);

/** Both menus, each a tree in display order. */
export const configMenusSchema = z
  .object({
    side: z.array(configMenuEntrySchema).max(500).describe('The sidebar.'),
    app: z.array(configMenuEntrySchema).max(500).describe('The header’s application menu.'),
  })
  .strict();
export type ConfigMenus = z.infer<typeof configMenusSchema>;
