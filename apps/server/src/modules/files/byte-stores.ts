import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { fileChunks } from '../../db/schema';

/** Where the bytes of stored files live (`FILE_STORE`): the data folder, or the database. */
export interface ByteStore {
  /** Stores bytes, or moves the file at `path` in (the file is gone afterwards); answers the size. */
  put(key: string, source: { bytes: Uint8Array } | { path: string }): Promise<number>;
  /** A stream of the bytes, or null when they are gone. */
  open(key: string): Promise<Readable | null>;
  /** Removes bytes; a key already gone is no error. */
  remove(keys: readonly string[]): Promise<void>;
}

/** `DATA_DIR/files/{key}`: the default, for a single instance. */
export class DiskByteStore implements ByteStore {
  constructor(private readonly root: string) {}

  async put(key: string, source: { bytes: Uint8Array } | { path: string }): Promise<number> {
    const target = join(this.root, key);
    await mkdir(dirname(target), { recursive: true });
    if ('bytes' in source) await writeFile(target, source.bytes, { flag: 'wx' });
    else await rename(source.path, target);
    return (await stat(target)).size;
  }

  async open(key: string): Promise<Readable | null> {
    const path = join(this.root, key);
    try {
      await stat(path);
    } catch {
      return null;
    }
    return createReadStream(path);
  }

  async remove(keys: readonly string[]): Promise<void> {
    await Promise.all(keys.map((key) => rm(join(this.root, key), { force: true })));
  }
}

/** Bytes of a chunk (256 KiB: a few round trips for a photo, bounded memory for an export). */
export const CHUNK_BYTES = 256 * 1024;

/**
 * Chunks in `file_chunks`, so that a file stored through one instance is read through any other
 * (`FILE_STORE=database`, for several instances behind a load balancer). Written and read one chunk
 * at a time: a file is never whole in memory.
 */
export class DatabaseByteStore implements ByteStore {
  constructor(private readonly db: Database) {}

  private async write(key: string, seq: number, data: Uint8Array): Promise<void> {
    await this.db.insert(fileChunks).values({ storageKey: key, seq, data: Buffer.from(data) });
  }

  async put(key: string, source: { bytes: Uint8Array } | { path: string }): Promise<number> {
    let seq = 0;
    let size = 0;
    try {
      if ('bytes' in source) {
        for (let offset = 0; offset < source.bytes.length; offset += CHUNK_BYTES) {
          const part = source.bytes.subarray(offset, offset + CHUNK_BYTES);
          await this.write(key, seq++, part);
          size += part.length;
        }
      } else {
        for await (const part of createReadStream(source.path, { highWaterMark: CHUNK_BYTES })) {
          await this.write(key, seq++, part as Buffer);
          size += (part as Buffer).length;
        }
      }
      // An empty file is one empty chunk, so that "no chunk" always means "gone".
      if (seq === 0) await this.write(key, seq++, new Uint8Array());
    } catch (error) {
      await this.remove([key]);
      throw error;
    }
    if ('path' in source) await rm(source.path, { force: true });
    return size;
  }

  private async chunk(key: string, seq: number): Promise<Buffer | null> {
    const [row] = await this.db
      .select({ data: fileChunks.data })
      .from(fileChunks)
      .where(and(eq(fileChunks.storageKey, key), eq(fileChunks.seq, seq)));
    return row ? Buffer.from(row.data) : null;
  }

  async open(key: string): Promise<Readable | null> {
    const first = await this.chunk(key, 0);
    if (first === null) return null;
    const next = (seq: number) => this.chunk(key, seq);
    return Readable.from(
      (async function* () {
        yield first;
        for (let seq = 1; ; seq++) {
          const part = await next(seq);
          if (part === null) return;
          yield part;
        }
      })(),
      { objectMode: false },
    );
  }

  async remove(keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.db.delete(fileChunks).where(inArray(fileChunks.storageKey, [...keys]));
  }
}
