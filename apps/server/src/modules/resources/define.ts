import type { CellType, ColumnMore, FilterType, OptionItem } from '@panelwright/contract';
import { and, asc, inArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import type { ColumnRules } from './column-types';
import { containsFolded } from './query';

/** The legacy roles of the declarations' seeded grants (see `permissions`). */
export type Role = 'admin' | 'staff';
export const ROLES: readonly Role[] = ['admin', 'staff'];

/** The calls of the generic resource protocol, `POST /api/v1/{APIName}/{Action}`. */
export const RESOURCE_ACTIONS = [
  'Options',
  'List',
  'Detail',
  'AddNew',
  'UpdateFields',
  'Delete',
  'Export',
] as const;
export type ResourceAction = (typeof RESOURCE_ACTIONS)[number];

/** Where an option list `{Key}List` comes from. */
/**
 * A list of options. `table`, when given, is the table the options are rows of: the caller sees only
 * those rows the List of its resource lets them see (its grant and row rule), as everywhere else.
 */
export type OptionSource = {
  load(db: Database, where?: SQL): Promise<OptionItem[]>;
  table?: PgTable;
  /** The options among these values only: a long list (a relation's other side) checks a value so. */
  find?(db: Database, values: unknown[], where?: SQL): Promise<OptionItem[]>;
  /** The texts are words for people, said in the caller's language by the Options call. */
  inWords?: boolean;
  /**
   * The texts are data: records' own (a category's, a user's name), never words of the UI, even one
   * spelled like a word the UI translates ("Office"). Options and Lookup mark them `Verbatim`, so
   * the web shows them as written; an export writes them as stored.
   */
  data?: boolean;
  /**
   * A list that grows (a relation's other side, categories, users, projects, products): one page
   * of the options matching a search, plus one to tell whether more follow (`{APIName}/Lookup`).
   * Its form control is then the `lookup`, which asks as one types instead of loading them all.
   */
  search?(db: Database, query: LookupQuery, where?: SQL): Promise<OptionItem[]>;
};

/** Where a lookup asks for a field's options: `{api}/Lookup` with `Field: field`. */
export type LookupRelation = { api: string; field: string };

/** A Lookup's question: a field's options matching `Search`, one page; or the texts of `Values`. */
export type LookupQuery = {
  Field: string;
  Search: string;
  Page: number;
  PageSize: number;
  Values?: number[] | undefined;
};

/**
 * A resource's option lists as one caller may see them: a list whole (read once a call), or, with
 * `among`, those of the given values it holds; a list that grows (`find`) is then never read whole.
 */
export type OptionsLoader = (source: string, among?: unknown[]) => Promise<OptionItem[]>;

/** The words of a lookup's search: up to five, each found anywhere in the text. */
export const lookupWords = (search: string) => search.trim().split(/\s+/).filter(Boolean).slice(0, 5);

/** The most values one `find` reads at once (an export batch's related records: `EXPORT_BATCH`). */
export const FIND_AT_MOST = 1000;

export const staticOptions = (items: OptionItem[]): OptionSource => ({ load: async () => items });

/**
 * The values a column can hold, as it holds them: whole numbers for a number column (a value that is
 * none is no option of it, and is not sent to the database to be refused there), text otherwise.
 */
function valuesOfType(column: AnyPgColumn, values: readonly unknown[]): unknown[] {
  if (!/int|serial/i.test(column.getSQLType())) return values.map(String);
  return values
    .map((value) => (typeof value === 'string' && /^-?\d{1,15}$/.test(value.trim()) ? Number(value) : value))
    .filter((value) => Number.isSafeInteger(value));
}

/**
 * The rows of another table as options, ordered by their text, narrowed to what the caller may list
 * of that table's resource. `directory`: the names of people (assignees, cashiers), which every
 * signed-in user reads whatever their grant on the users' own screen.
 */
export const tableOptions = (
  table: PgTable,
  value: AnyPgColumn,
  text: AnyPgColumn,
  options: { directory?: boolean; grows?: boolean } = {},
): OptionSource => ({
  ...(options.directory ? {} : { table }),
  data: true,
  load: (db, where) =>
    db
      .select({ Value: value, Text: text })
      .from(table)
      .where(where)
      .orderBy(asc(text), asc(value)) as Promise<OptionItem[]>,
  // A list that grows is searched page by page on its text's trigram index (migration 0018).
  ...(options.grows
    ? {
        find: async (db, values, where) => {
          const wanted = valuesOfType(value, values.slice(0, FIND_AT_MOST));
          if (wanted.length === 0) return [];
          return (await db
            .select({ Value: value, Text: text })
            .from(table)
            .where(and(where, inArray(value, wanted)))
            .orderBy(asc(text), asc(value))) as OptionItem[];
        },
        search: (db, query, where) =>
          db
            .select({ Value: value, Text: text })
            .from(table)
            .where(
              and(
                where,
                query.Values ? inArray(value, query.Values.slice(0, 100)) : undefined,
                ...lookupWords(query.Search).map((word) => containsFolded(text, word)),
              ),
            )
            .orderBy(asc(text), asc(value))
            .limit(query.PageSize + 1)
            .offset((query.Page - 1) * query.PageSize) as Promise<OptionItem[]>,
      }
    : {}),
});

/** The row field holding a relation's related record as its display template reads (`fText`). */
export const relatedTextField = (field: string) => `${field}_Text`;
/** The row field holding the address that opens a relation's related record (`fLink`). */
export const relatedLinkField = (field: string) => `${field}_Link`;

/** A column of a resource, as its declaration states it. */
export type ColumnDeclaration = {
  /** The wire name (PascalCase), the key of the row and of `ExtraData.Columns`. */
  field: string;
  header: string;
  /** The cell type; picks the entry of the column-type map. */
  type: CellType;
  /** The stored column; absent for cells that show no stored value (button, action...). */
  column?: AnyPgColumn;
  /** May be changed through UpdateFields. */
  editable?: boolean;
  /** May be given to AddNew; defaults to `editable`. */
  creatable?: boolean;
  /** Part of the text search of List. */
  searchable?: boolean;
  /**
   * The stored copy of `column` folded by `pw_fold` (a generated column with its trigram index, e.g.
   * migration 0025): the search and the text filters compare it, instead of folding the text of every
   * row they check. Without it they fold the column itself (`pw_fold(column)`, its expression index).
   */
  folded?: AnyPgColumn;
  /** Defaults to true for stored columns. */
  sortable?: boolean;
  /** The filter the screen offers for it; List accepts any filter type its cell type allows. */
  filter?: FilterType;
  /** The option list (`{source}List` of Options) its values come from. */
  source?: string;
  rules?: ColumnRules;
  /** The AddNew form's default value. */
  default?: unknown;
  /** The AddNew form's control, when not its cell type's (a relation's `lookup`), with its options. */
  control?: { type: string; more: Record<string, unknown> };
  /**
   * The APIName of the resource whose record this column holds the id of (a collection's relation):
   * that resource's detail lists the records pointing at it (`Table.expand.related`).
   */
  references?: string;
  width?: number;
  hidden?: boolean;
  /** The column options of part 2 section 3, sent as JSON text in `Type.more`. */
  more?: ColumnMore;
  bgF?: string;
  colorF?: string;
  link?: string;
  className?: string;
};

/** The columns of a record table every resource relies on (see `recordColumns`). */
export type RecordTable = PgTable & {
  id: AnyPgColumn;
  isLocked: AnyPgColumn;
  createdAt: AnyPgColumn;
  updatedAt: AnyPgColumn;
  updatedBy: AnyPgColumn;
};

/**
 * A key of `RequestData` that narrows a resource (a tab's records of one project, my tasks):
 * - `{ field }`: the declared field equals the value; a new record takes the value too;
 * - `{ mine: field }`: with the value true, the field equals the caller's user id;
 * - `{ where }`: any condition of the declaration's own making for the value (server code only).
 */
export type ScopeDeclaration =
  | { field: string }
  | { mine: string }
  | { where: (value: unknown, userId: number) => SQL | undefined };

/** A resource of the generic protocol: its table, columns, option lists, screen and permissions. */
export type ResourceDeclaration = {
  apiName: string;
  title: string;
  /** The menu entry seeded for it. */
  screen: { code: string; uiUrl: string; orderNo: number };
  table: RecordTable;
  columns: ColumnDeclaration[];
  /** Row fields besides the columns (e.g. `UI_StyleRow`), read from these expressions. */
  rowFields?: Record<string, AnyPgColumn | SQL>;
  options?: Record<string, OptionSource>;
  /**
   * The grants the seed gives the `staff` role (and, read-only, `viewer`) on a fresh database; what
   * a user may do is then the roles' data (modules/access), not this.
   */
  permissions: Record<ResourceAction, readonly Role[]>;
  /** The rows that are the user's own, for grants whose row rule is `own`; without it, none are. */
  ownRows?: (userId: number) => SQL;
  /** The rows this resource is made of, when its table holds others too (sign-in attempts of the audit log). */
  rows?: SQL;
  /**
   * The database keeps the number of the table's rows (migration 0027's triggers, see
   * `keptRowCount`): List with no condition reads it instead of counting every row. For large
   * tables; the table must have the triggers (a test checks every declaration that says so).
   */
  keptCount?: boolean;
  /**
   * A log: List, Detail and Export only, whatever a grant says; its table needs only an `id` (no lock
   * or change columns), given as a RecordTable by a cast in its declaration.
   */
  readOnly?: boolean;
  /** Configured actions (buttons, action cells) a role can be granted, by name. */
  namedActions?: readonly string[];
  defaultSort?: { field: string; dir: 'asc' | 'desc' }[];
  /** `ScreenConfig.Page.sizePerPage`. */
  pageSize?: number;
  rowStyleField?: string;
  /** RequestData keys that narrow List and Export (and fill AddNew); other keys are ignored. */
  scopes?: Record<string, ScopeDeclaration>;
  /** `ScreenConfig.Table.expand`: what an expanded row shows (e.g. `{fields: 'Description,Notes'}`). */
  expand?: Record<string, unknown>;
  /**
   * Update functions of their own (part 2 section 7: "a column-specific update function can replace"
   * UpdateFields): `{APIName}/{name}` takes the UpdateFields body and may change only the listed
   * fields, under the UpdateFields permission and rules. A column names one with `more.updateFunction`.
   */
  updateFunctions?: Record<string, readonly string[]>;
  /**
   * Rows of List and Detail put in words for people, in the caller's language: a log names what
   * happened and to what rather than its codes (the audit log).
   */
  presentRows?: (rows: Record<string, unknown>[], words: PresentWords) => Record<string, unknown>[];
};

/** What `presentRows` may say things with. */
export type PresentWords = {
  /** A text of the screens (a title, a header, an option's text) in the caller's language. */
  say(text: string): string;
  /** The title of a declared resource. */
  titleOf(apiName: string): string | undefined;
  /** The header of a declared resource's field. */
  headerOf(apiName: string, field: string): string | undefined;
};

export const defineResource = (declaration: ResourceDeclaration): ResourceDeclaration => declaration;

/** Every action for admin; the listed ones for staff too. */
export function permissions(staff: readonly ResourceAction[]): Record<ResourceAction, readonly Role[]> {
  return Object.fromEntries(
    RESOURCE_ACTIONS.map((action) => [action, staff.includes(action) ? ROLES : (['admin'] as const)]),
  ) as Record<ResourceAction, readonly Role[]>;
}
