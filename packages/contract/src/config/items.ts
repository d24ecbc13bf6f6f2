import type { z } from 'zod';
import { safeParseForPeople } from '../issues';
import { collectionSchema } from './collections';
import { configScreenSchema } from './document';
import { configMenusSchema } from './menus';
import { configRoleSchema } from './roles';
import { configSettingsSchema } from './settings';
import { namespaceSchema, translationTextSchema } from './translations';

/** The settings a draft item may name (`["settings", name]`), in the file's order. */
export const CONFIG_SETTING_NAMES = Object.keys(
  configSettingsSchema.shape,
) as (keyof typeof configSettingsSchema.shape)[];

/**
 * The schema of one item a draft may hold, by its path: ["screens", code] (a whole screen),
 * ["menus", "side" | "app"] (a whole tree), ["roles", code], ["settings", name] and
 * ["translations", language, namespace, key] (one text), ["Collections", APIName] (a whole
 * collection with its fields); null for a path that is no item. The server
 * checks a saved item with it, and the studio's JSON view checks the text as one types.
 */
export function configItemSchema(path: readonly string[]): z.ZodType | null {
  const [section, name, namespace] = path;
  if (section === 'screens' && path.length === 2) return configScreenSchema;
  if (section === 'Collections' && path.length === 2) return collectionSchema;
  if (section === 'menus' && path.length === 2 && (name === 'side' || name === 'app'))
    return configMenusSchema.shape[name];
  if (section === 'roles' && path.length === 2) return configRoleSchema;
  if (section === 'settings' && path.length === 2 && name && name in configSettingsSchema.shape)
    return configSettingsSchema.shape[name as keyof typeof configSettingsSchema.shape];
  if (
    section === 'translations' &&
    path.length === 4 &&
    (name === 'en' || name === 'vn') &&
    namespaceSchema.safeParse(namespace).success
  )
    return translationTextSchema;
  return null;
}

/** One issue of an item's value: where inside the value, and why, worded for people. */
export type ConfigItemIssue = { path: (string | number)[]; message: string };

/** What the item's schema says of a value: no issues when it may be saved; null for a path that is no item. */
export function configItemIssues(path: readonly string[], value: unknown): ConfigItemIssue[] | null {
  const schema = configItemSchema(path);
  if (!schema) return null;
  const parsed = safeParseForPeople(schema, value);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => ({
    path: issue.path.filter((part): part is string | number => typeof part !== 'symbol'),
    message: issue.message,
  }));
}

// The studio's editors check what is typed with the same schemas (this entry point keeps zod out of
// the product's main bundle: only the studio's pages load it).
export { safeParseForPeople } from '../issues';
export * from './collections';
export { configMenuEntrySchema } from './menus';
export { translationTextSchema } from './translations';
