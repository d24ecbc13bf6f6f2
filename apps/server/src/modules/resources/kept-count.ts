import { sql } from 'drizzle-orm';
import type { Database, RowReader } from '../../db/client';

/**
 * Deltas of one table in `pw_row_counts` past which its count folds them into one row: reading the
 * total sums them, and every write statement adds one.
 */
export const KEPT_COUNT_DELTAS = 64;

/**
 * The number of rows of `table` as the database keeps it (migration 0027: the sum of the deltas its
 * triggers add, exact at the reading statement's snapshot as a count(*) is), for tables declared
 * with `keptCount`. When the deltas pile up, folds them into one row: one statement that deletes
 * the deltas it sees and inserts their sum, so any reader sees either all of them or their sum, and
 * two at once each fold only the rows they deleted.
 */
export async function keptRowCount(db: Database, readRows: RowReader, table: string): Promise<number> {
  const [row] = (await readRows(
    db,
    sql`select cast(coalesce(sum(delta), 0) as bigint) as total, cast(count(*) as integer) as deltas
        from pw_row_counts where table_name = ${table}`,
  )) as { total: string | number; deltas: number }[];
  if ((row?.deltas ?? 0) > KEPT_COUNT_DELTAS) {
    await db.execute(sql`
      with folded as (delete from pw_row_counts where table_name = ${table} returning delta)
      insert into pw_row_counts (table_name, delta)
      select ${table}, sum(delta) from folded having count(*) > 0`);
  }
  return Number(row?.total ?? 0);
}
