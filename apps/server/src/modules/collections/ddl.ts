import type { Collection, CollectionField, CollectionLoss } from '@panelwright/contract';
import { sortsByDefault } from '../resources/registry';
import { columnOf, FIELD_KINDS, keepsValues, quoted, tableOf } from './storage';

/** One statement of a change of collections, and what it is for (named in a refusal). */
export type Step = { sql: string; about: string };

/** A change that loses stored values, with the query counting them. */
export type LossStep = { loss: Omit<CollectionLoss, 'Values'>; count: string };

/** What publishing a set of collections over another does to the database. */
export type CollectionPlan = { steps: Step[]; losses: LossStep[] };

/** The table a relation points at (a collection's or a declared resource's); null when there is none. */
export type TargetTable = (apiName: string) => string | null;

const RECORD_COLUMNS = [
  '"id" serial PRIMARY KEY',
  '"is_locked" boolean NOT NULL DEFAULT false',
  '"created_at" timestamp(3) with time zone NOT NULL DEFAULT now()',
  '"updated_at" timestamp(3) with time zone NOT NULL DEFAULT now()',
  '"created_by" integer REFERENCES "users"("id") ON DELETE SET NULL',
  '"updated_by" integer REFERENCES "users"("id") ON DELETE SET NULL',
].join(', ');

/**
 * The columns relations show their records by (`table:column`): the first field of each relation's
 * display template, else the other side's first text field. The lookup orders by it, so it is indexed.
 */
export function displayedColumns(collections: readonly Collection[]): Set<string> {
  const displayed = new Set<string>();
  for (const collection of collections) {
    for (const field of collection.Fields) {
      if (field.Type !== 'relation') continue;
      const target = collections.find((c) => c.APIName === field.Target);
      const shown = displayField(field, target);
      if (target && shown?.Column) displayed.add(`${tableOf(target)}:${shown.Column}`);
    }
  }
  return displayed;
}

/** The field of the other side a relation is ordered and shown by (see `displayedColumns`). */
export function displayField(
  field: CollectionField,
  target: Collection | undefined,
): CollectionField | undefined {
  const first = /\{([A-Za-z0-9]+)\}/.exec(field.Display ?? '')?.[1];
  return first
    ? target?.Fields.find((f) => f.Name === first)
    : target?.Fields.find((f) => FIELD_KINDS[f.Type].sql === 'text');
}

/**
 * The columns a relation's lookup searches (`table:column`): every text field its display template
 * names, else the other side's first text field. Each gets a trigram index, so that a search as one
 * types reads the index, not a million rows.
 */
export function searchedColumns(collections: readonly Collection[]): Set<string> {
  const searched = new Set<string>();
  for (const collection of collections) {
    for (const field of collection.Fields) {
      if (field.Type !== 'relation') continue;
      const target = collections.find((c) => c.APIName === field.Target);
      if (!target) continue;
      const named = [...(field.Display ?? '').matchAll(/\{([A-Za-z0-9]+)\}/g)].map((match) => match[1]);
      const fields =
        named.length > 0
          ? target.Fields.filter((f) => named.includes(f.Name))
          : [displayField(field, target)].filter((f) => f !== undefined);
      for (const shown of fields)
        if (shown.Column && FIELD_KINDS[shown.Type].sql === 'text')
          searched.add(`${tableOf(target)}:${shown.Column}`);
    }
  }
  return searched;
}

/** Which columns of the collections are ordered by and searched by relations' lookups. */
type LookupColumns = { displayed: ReadonlySet<string>; searched: ReadonlySet<string> };

const lookupColumnsOf = (collections: readonly Collection[]): LookupColumns => ({
  displayed: displayedColumns(collections),
  searched: searchedColumns(collections),
});

/**
 * The indexes a field needs, by name: its uniqueness; the order of its sort, `(column, id)` as List
 * orders (its ties by the id), which also serves a relation's joins and a lookup's order; and a
 * trigram index on its folded text (`pw_fold`, migration 0018) when the text search or a lookup
 * searches it: `pw_fold(column) LIKE pw_fold('%word%')` reads that index. Each is created if it does
 * not exist, so that a publish also gives a table made before an index was needed the index.
 */
function indexesOf(table: string, field: CollectionField, lookups: LookupColumns): Map<string, string> {
  const indexes = new Map<string, string>();
  const kind = FIELD_KINDS[field.Type];
  if (!kind.sql) return indexes;
  const column = columnOf(field);
  const at = `${table}:${field.Column}`;
  if (field.Unique) {
    const name = `${table}_${column}_uq`;
    indexes.set(
      name,
      `CREATE UNIQUE INDEX IF NOT EXISTS ${quoted(name)} ON ${quoted(table)} (${quoted(column)})`,
    );
  }
  if (sortsByDefault(kind.cell)) {
    const name = `${table}_${column}_sort`;
    indexes.set(
      name,
      `CREATE INDEX IF NOT EXISTS ${quoted(name)} ON ${quoted(table)} (${quoted(column)}, "id")`,
    );
  } else if (field.Type === 'relation' || lookups.displayed.has(at)) {
    const name = `${table}_${column}_idx`;
    indexes.set(name, `CREATE INDEX IF NOT EXISTS ${quoted(name)} ON ${quoted(table)} (${quoted(column)})`);
  }
  if (kind.sql === 'text' && ((field.Searchable ?? kind.searchable ?? false) || lookups.searched.has(at))) {
    const name = `${table}_${column}_trgm`;
    indexes.set(
      name,
      `CREATE INDEX IF NOT EXISTS ${quoted(name)} ON ${quoted(table)} USING gin (pw_fold(${quoted(column)}) gin_trgm_ops)`,
    );
  }
  return indexes;
}

/**
 * The lookup and search indexes the collections need, each made only where it is missing (`IF NOT
 * EXISTS`): collections published before these indexes existed get them at start, whatever their
 * next publish changes. Unique indexes are left out: they were made with their field, and making one
 * can fail on the values, which only a publish may refuse.
 */
export function lookupIndexSteps(collections: readonly Collection[]): Step[] {
  const lookups = lookupColumnsOf(collections);
  const steps: Step[] = [];
  for (const collection of collections) {
    const table = tableOf(collection);
    for (const field of collection.Fields) {
      if (!field.Column) continue;
      for (const statement of indexesOf(table, field, lookups).values()) {
        // Unique indexes are left to a publish (see above); the others are all `IF NOT EXISTS`.
        if (!statement.startsWith('CREATE INDEX IF NOT EXISTS ')) continue;
        steps.push({ sql: statement, about: `${collection.APIName}.${field.Name}` });
      }
    }
  }
  return steps;
}

const foreignKeyName = (table: string, field: CollectionField) => `${table}_${columnOf(field)}_fk`;

function columnDefinition(field: CollectionField): string {
  const type = FIELD_KINDS[field.Type].sql as string;
  return field.Type === 'boolean' ? `${type} DEFAULT false` : type;
}

/**
 * The statements that make the tables of `before` those of `after`, and the changes among them that
 * lose values. Collections are the same when their tables are, fields when their columns are: a
 * rename changes names only, never data. Every identifier comes from validated storage names, quoted.
 */
export function planCollections(
  before: readonly Collection[],
  after: readonly Collection[],
  targetTable: TargetTable,
): CollectionPlan {
  const create: Step[] = [];
  const alter: Step[] = [];
  const drop: Step[] = [];
  const losses: LossStep[] = [];
  const beforeByTable = new Map(before.map((collection) => [collection.Table, collection]));
  const displayedBefore = lookupColumnsOf(before);
  const displayedAfter = lookupColumnsOf(after);
  const afterTables = new Set(after.map((collection) => collection.Table));

  const relationTo = (field: CollectionField, about: string): string => {
    const target = targetTable(field.Target as string);
    if (!target) throw new Error(`${about}: ${field.Target} has no table`);
    return target;
  };
  const addField = (table: string, collection: Collection, field: CollectionField) => {
    if (!FIELD_KINDS[field.Type].sql) return;
    const about = `${collection.APIName}.${field.Name}`;
    alter.push({
      sql: `ALTER TABLE ${quoted(table)} ADD COLUMN ${quoted(columnOf(field))} ${columnDefinition(field)}`,
      about,
    });
    if (field.Type === 'relation') alter.push(foreignKey(table, field, relationTo(field, about), about));
    for (const statement of indexesOf(table, field, displayedAfter).values())
      alter.push({ sql: statement, about });
  };
  const foreignKey = (table: string, field: CollectionField, target: string, about: string): Step => ({
    sql: `ALTER TABLE ${quoted(table)} ADD CONSTRAINT ${quoted(foreignKeyName(table, field))} FOREIGN KEY (${quoted(columnOf(field))}) REFERENCES ${quoted(target)} ("id") ON DELETE SET NULL`,
    about,
  });

  for (const collection of after) {
    const table = tableOf(collection);
    const old = beforeByTable.get(collection.Table);
    if (!old) {
      create.push({ sql: `CREATE TABLE ${quoted(table)} (${RECORD_COLUMNS})`, about: collection.APIName });
      for (const field of collection.Fields) addField(table, collection, field);
      continue;
    }
    const oldByColumn = new Map(old.Fields.filter((f) => f.Column).map((field) => [field.Column, field]));
    const newColumns = new Set(collection.Fields.filter((f) => f.Column).map((field) => field.Column));
    for (const field of old.Fields) {
      if (!FIELD_KINDS[field.Type].sql || newColumns.has(field.Column)) continue;
      const column = quoted(columnOf(field));
      losses.push({
        loss: { Name: `${old.APIName}.${field.Name}`, Reason: 'drop-field' },
        count: `SELECT count(*)::int AS n FROM ${quoted(table)} WHERE ${column} IS NOT NULL`,
      });
      drop.push({
        sql: `ALTER TABLE ${quoted(table)} DROP COLUMN ${column}`,
        about: `${old.APIName}.${field.Name}`,
      });
    }
    for (const field of collection.Fields) {
      const was = field.Column ? oldByColumn.get(field.Column) : undefined;
      if (!was || !FIELD_KINDS[was.Type].sql) {
        addField(table, collection, field);
        continue;
      }
      const about = `${collection.APIName}.${field.Name}`;
      const column = quoted(columnOf(field));
      const retargeted =
        was.Type === 'relation' && (field.Type !== 'relation' || field.Target !== was.Target);
      const oldIndexes = indexesOf(table, was, displayedBefore);
      const newIndexes = indexesOf(table, field, displayedAfter);
      for (const name of oldIndexes.keys())
        if (!newIndexes.has(name)) alter.push({ sql: `DROP INDEX IF EXISTS ${quoted(name)}`, about });
      if (retargeted)
        alter.push({
          sql: `ALTER TABLE ${quoted(table)} DROP CONSTRAINT IF EXISTS ${quoted(foreignKeyName(table, was))}`,
          about,
        });
      if (FIELD_KINDS[field.Type].sql !== FIELD_KINDS[was.Type].sql || retargeted) {
        const type = FIELD_KINDS[field.Type].sql as string;
        const keeps = keepsValues(was.Type, field.Type) && !retargeted;
        if (!keeps)
          losses.push({
            loss: { Name: about, Reason: 'narrow-type' },
            count: `SELECT count(*)::int AS n FROM ${quoted(table)} WHERE ${column} IS NOT NULL`,
          });
        if (was.Type === 'boolean')
          alter.push({ sql: `ALTER TABLE ${quoted(table)} ALTER COLUMN ${column} DROP DEFAULT`, about });
        alter.push({
          sql: `ALTER TABLE ${quoted(table)} ALTER COLUMN ${column} TYPE ${type} USING ${keeps ? `${column}::${type}` : 'NULL'}`,
          about,
        });
        if (field.Type === 'boolean')
          alter.push({ sql: `ALTER TABLE ${quoted(table)} ALTER COLUMN ${column} SET DEFAULT false`, about });
      }
      if (field.Type === 'relation' && (retargeted || was.Type !== 'relation'))
        alter.push(foreignKey(table, field, relationTo(field, about), about));
      // Every index the field needs, made if missing: one added by a newer version comes with the
      // next publish.
      for (const statement of newIndexes.values()) alter.push({ sql: statement, about });
    }
  }
  for (const collection of before) {
    if (afterTables.has(collection.Table)) continue;
    const table = quoted(tableOf(collection));
    losses.push({
      loss: { Name: collection.APIName, Reason: 'drop-collection' },
      count: `SELECT count(*)::int AS n FROM ${table}`,
    });
    drop.push({ sql: `DROP TABLE ${table} CASCADE`, about: collection.APIName });
  }
  return { steps: [...create, ...alter, ...drop], losses };
}
