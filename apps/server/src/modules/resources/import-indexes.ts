import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { type Database, quotedTableName } from '../../db/client';

/** A secondary index as the database's catalogue defines it (`pg_indexes.indexdef`). */
export type IndexDefinition = { schema: string; name: string; definition: string };

/** Rows from which an import builds a table's search indexes afresh instead of growing them. */
const LARGE_IMPORT_ROWS = 5000;
/**
 * Building an index reads every row of the table; growing it costs per row added (a trigram GIN
 * entry per word part). Rebuilding pays where the import is at least a fifth of what the table
 * will hold: at most four rows already there for each one imported.
 */
const EXISTING_ROWS_PER_IMPORTED_ROW = 4;

/**
 * The indexes of `table` an import may drop and build again: neither primary key nor unique nor
 * behind a constraint (those decide what the database refuses), nor led by one of `keep` (the
 * columns the import looks rows up by). Their definitions as the catalogue gives them, so that the
 * very same indexes come back.
 */
async function secondaryIndexes(tx: Database, table: PgTable, keep: string[]): Promise<IndexDefinition[]> {
  const result = (await tx.execute(sql`
    select n.nspname as schema, c.relname as name, pg_get_indexdef(i.indexrelid) as definition
    from pg_index i
      join pg_class c on c.oid = i.indexrelid
      join pg_namespace n on n.oid = c.relnamespace
    where i.indrelid = to_regclass(${quotedTableName(table)})
      and not i.indisprimary and not i.indisunique and not i.indisexclusion and i.indisvalid
      and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
      and not exists (
        select 1 from pg_attribute a
        where a.attrelid = i.indrelid and a.attnum = i.indkey[0]
          and a.attname in (select jsonb_array_elements_text(${JSON.stringify(keep)}::jsonb))
      )
    order by c.relname`)) as unknown as { rows: IndexDefinition[] };
  return result.rows;
}

/** Whether `imported` rows are many against what `table` holds (counted no further than needed). */
export async function isLargeImport(tx: Database, table: PgTable, imported: number): Promise<boolean> {
  if (imported < LARGE_IMPORT_ROWS) return false;
  const limit = imported * EXISTING_ROWS_PER_IMPORTED_ROW + 1;
  const result = (await tx.execute(
    sql`select count(*)::integer as rows from (select 1 from ${table} limit ${limit}) as existing`,
  )) as unknown as { rows: { rows: number }[] };
  return Number(result.rows[0]?.rows ?? limit) < limit;
}

/**
 * Drops the secondary indexes of `table` inside the caller's transaction; answers their
 * definitions for `rebuildIndexes` before the commit. A rollback brings them back by itself.
 */
export async function dropSecondaryIndexes(
  tx: Database,
  table: PgTable,
  keep: string[],
): Promise<IndexDefinition[]> {
  const indexes = await secondaryIndexes(tx, table, keep);
  for (const index of indexes)
    await tx.execute(sql`drop index ${sql.identifier(index.schema)}.${sql.identifier(index.name)}`);
  return indexes;
}

/** Builds the indexes `dropSecondaryIndexes` dropped, each from its own catalogue definition. */
export async function rebuildIndexes(tx: Database, indexes: IndexDefinition[]): Promise<void> {
  // The definitions are the catalogue's own text of indexes of a declared table, not a caller's.
  for (const index of indexes) await tx.execute(sql.raw(index.definition));
}
