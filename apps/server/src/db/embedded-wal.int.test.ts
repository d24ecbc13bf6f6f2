import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openEmbeddedDatabase } from './client';

const dataDir = mkdtempSync(join(tmpdir(), 'pw-wal-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const rowsOf = async (
  db: Awaited<ReturnType<typeof openEmbeddedDatabase>>['db'],
  query: ReturnType<typeof sql>,
) => ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

describe('the embedded database in a data directory', () => {
  it('logs only what recovery needs, and keeps a table and index built in one transaction when the process dies', async () => {
    // A process that fills a table and builds its index in one transaction (as a large import
    // rebuilds Products' indexes), commits, and ends without closing the database: nothing of the
    // database's memory is written out but what the commit itself wrote.
    const client = join(import.meta.dirname, 'client.ts');
    const script = `
      import { sql } from 'drizzle-orm';
      import { openEmbeddedDatabase } from ${JSON.stringify(client)};
      const handle = await openEmbeddedDatabase(${JSON.stringify(dataDir)});
      await handle.db.transaction(async (tx) => {
        await tx.execute(sql\`create table filled (id integer primary key, name text)\`);
        await tx.execute(sql\`insert into filled select i, 'row ' || i from generate_series(1, 60000) as i\`);
        await tx.execute(sql\`create index filled_name_idx on filled (name)\`);
      });
      process.exit(0);`;
    execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: 'pipe',
    });

    const handle = await openEmbeddedDatabase(dataDir);
    try {
      expect(await rowsOf(handle.db, sql`show wal_level`)).toEqual([{ wal_level: 'minimal' }]);
      expect(await rowsOf(handle.db, sql`select count(*)::integer as rows from filled`)).toEqual([
        { rows: 60000 },
      ]);
      // Read through the index alone: its pages came through the crash as the table's did.
      await handle.db.execute(sql`set enable_seqscan = off`);
      const plan = await rowsOf(handle.db, sql`explain select id from filled where name = 'row 59999'`);
      expect(JSON.stringify(plan)).toContain('filled_name_idx');
      expect(await rowsOf(handle.db, sql`select id from filled where name = 'row 59999'`)).toEqual([
        { id: 59999 },
      ]);
    } finally {
      await handle.close();
    }
  }, 120_000);
});
