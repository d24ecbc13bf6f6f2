import { z } from 'zod';
import { menuIconSchema } from './common';

/**
 * Collections: kinds of records an administrator makes in the studio (docs/collections.md). Each is
 * a table the server creates and alters from this metadata, served by the generic resource protocol
 * like the resources declared in code. Every name here becomes an SQL identifier or a wire name, so
 * the patterns are strict and reserved words are refused.
 */

/** The kinds of field a collection's record may have. */
export const COLLECTION_FIELD_TYPES = [
  'text',
  'longText',
  'richText',
  'integer',
  'decimal',
  'money',
  'percent',
  'boolean',
  'date',
  'dateTime',
  'time',
  'choice',
  'multipleChoice',
  'colour',
  'email',
  'url',
  'json',
  'file',
  'photo',
  'relation',
  'inverse',
] as const;
export type CollectionFieldType = (typeof COLLECTION_FIELD_TYPES)[number];

/**
 * Names that are no collection's: the calls of the product itself and words with a meaning in SQL.
 * The server refuses the APINames of its declared resources besides.
 */
export const RESERVED_COLLECTION_NAMES = [
  'Account',
  'Api',
  'Auth',
  'Collection',
  'Collections',
  'Config',
  'ConfigMenu',
  'Configuration',
  'Demo',
  'Files',
  'Health',
  'Live',
  'Menu',
  'Notifications',
  'Pos',
  'Push',
  'Screen',
  'Screens',
  'Settings',
  'Studio',
  'System',
  'Table',
  'User',
  'Users',
] as const;

/** Row fields every record has, or that calls carry besides the fields: never a field's name. */
export const RESERVED_FIELD_NAMES = [
  'Id',
  'IsLocked',
  'IM_ReturnTime',
  'CreatedAt',
  'CreatedBy',
  'UpdatedAt',
  'UpdatedBy',
  'RequestData',
  'SharedQueryData',
  'ScreenGUID',
  'DefaultValues',
  'DataForm',
  'ProjectId',
  'Page',
  'PageSize',
  'Search',
  'Sort',
  'Filters',
] as const;

/** Words of SQL that a table or column may not be named, quoted or not (they read badly in every tool). */
export const RESERVED_SQL_WORDS = [
  'all',
  'alter',
  'and',
  'any',
  'as',
  'asc',
  'between',
  'by',
  'case',
  'cast',
  'check',
  'column',
  'constraint',
  'create',
  'cross',
  'current_date',
  'current_time',
  'current_user',
  'default',
  'delete',
  'desc',
  'distinct',
  'drop',
  'else',
  'end',
  'except',
  'exists',
  'false',
  'fetch',
  'for',
  'foreign',
  'from',
  'grant',
  'group',
  'having',
  'in',
  'index',
  'inner',
  'insert',
  'intersect',
  'into',
  'is',
  'join',
  'key',
  'left',
  'like',
  'limit',
  'not',
  'null',
  'offset',
  'on',
  'or',
  'order',
  'outer',
  'primary',
  'references',
  'right',
  'role',
  'select',
  'session_user',
  'set',
  'some',
  'table',
  'then',
  'to',
  'true',
  'union',
  'unique',
  'update',
  'user',
  'using',
  'values',
  'when',
  'where',
  'with',
  'id',
  'is_locked',
  'created_at',
  'created_by',
  'updated_at',
  'updated_by',
  'oid',
  'ctid',
  'xmin',
  'xmax',
] as const;

const notReserved = (words: readonly string[], caseless: boolean) => (name: string) =>
  !words.some((word) => (caseless ? word.toLowerCase() === name.toLowerCase() : word === name));

/** A collection's APIName: the controller of its calls (`POST /api/v1/Customer/List`). */
export const collectionApiNameSchema = z
  .string()
  .regex(/^[A-Z][A-Za-z0-9]{1,39}$/, 'must start with a capital and hold 2 to 40 letters or digits')
  .refine(notReserved(RESERVED_COLLECTION_NAMES, true), 'is a name of the product itself')
  .refine(notReserved(RESERVED_SQL_WORDS, true), 'is a reserved word')
  .describe('The name of the collection’s calls, such as Customer.');

/** A field's wire name, the key of a row. */
export const collectionFieldNameSchema = z
  .string()
  .regex(/^[A-Z][A-Za-z0-9]{0,39}$/, 'must start with a capital and hold 1 to 40 letters or digits')
  .refine(notReserved(RESERVED_FIELD_NAMES, true), 'is a field every record has')
  .refine(notReserved(RESERVED_SQL_WORDS, true), 'is a reserved word')
  .describe('The field’s name, such as Email.');

/** The name of a table or column in the database: kept when the field or collection is renamed. */
export const storageNameSchema = z
  .string()
  .regex(/^[a-z][a-z0-9_]{0,23}$/, 'must be 1 to 24 small letters, digits or _, starting with a letter')
  .refine(notReserved(RESERVED_SQL_WORDS, false), 'is a reserved word');

/** A text per language: English is required. */
export const localizedTitleSchema = z
  .object({ en: z.string().trim().min(1).max(100), vn: z.string().trim().max(100).optional() })
  .strict();

const colourSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour such as #057e38');

/** An option of a choice field. */
export const collectionChoiceSchema = z
  .object({
    Value: z.string().trim().min(1).max(100),
    Title: z.string().trim().min(1).max(100).optional(),
    Colour: colourSchema.optional(),
  })
  .strict();

export const collectionFieldSchema = z
  .object({
    Name: collectionFieldNameSchema,
    Type: z.enum(COLLECTION_FIELD_TYPES),
    Title: localizedTitleSchema.optional(),
    Required: z.boolean().default(false),
    /** For `relation`: the APIName of the other side (a collection or a declared resource); for `inverse`: the collection whose relation points here. */
    Target: z
      .string()
      .regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, 'must be an APIName such as Category')
      .optional(),
    /** For `inverse`: the relation field of the `Target` collection. */
    Via: collectionFieldNameSchema.optional(),
    /** For `relation`: how a related record reads, such as `{Name} ({Sku})`. */
    Display: z
      .string()
      .max(200)
      .regex(/^([^{}]|\{[A-Z][A-Za-z0-9]{0,39}\})*$/, 'must be text with fields in braces, such as {Name}')
      .optional(),
    Unique: z.boolean().optional(),
    Default: z.union([z.string().max(1000), z.number(), z.boolean()]).optional(),
    Min: z.number().optional(),
    Max: z.number().optional(),
    MaxLength: z.number().int().min(1).max(100_000).optional(),
    Pattern: z
      .string()
      .max(200)
      .refine((text) => {
        try {
          new RegExp(text);
          return true;
        } catch {
          return false;
        }
      }, 'must be a regular expression')
      .optional(),
    Choices: z.array(collectionChoiceSchema).max(200).optional(),
    Searchable: z.boolean().optional(),
    /** Shown in the table; false hides the column (it stays in forms and detail). */
    ShowInList: z.boolean().optional(),
    Editable: z.boolean().optional(),
    /** The database column; kept when the field is renamed (the server names it at creation). */
    Column: storageNameSchema.optional(),
  })
  .strict()
  .superRefine((field, context) => {
    const issue = (path: string, message: string) =>
      context.addIssue({ code: 'custom', path: [path], message });
    if ((field.Type === 'relation' || field.Type === 'inverse') && !field.Target)
      issue('Target', 'is required for a relation');
    if (field.Type === 'inverse' && !field.Via) issue('Via', 'is required for an inverse list');
    if (field.Type !== 'relation' && field.Type !== 'inverse' && field.Target !== undefined)
      issue('Target', 'is only for a relation');
    if ((field.Type === 'choice' || field.Type === 'multipleChoice') && !field.Choices?.length)
      issue('Choices', 'needs one option at least');
    if (field.Min !== undefined && field.Max !== undefined && field.Min > field.Max)
      issue('Max', 'must not be less than the minimum');
    if (field.Type === 'inverse' && (field.Required || field.Unique))
      issue('Required', 'an inverse list is not stored: it cannot be required or unique');
  });
export type CollectionField = z.output<typeof collectionFieldSchema>;

export const collectionSchema = z
  .object({
    APIName: collectionApiNameSchema,
    Title: localizedTitleSchema,
    Icon: menuIconSchema.optional(),
    /** The code of the side menu's group the entry goes under; none puts it at the top level. */
    MenuGroup: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be a menu entry’s code')
      .optional(),
    /** The database table; kept when the collection is renamed (the server names it at creation). */
    Table: storageNameSchema.optional(),
    Fields: z.array(collectionFieldSchema).min(1, 'needs one field at least').max(200),
  })
  .strict()
  .superRefine((collection, context) => {
    const names = new Set<string>();
    const columns = new Set<string>();
    for (const [index, field] of collection.Fields.entries()) {
      if (names.has(field.Name.toLowerCase()))
        context.addIssue({
          code: 'custom',
          path: ['Fields', index, 'Name'],
          message: 'is the name of another field',
        });
      names.add(field.Name.toLowerCase());
      if (field.Column) {
        if (columns.has(field.Column))
          context.addIssue({
            code: 'custom',
            path: ['Fields', index, 'Column'],
            message: 'is the column of another field',
          });
        columns.add(field.Column);
      }
    }
  });
export type Collection = z.output<typeof collectionSchema>;

export const collectionsSchema = z
  .array(collectionSchema)
  .max(200)
  .superRefine((collections, context) => {
    const names = new Set<string>();
    const tables = new Set<string>();
    for (const [index, collection] of collections.entries()) {
      if (names.has(collection.APIName.toLowerCase()))
        context.addIssue({
          code: 'custom',
          path: [index, 'APIName'],
          message: 'is the name of another collection',
        });
      names.add(collection.APIName.toLowerCase());
      if (collection.Table) {
        if (tables.has(collection.Table))
          context.addIssue({
            code: 'custom',
            path: [index, 'Table'],
            message: 'is the table of another collection',
          });
        tables.add(collection.Table);
      }
    }
  })
  .describe('Kinds of records made in the studio, each with its fields.');

/** `snake_case` of a PascalCase name, the storage name a new field or collection gets. */
export function storageNameOf(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1_$2')
    .toLowerCase()
    .slice(0, 24);
}

/** A destructive change a publish needs confirmed: what goes and how many stored values with it. */
export type CollectionLoss = {
  /** `Customer` (the whole collection) or `Customer.Email` (one field): what must be typed to confirm. */
  Name: string;
  Reason: 'drop-collection' | 'drop-field' | 'narrow-type';
  /** Stored values that would be lost (rows for a collection, non-empty values for a field). */
  Values: number;
};
