import { sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type Database, quotedTableName } from '../../db/client';
import { users } from '../../db/schema';

/** A column that names the user who wrote its row (`updated_by`, the audit's `user_id`), with its table. */
export type ActorColumn = { table: PgTable & { id: AnyPgColumn }; column: AnyPgColumn };

/** A foreign key's insert check an import turned off, and the rows that were written without it. */
export type SuspendedCheck = ActorColumn & { trigger: string; lastIdBefore: number };

/**
 * Turns off, for a large import on the embedded database, the per-row check of the foreign keys
 * from `columns` to the users: every row the import writes names the importing user there, so one
 * look-up of that user, locked as each check would lock it (`FOR KEY SHARE`, until the commit),
 * stands for 100,000 (each an SPI query, 6–8 µs a row on PGlite: 1.4 s of an import's products and
 * audit rows, docs/decisions.md). `resumeActorChecks` turns them on again before the commit, after
 * checking in one query every row written meanwhile by anyone else, so the database's guarantee
 * holds as before; a rollback restores them by itself. Only the insert checks: an update's stays.
 * `ALTER TABLE … DISABLE TRIGGER` locks the table until the commit, which keeps no one waiting
 * longer on the embedded database (one transaction at a time) and is never done on PostgreSQL.
 */
export async function suspendActorChecks(
  tx: Database,
  columns: ActorColumn[],
  actorId: number,
): Promise<SuspendedCheck[]> {
  const actor = await tx.execute(sql`select 1 from ${users} where ${users.id} = ${actorId} for key share`);
  // A user gone meanwhile: the checks stay on and refuse the rows as they always did.
  if ((actor as unknown as { rows: unknown[] }).rows.length === 0) return [];
  const suspended: SuspendedCheck[] = [];
  for (const { table, column } of columns) {
    const qualified = quotedTableName(table);
    const found = (
      (await tx.execute(sql`
        select t.tgname as trigger,
          (select coalesce(max(${table.id}), 0) from ${table})::bigint::text as "lastIdBefore"
        from pg_trigger t
          join pg_constraint c on c.oid = t.tgconstraint
          join pg_attribute a on a.attrelid = t.tgrelid and a.attname = ${column.name}
        where t.tgrelid = to_regclass(${qualified}) and t.tgenabled <> 'D'
          and t.tgfoid = 'pg_catalog."RI_FKey_check_ins"'::regproc
          and c.contype = 'f' and c.confrelid = to_regclass(${quotedTableName(users)})
          and c.conkey = array[a.attnum]::int2[]`)) as unknown as {
        rows: { trigger: string; lastIdBefore: string }[];
      }
    ).rows;
    for (const { trigger, lastIdBefore } of found) {
      // The trigger's name is the catalogue's own, of a declared table's constraint.
      await tx.execute(sql`alter table ${table} disable trigger ${sql.identifier(trigger)}`);
      suspended.push({ table, column, trigger, lastIdBefore: Number(lastIdBefore) });
    }
  }
  return suspended;
}

/**
 * Turns the checks `suspendActorChecks` turned off on again, after making sure that every row added
 * since names an existing user or none: the importing user's rows were vouched for by its one
 * look-up, so only others are looked at (a hook's, say), in one query a table.
 */
export async function resumeActorChecks(
  tx: Database,
  suspended: SuspendedCheck[],
  actorId: number,
): Promise<void> {
  for (const { table, column, trigger, lastIdBefore } of suspended) {
    const unknownUser = await tx.execute(sql`
      select 1 from ${table}
      where ${table.id} > ${lastIdBefore} and ${column} is not null and ${column} <> ${actorId}
        and not exists (select 1 from ${users} where ${users.id} = ${column})
      limit 1`);
    if ((unknownUser as unknown as { rows: unknown[] }).rows.length > 0)
      throw new Error(`a row added to ${quotedTableName(table)} names a user who does not exist`);
    await tx.execute(sql`alter table ${table} enable trigger ${sql.identifier(trigger)}`);
  }
}
