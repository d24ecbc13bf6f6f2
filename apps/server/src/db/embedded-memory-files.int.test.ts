import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBEDDED_START_PARAMS, growFilesWithRoom } from './client';

type MemoryFile = { contents: Uint8Array; usedBytes: number };

let client: PGlite;
beforeAll(async () => {
  client = await PGlite.create({ startParams: EMBEDDED_START_PARAMS });
  growFilesWithRoom(client);
});
afterAll(() => client.close());

/** The in-memory file that holds `table`'s rows, as Emscripten's MEMFS keeps it. */
async function fileOf(table: string): Promise<MemoryFile> {
  const { rows } = await client.query<{ path: string }>('select pg_relation_filepath($1) as path', [table]);
  const fs = (client as unknown as { mod: { FS: { lookupPath(path: string): { node: MemoryFile } } } }).mod
    .FS;
  return fs.lookupPath(`/pglite/data/${rows[0]?.path}`).node;
}

/** Rows by COPY, which extends a table many pages at a time (`posix_fallocate`). */
async function copyRows(table: string, from: number, to: number): Promise<void> {
  let text = '';
  for (let id = from; id <= to; id++) text += `${id}\tline ${id} ${'x'.repeat(id % 50)}\n`;
  const bytes = new TextEncoder().encode(text);
  const blob = { arrayBuffer: async () => bytes.buffer, size: bytes.byteLength } as unknown as Blob;
  await client.query(`copy ${table} from '/dev/blob'`, [], { blob });
}

describe('the in-memory embedded database (tests)', () => {
  it('grows a table extended many pages at a time with room to spare, its new pages empty, and shrinks it exactly', async () => {
    await client.exec('create table grown (id integer primary key, line text)');
    for (let batch = 0; batch < 10; batch++) await copyRows('grown', batch * 5000 + 1, (batch + 1) * 5000);
    const file = await fileOf('grown');
    const { rows: size } = await client.query<{ bytes: number }>(
      `select pg_relation_size('grown')::integer as bytes`,
    );
    expect(file.usedBytes).toBe(size[0]?.bytes);
    // Extended as written files grow: a buffer with room, not one copied to the exact size each time.
    expect(file.contents.length).toBeGreaterThan(file.usedBytes);
    const { rows: sums } = await client.query<{ count: number; ids: string; lines: number }>(
      `select count(*)::integer as count, sum(id)::text as ids, sum(length(line))::integer as lines from grown`,
    );
    const expectedLines = Array.from({ length: 50_000 }, (_, index) => {
      const id = index + 1;
      return `line ${id} `.length + (id % 50);
    }).reduce((total, length) => total + length, 0);
    expect(sums[0]).toEqual({ count: 50_000, ids: String((50_000 * 50_001) / 2), lines: expectedLines });

    // Emptied and vacuumed, the file is cut to nothing; filled again, every page reads as written.
    await client.exec('delete from grown');
    await client.exec('vacuum grown');
    expect((await fileOf('grown')).usedBytes).toBe(0);
    await copyRows('grown', 1, 20_000);
    const { rows: again } = await client.query<{ count: number; last: string }>(
      `select count(*)::integer as count, max(line) filter (where id = 20000) as last from grown`,
    );
    expect(again[0]).toEqual({ count: 20_000, last: `line 20000 ` });
  });
});
