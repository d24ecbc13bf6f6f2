// Files on every instance (issue 27): with FILE_STORE=database, a file uploaded through one instance
// and an export made by it are downloaded through another that has a data folder of its own; the
// bytes are kept in chunks, and deleting the file deletes them.
import { uploadResultSchema } from '@panelwright/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileChunks, files } from '../../db/schema';
import { startTestServer, type TestServer } from '../../testing/harness';
import { TEST_REDIS_URL, testRedisAnswers, testRedisPrefix } from '../../testing/redis';
import { CHUNK_BYTES } from './byte-stores';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
/** A CSV of a little under three chunks. */
const CSV = Buffer.from(
  `name;price\n${Array.from({ length: 40_000 }, (_, i) => `Item ${i};${i % 97},5`).join('\n')}\n`,
);

let a: TestServer;
let b: TestServer;
let tokenA: string;

beforeAll(async () => {
  // As deployed behind a load balancer: one database and, where there is one, one Redis.
  const redis: Record<string, string> = (await testRedisAnswers())
    ? { REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: testRedisPrefix() }
    : {};
  const env = { FILE_STORE: 'database', ...redis };
  a = await startTestServer({ demoProducts: 5, env });
  b = await startTestServer({ shareDatabaseWith: a, env });
  tokenA = await a.signIn();
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

async function upload(server: TestServer, token: string, parts: { name: string; bytes: Uint8Array }[]) {
  const form = new FormData();
  for (const part of parts) form.append('file[]', new Blob([part.bytes]), part.name);
  const res = await server.fetch('/api/v1/ProjectPhoto/FileUploadFile', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(res.status).toBe(200);
  return uploadResultSchema.parse(((await res.json()) as { Data: unknown }).Data).Photos;
}

describe('FILE_STORE=database', () => {
  it('serves through one instance what was uploaded through another, chunk by chunk', async () => {
    expect(a.config.dataDir).not.toBe(b.config.dataDir);
    const photos = await upload(a, tokenA, [
      { name: 'photo.png', bytes: PNG },
      { name: 'big.csv', bytes: CSV },
    ]);
    expect(CSV.length).toBeGreaterThan(2 * CHUNK_BYTES);
    const image = await b.fetch(photos[0]?.FileUrl ?? '');
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer())).toEqual(PNG);
    const csv = await b.fetch(photos[1]?.FileUrl ?? '');
    expect(csv.status).toBe(200);
    expect(Buffer.from(await csv.arrayBuffer()).equals(CSV)).toBe(true);
    // Kept in the database in chunks, not on either data folder's disk.
    const [row] = await a.database.db.select().from(files).where(eq(files.name, 'big.csv'));
    const [chunks] = await a.database.db
      .select({ n: sql<number>`cast(count(*) as integer)` })
      .from(fileChunks)
      .where(eq(fileChunks.storageKey, row?.storageKey ?? ''));
    expect(chunks?.n).toBe(Math.ceil(CSV.length / CHUNK_BYTES));
  });

  it('serves an export made by one instance through the other', async () => {
    const exported = await a.call('Product/Export', { Page: 1 }, tokenA);
    expect(exported.body.StatusCode, exported.text).toBe(1);
    const link: string = exported.body.Data.FullPath;
    const answer = await b.fetch(new URL(link, b.url).pathname + new URL(link, b.url).search);
    expect(answer.status).toBe(200);
    const bytes = Buffer.from(await answer.arrayBuffer());
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
  });

  it('deletes the chunks with the file', async () => {
    const [photo] = await upload(a, tokenA, [{ name: 'gone.png', bytes: PNG }]);
    const [row] = await a.database.db.select().from(files).where(eq(files.name, 'gone.png'));
    const keys = await a.app.services.files.removeRows([row?.id ?? '']);
    await a.app.services.files.discardBytes(keys);
    expect(
      await a.database.db
        .select()
        .from(fileChunks)
        .where(eq(fileChunks.storageKey, row?.storageKey ?? '')),
    ).toEqual([]);
    expect((await b.fetch(photo?.FileUrl ?? '')).status).toBe(404);
  });
});
