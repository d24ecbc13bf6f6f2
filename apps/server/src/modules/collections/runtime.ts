import type { Collection, CollectionField, OptionItem } from '@panelwright/contract';
import { and, asc, getTableName, inArray, type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  date,
  integer,
  jsonb,
  numeric,
  type PgColumnBuilderBase,
  pgTable,
  serial,
  text,
  time,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { recordColumns } from '../../db/schema';
import type { ColumnRules } from '../resources/column-types';
import {
  type ColumnDeclaration,
  type OptionSource,
  permissions,
  type RecordTable,
  type ResourceDeclaration,
  relatedLinkField,
  relatedTextField,
  type ScopeDeclaration,
} from '../resources/define';
import type { ResourceRegistry } from '../resources/registry';
import { lookupSelect } from './lookup';
import { columnOf, FIELD_KINDS, tableOf } from './storage';

/** How many of a relation's records Options lists (the lookup searches the rest). */
export const RELATION_OPTIONS = 500;

/** The declarations made from collections (not declared in code), so that rules can tell them apart. */
const MADE_FROM_COLLECTIONS = new WeakSet<ResourceDeclaration>();

export const isCollectionDeclaration = (declaration: ResourceDeclaration) =>
  MADE_FROM_COLLECTIONS.has(declaration);

/** The drizzle column of a stored field. */
function columnBuilder(field: CollectionField): PgColumnBuilderBase {
  const name = columnOf(field);
  switch (FIELD_KINDS[field.Type].sql) {
    case 'integer':
      return integer(name);
    case 'numeric(18,6)':
      return numeric(name, { precision: 18, scale: 6 });
    case 'numeric(14,2)':
      return numeric(name, { precision: 14, scale: 2 });
    case 'numeric(7,2)':
      return numeric(name, { precision: 7, scale: 2 });
    case 'boolean':
      return boolean(name).default(false);
    case 'date':
      return date(name);
    case 'timestamp(3) with time zone':
      return timestamp(name, { withTimezone: true, precision: 3 });
    case 'time':
      return time(name);
    case 'text[]':
      return text(name).array();
    case 'jsonb':
      return jsonb(name);
    default:
      return text(name);
  }
}

/** The record table of a collection, as drizzle describes it (the DDL made it; see ddl.ts). */
export function collectionTable(collection: Collection) {
  const columns: Record<string, PgColumnBuilderBase> = {
    id: serial('id').primaryKey(),
    ...recordColumns(),
    createdBy: integer('created_by'),
  };
  for (const field of collection.Fields) {
    if (FIELD_KINDS[field.Type].sql) columns[`field${field.Name}`] = columnBuilder(field);
  }
  return pgTable(tableOf(collection), columns) as unknown as RecordTable & Record<string, AnyPgColumn>;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function rulesOf(field: CollectionField): ColumnRules {
  const kind = FIELD_KINDS[field.Type];
  const rules: ColumnRules = { required: field.Required, nullable: !field.Required };
  if (field.Min !== undefined) rules.min = field.Min;
  if (field.Max !== undefined) rules.max = field.Max;
  if (kind.integer) rules.integer = true;
  const maxLength = field.MaxLength ?? kind.maxLength;
  if (maxLength !== undefined && kind.sql === 'text' && field.Type !== 'choice') rules.maxLength = maxLength;
  if (field.Pattern) {
    rules.pattern = new RegExp(field.Pattern);
    rules.patternMessage = `must match ${field.Pattern}`;
  } else if (kind.email) {
    rules.pattern = EMAIL;
    rules.patternMessage = 'must be an e-mail address such as name@example.com';
  }
  return rules;
}

/**
 * A related record's text, made of the display template's fields (`{Name} ({Sku})`); without a
 * template, its first text field, else its id.
 */
export function displayOf(
  template: string | undefined,
  target: { byField: ReadonlyMap<string, { stored: AnyPgColumn | null }> },
  id: AnyPgColumn,
): SQL {
  const parts = (template ?? '').split(/(\{[A-Za-z0-9]+\})/).filter((part) => part !== '');
  const pieces: SQL[] = [];
  for (const part of parts) {
    const field = /^\{([A-Za-z0-9]+)\}$/.exec(part)?.[1];
    const column = field ? target.byField.get(field)?.stored : undefined;
    if (field && column) pieces.push(sql`coalesce(cast(${column} as text), '')`);
    else if (!field) pieces.push(sql`${part}`);
  }
  if (pieces.length === 0) {
    const first = [...target.byField.values()].find((column) => column.stored?.getSQLType() === 'text');
    if (first?.stored) return sql`${first.stored}`;
    return sql`cast(${id} as text)`;
  }
  return sql.join(
    pieces.map((piece) => sql`cast(${piece} as text)`),
    sql` || `,
  );
}

/**
 * The column a relation's records are ordered by: the first field of its display template, else the
 * other side's first text field (indexed on a collection, see `displayedColumns`); null: by id.
 */
export function orderColumnOf(
  template: string | undefined,
  target: { byField: ReadonlyMap<string, { stored: AnyPgColumn | null }> },
): AnyPgColumn | null {
  const first = /\{([A-Za-z0-9]+)\}/.exec(template ?? '')?.[1];
  if (first) return target.byField.get(first)?.stored ?? null;
  return (
    [...target.byField.values()].find((column) => column.stored?.getSQLType() === 'text')?.stored ?? null
  );
}

/**
 * The option list of a relation: the other side's records, each as its display text, narrowed to
 * what the caller may list of them. The other side is looked up when read, so that a relation may
 * point at a collection made in the same publish.
 */
function relationOptions(field: CollectionField, registry: ResourceRegistry): OptionSource {
  const target = () => registry.get(field.Target as string);
  const read = async (db: Database, where: SQL | undefined, limit: number): Promise<OptionItem[]> => {
    const other = target();
    if (!other) return [];
    const text = displayOf(field.Display, other, other.table.id);
    const order = orderColumnOf(field.Display, other);
    return (await db
      .select({ Value: other.table.id, Text: sql<string>`${text}` })
      .from(other.table)
      .where(where)
      .orderBy(...(order ? [asc(order)] : []), asc(other.table.id))
      .limit(limit)) as OptionItem[];
  };
  return {
    get table() {
      return target()?.table as RecordTable;
    },
    data: true,
    // The first records only: a long other side is searched with `{APIName}/Lookup`.
    load: (db, where) => read(db, where, RELATION_OPTIONS),
    search: async (db, query, where) => {
      const other = target();
      if (!other) return [];
      return (await lookupSelect(db, other, field.Display, query, where)) as OptionItem[];
    },
    find: (db, values, where) => {
      const ids = values.map(Number).filter((id) => Number.isInteger(id) && id > 0);
      const other = target();
      if (!other || ids.length === 0) return Promise.resolve([]);
      return read(db, and(where, inArray(other.table.id, ids)), ids.length);
    },
  };
}

/**
 * The resource of a collection: its table, a column per stored field, option lists for choices and
 * relations, its screen, and rows of one's own (the records one created). Served by the generic
 * protocol exactly as the declared resources are.
 */
export function collectionDeclaration(
  collection: Collection,
  registry: ResourceRegistry,
): ResourceDeclaration {
  const table = collectionTable(collection);
  const options: Record<string, OptionSource> = {};
  const columns: ColumnDeclaration[] = [];
  const scopes: Record<string, ScopeDeclaration> = {};
  for (const field of collection.Fields) {
    const kind = FIELD_KINDS[field.Type];
    if (!kind.sql) continue;
    const column: ColumnDeclaration = {
      field: field.Name,
      header: field.Title?.en ?? field.Name,
      type: kind.cell,
      column: table[`field${field.Name}`] as AnyPgColumn,
      editable: field.Editable ?? true,
      creatable: true,
      searchable: field.Searchable ?? kind.searchable ?? false,
      rules: rulesOf(field),
      hidden: field.ShowInList === false,
    };
    if (kind.filter) column.filter = kind.filter;
    if (field.Default !== undefined) column.default = field.Default;
    if (field.Type === 'choice' || field.Type === 'multipleChoice') {
      column.source = field.Name;
      options[field.Name] = {
        load: async () =>
          (field.Choices ?? []).map((choice) => ({
            Value: choice.Value,
            Text: choice.Title ?? choice.Value,
          })),
      };
    }
    if (field.Type === 'relation') {
      column.source = field.Name;
      // Typed into, searched on the server: the other side may hold a million records.
      column.control = { type: 'lookup', more: { lookup: { api: collection.APIName, field: field.Name } } };
      options[field.Name] = relationOptions(field, registry);
      column.references = field.Target as string;
      // The cell shows the related record as the display template reads and links to it (the
      // service fills both row fields among the records the caller may list).
      column.more = {
        fText: relatedTextField(field.Name),
        fLink: relatedLinkField(field.Name),
        newWindow: false,
      };
      // The other side's detail lists this side's records of it: `RequestData: {Category: 5}`
      // narrows the list to them, and a record added there points at it.
      scopes[field.Name] = { field: field.Name };
    }
    columns.push(column);
  }
  const declaration: ResourceDeclaration = {
    apiName: collection.APIName,
    title: collection.Title.en,
    screen: screenOf(collection),
    table,
    columns,
    options,
    permissions: permissions([]),
    ownRows: (userId) => sql`${table.createdBy} = ${userId}`,
    scopes,
    defaultSort: [{ field: 'Id', dir: 'desc' }],
  };
  MADE_FROM_COLLECTIONS.add(declaration);
  return declaration;
}

/** The table screen a collection comes with: its code, address and place. */
export function screenOf(collection: Collection): { code: string; uiUrl: string; orderNo: number } {
  const table = tableOf(collection);
  return { code: table, uiUrl: `/c/${(collection.Table as string).replace(/_/g, '-')}`, orderNo: 500 };
}

/** The name of a resource's table, for a relation's foreign key. */
export const tableNameOf = (declaration: ResourceDeclaration) => getTableName(declaration.table);
