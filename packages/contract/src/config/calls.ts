import { z } from 'zod';
import { recordIdSchema } from '../resources';

/** One difference between two configurations (a plan, a version's changes, a draft). */
export type ConfigChange = {
  /** What changed: a whole screen, a column, one column option, a menu entry, a text, a role, a grant, a setting. */
  kind:
    | 'screen'
    | 'column'
    | 'option'
    | 'menu'
    | 'text'
    | 'role'
    | 'grant'
    | 'setting'
    | 'collection'
    | 'field';
  /** The item it belongs to: a screen's code, `side/<code>`, `vn/screens`, a role's code, a setting. */
  item: string;
  /** Where in the document: `["screens","products","columns","Price","more","button","color"]`. */
  path: string[];
  op: 'add' | 'change' | 'remove';
  before?: unknown;
  after?: unknown;
};

/** A published version as the history lists it. */
export type ConfigVersionSummary = {
  Id: number;
  CreatedAt: string;
  /** The author's name; empty for the product itself (the shipped configuration, upgrades). */
  CreatedBy: string;
  Kind: 'shipped' | 'publish' | 'apply' | 'restore' | 'upgrade' | 'change';
  Message: string;
  ChangeCount: number;
  RestoredFrom: number | null;
  Build: string;
};

/** An item of the shared draft. */
export type ConfigDraftItem = {
  Item: string[];
  /** Removes the item when published. */
  Removed: boolean;
  Revision: number;
  BasedOn: number;
  UpdatedBy: string;
  UpdatedAt: string;
};

/** The path of an item of the configuration a draft may hold. */
export const configItemPathSchema = z
  .array(z.string().min(1).max(2000))
  .min(2)
  .max(4)
  .describe(
    'The item: ["screens", code], ["menus", "side" or "app"], ["translations", language, namespace, key], ["roles", code] or ["settings", name].',
  );

export const saveDraftRequestSchema = z.object({
  Item: configItemPathSchema,
  /** The item's new value; null removes it. */
  Value: z.unknown(),
  /** The live version the edit was made on. */
  Version: z.number().int().min(0),
  /** The draft revision of the item the edit was made on; 0 when it had none. */
  Revision: z.number().int().min(0).default(0),
});

export const discardDraftRequestSchema = z.object({
  /** The items to discard; all when absent. */
  Items: z.array(configItemPathSchema).max(1000).optional(),
});

const messageSchema = z.string().trim().min(1).max(500);

/**
 * The names of collections and fields whose loss the caller confirms by typing them (`Customer`,
 * `Customer.Email`): a publish that drops stored values is refused without (docs/collections.md).
 */
const confirmSchema = z.array(z.string().min(1).max(100)).max(200).optional();

export const publishRequestSchema = z.object({ Message: messageSchema, Confirm: confirmSchema });

export const documentRequestSchema = z.object({ Document: z.unknown() });

export const applyRequestSchema = z.object({
  Document: z.unknown(),
  Message: messageSchema,
  Confirm: confirmSchema,
});

export const historyRequestSchema = z.object({
  Page: z.number().int().min(1).max(100_000).default(1),
  PageSize: z.number().int().min(1).max(200).default(50),
});

export const versionRequestSchema = z.object({ Id: recordIdSchema });

export const compareRequestSchema = z.object({ From: recordIdSchema, To: recordIdSchema });

export const restoreRequestSchema = z.object({ Id: recordIdSchema, Message: messageSchema.optional() });

export const resourceColumnsRequestSchema = z.object({ ApiName: z.string().min(1).max(128) });

/** A declared column of a resource, and what a screen's configuration may change of it. */
export type ResourceColumnInfo = {
  Field: string;
  /** The declared header, width, visibility, cell type, filter and options (before any configuration). */
  Header: string;
  Width: number | null;
  Hidden: boolean;
  Type: string;
  Filter: string | null;
  Editable: boolean;
  More: Record<string, unknown> | null;
  /** The cell types the configuration may choose (the declared type's family). */
  Types: string[];
  /** The filters the declared type allows. */
  Filters: string[];
  /** Whether the configuration may make cells editable (a stored value). */
  CanEdit: boolean;
};
