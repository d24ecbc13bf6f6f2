import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { auditLog, users } from '../../db/schema';
import { openTestDatabase, type TestDatabase } from '../../testing/database';
import { resumeActorChecks, suspendActorChecks } from './import-actor-checks';

let database: TestDatabase;
let actorId: number;

beforeAll(async () => {
  database = await openTestDatabase();
  const [actor] = await database.db
    .insert(users)
    .values({ username: 'importer', displayName: 'Importer', passwordHash: 'x' })
    .returning({ id: users.id });
  actorId = actor?.id ?? 0;
});
afterAll(() => database.close());

const rolledBack = new Error('rolled back');
/** Runs `work` in a transaction that is always rolled back. */
async function inTransaction(work: (tx: Database) => Promise<void>): Promise<void> {
  await database.db
    .transaction(async (tx) => {
      await work(tx as unknown as Database);
      throw rolledBack;
    })
    .catch((error) => {
      if (error !== rolledBack) throw error;
    });
}

const enabledChecks = async (tx: Database) =>
  (
    (await tx.execute(sql`
      select t.tgenabled as enabled from pg_trigger t join pg_constraint c on c.oid = t.tgconstraint
      where c.conrelid = 'audit_log'::regclass and c.contype = 'f'`)) as unknown as {
      rows: { enabled: string }[];
    }
  ).rows.map((row) => row.enabled);

describe('the foreign keys to the importing user, checked once', () => {
  it('turns the insert check off, and on again once every row written meanwhile names a real user or none', async () => {
    await inTransaction(async (tx) => {
      const suspended = await suspendActorChecks(tx, [{ table: auditLog, column: auditLog.userId }], actorId);
      expect(suspended).toHaveLength(1);
      expect(await enabledChecks(tx)).toContain('D');
      await tx.execute(sql`insert into ${auditLog} (action, user_id) values ('a', ${actorId}), ('b', null)`);
      await resumeActorChecks(tx, suspended, actorId);
      expect(await enabledChecks(tx)).not.toContain('D');
      await expect(
        tx.execute(sql`insert into ${auditLog} (action, user_id) values ('c', 2147483000)`),
      ).rejects.toThrow();
    });
  });

  it('refuses to turn it on over a row that names a user who does not exist', async () => {
    await inTransaction(async (tx) => {
      const suspended = await suspendActorChecks(tx, [{ table: auditLog, column: auditLog.userId }], actorId);
      await tx.execute(sql`insert into ${auditLog} (action, user_id) values ('by someone gone', 2147483000)`);
      await expect(resumeActorChecks(tx, suspended, actorId)).rejects.toThrow(
        'names a user who does not exist',
      );
    });
  });

  it('leaves the checks on where the importing user does not exist', async () => {
    await inTransaction(async (tx) => {
      expect(
        await suspendActorChecks(tx, [{ table: auditLog, column: auditLog.userId }], 2147483000),
      ).toEqual([]);
      expect(await enabledChecks(tx)).not.toContain('D');
    });
  });
});
