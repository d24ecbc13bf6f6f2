import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import type { UploadResult } from '@panelwright/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { files } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import type { SettingsService } from '../settings/service';
import { type ByteStore, DatabaseByteStore, DiskByteStore } from './byte-stores';
import { checkFileContent, parseAcceptedTypes, safeFileName } from './content-check';

export type StoredFile = typeof files.$inferSelect;

/** Exports hold bulk data: their links expire soon. */
export const EXPORT_LINK_TTL_SECONDS = 60 * 60;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export type LinkCheck = 'valid' | 'expired' | 'invalid';

/** A link to a stored file inside a text (a photo column holds a comma list of them). */
const FILE_LINK =
  /\/files\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/([^\s,?#]+)(\?[^\s,#]*)?/g;

/** A file link in a value being stored that is not a valid, current signed link. */
export class UnsignedFileLinkError extends Error {
  override name = 'UnsignedFileLinkError';
}

/**
 * Files under `DATA_DIR/files`, a row each in `files`. A browser link cannot carry the bearer token,
 * so links are signed: `/files/{id}/{name}?exp={unix seconds}&sig={HMAC-SHA256(id:exp)}`, with a key
 * derived from the JWT secret (every instance shares it, so any instance can check any link).
 */
export class FilesService {
  readonly root: string;
  /** How long a link handed out with a row or an upload stays valid (FILE_LINK_TTL_SECONDS). */
  readonly linkTtlSeconds: number;
  private readonly linkKey: Buffer;
  /** The bytes of the files (modules/files/byte-stores.ts). */
  private readonly bytes: ByteStore;

  constructor(
    private readonly db: Database,
    private readonly settings: SettingsService,
    options: {
      dataDir: string;
      secret: Uint8Array;
      linkTtlSeconds: number;
      /** Where the bytes live (`FILE_STORE`): the data folder by default, or the database. */
      store?: 'disk' | 'database';
    },
  ) {
    this.linkTtlSeconds = options.linkTtlSeconds;
    this.root = join(resolve(options.dataDir), 'files');
    this.bytes = options.store === 'database' ? new DatabaseByteStore(db) : new DiskByteStore(this.root);
    // A key of its own, so that a file link can never pass for anything signed with the JWT secret.
    this.linkKey = createHmac('sha256', options.secret).update('panelwright/file-links/v1').digest();
  }

  /** A path for a file being written before it is stored (same disk, so storing is a rename). */
  async tempPath(): Promise<string> {
    const dir = join(this.root, 'tmp');
    await mkdir(dir, { recursive: true });
    return join(dir, randomUUID());
  }

  /** Stores bytes, or moves the file at `path`, and records it. */
  async store(input: {
    name: string;
    contentType: string;
    userId: number | null;
    bytes?: Uint8Array;
    path?: string;
    /** `export` files are deleted after the retention period; uploads stay. */
    kind?: 'upload' | 'export';
  }): Promise<StoredFile> {
    const id = randomUUID();
    const storageKey = `${id.slice(0, 2)}/${id}`;
    let size: number;
    if (input.bytes) size = await this.bytes.put(storageKey, { bytes: input.bytes });
    else if (input.path) size = await this.bytes.put(storageKey, { path: input.path });
    else throw new Error('store needs bytes or a path');
    try {
      const [row] = await this.db
        .insert(files)
        .values({
          id,
          name: safeFileName(input.name),
          contentType: input.contentType,
          size,
          storageKey,
          kind: input.kind ?? 'upload',
          createdBy: input.userId,
        })
        .returning();
      if (!row) throw new Error('file insert returned nothing');
      return row;
    } catch (error) {
      await this.bytes.remove([storageKey]);
      throw error;
    }
  }

  private sign(id: string, exp: number): string {
    return createHmac('sha256', this.linkKey).update(`${id}:${exp}`).digest('base64url');
  }

  /** The signed link to a file, valid for `ttlSeconds`. */
  signedPath(file: Pick<StoredFile, 'id' | 'name'>, ttlSeconds: number): string {
    const exp = Math.floor(Date.now() / 1000) + ttlSeconds;
    return `/files/${file.id}/${encodeURIComponent(file.name)}?exp=${exp}&sig=${this.sign(file.id, exp)}`;
  }

  checkLink(id: string, exp: unknown, sig: unknown): LinkCheck {
    if (!UUID.test(id) || typeof exp !== 'string' || typeof sig !== 'string') return 'invalid';
    if (!/^\d{1,12}$/.test(exp) || !/^[A-Za-z0-9_-]{43}$/.test(sig)) return 'invalid';
    const expected = Buffer.from(this.sign(id, Number(exp)));
    const given = Buffer.from(sig);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
    return Number(exp) * 1000 < Date.now() ? 'expired' : 'valid';
  }

  /**
   * A stored value as it is handed out: every file link in it signed afresh for `linkTtlSeconds`. Rows
   * keep their links unsigned (see `unsignLinks`), so a record's photo works as long as the record is
   * read again, while any one copy of its link stops working after the lifetime.
   */
  signLinks(value: string): string {
    return value.replace(FILE_LINK, (_link, id: string, name: string) =>
      this.signedPath({ id, name: decodeURIComponent(name) }, this.linkTtlSeconds),
    );
  }

  /**
   * A value about to be stored, its file links stripped of their signatures. Each must be a valid,
   * current signed link (the writer shows it may open the file): a bare `/files/...` path, a forged
   * or expired signature is refused, so that nobody can attach someone else's file to a record.
   */
  unsignLinks(value: string): string {
    return value.replace(FILE_LINK, (link, id: string, name: string) => {
      if (this.idOfSignedLink(link) !== id) {
        throw new UnsignedFileLinkError(
          'holds a file link that is not valid or has expired; upload the file again',
        );
      }
      return `/files/${id}/${name}`;
    });
  }

  /** The id of the file a signed link names, when the link is valid and not expired; else null. */
  idOfSignedLink(link: string): string | null {
    let url: URL;
    try {
      url = new URL(link, 'http://link.invalid');
    } catch {
      return null;
    }
    const match = /^\/files\/([0-9a-f-]{36})\/[^/]+$/.exec(url.pathname);
    if (!match?.[1]) return null;
    const check = this.checkLink(
      match[1],
      url.searchParams.get('exp') ?? undefined,
      url.searchParams.get('sig') ?? undefined,
    );
    return check === 'valid' ? match[1] : null;
  }

  async find(id: string): Promise<StoredFile | null> {
    if (!UUID.test(id)) return null;
    const [file] = await this.db.select().from(files).where(eq(files.id, id)).limit(1);
    return file ?? null;
  }

  /**
   * Deletes the rows of files (within the caller's transaction when given) and answers their storage
   * keys; pass those to `discardBytes` once the transaction has committed.
   */
  async removeRows(ids: readonly string[], db: Database = this.db): Promise<string[]> {
    if (ids.length === 0) return [];
    const removed = await db
      .delete(files)
      .where(inArray(files.id, [...ids]))
      .returning({ storageKey: files.storageKey });
    return removed.map((file) => file.storageKey);
  }

  /** Removes stored bytes; a file already gone is no error. */
  async discardBytes(storageKeys: readonly string[]): Promise<void> {
    await this.bytes.remove(storageKeys);
  }

  /** The stored file and a stream of its bytes, or null when it is gone. */
  async open(id: string): Promise<{ file: StoredFile; stream: Readable } | null> {
    if (!UUID.test(id)) return null;
    const [file] = await this.db.select().from(files).where(eq(files.id, id)).limit(1);
    if (!file) return null;
    const stream = await this.bytes.open(file.storageKey);
    return stream ? { file, stream } : null;
  }

  /**
   * Checks every uploaded file against `MediaAcceptedType` by extension and content, then stores them
   * all; one unsupported file refuses the whole upload (415) and nothing is stored.
   */
  async upload(parts: { name: string; bytes: Buffer }[], userId: number): Promise<UploadResult> {
    const { mediaAcceptedType } = await this.settings.load();
    const accepted = parseAcceptedTypes(mediaAcceptedType);
    const checked: { name: string; bytes: Buffer; contentType: string }[] = [];
    for (const part of parts) {
      const contentType = await checkFileContent(part.name, part.bytes, accepted);
      if (contentType === null) {
        throw new HttpError(
          415,
          'unsupported_media_type',
          `File not supported. Supported files: ${accepted.listed.join(', ')}. Refused: ${safeFileName(part.name).slice(0, 100)}`,
        );
      }
      checked.push({ ...part, contentType });
    }
    const photos: UploadResult['Photos'] = [];
    for (const part of checked) {
      const file = await this.store({ ...part, userId });
      photos.push({
        FileUrl: this.signedPath(file, this.linkTtlSeconds),
        FileName: file.name,
        Size: file.size,
        ContentType: file.contentType,
      });
    }
    return { Photos: photos };
  }
}
