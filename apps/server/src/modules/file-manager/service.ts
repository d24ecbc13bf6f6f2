import type { FileManagerEntry, FileManagerListing } from '@panelwright/contract';
import { and, asc, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { fileEntries } from '../../db/schema';
import { Answer } from '../../lib/actions';
import type { AuditService } from '../../lib/audit';
import { BusinessError } from '../../lib/errors';
import type { EventBus } from '../../lib/events';
import type { AccessAction } from '../access/policy';
import type { AccessService } from '../access/service';
import { safeFileName } from '../files/content-check';
import type { FilesService } from '../files/service';
import type { User } from '../sessions/service';

/** Links handed out by List are for looking at a file now, so they last an hour. */
export const LIST_LINK_TTL_SECONDS = 60 * 60;
/** Entries a folder lists at most (folders first, then files by name). */
export const MAX_LISTED_ENTRIES = 2000;
/** How deep folders may nest. */
export const MAX_FOLDER_DEPTH = 20;

type Entry = typeof fileEntries.$inferSelect;
export type FileManagerActor = { user: Pick<User, 'id' | 'roles'>; ip?: string | undefined };

/** The screen whose grant governs the file manager (list: look, add: upload and folders, edit: rename). */
export const FILE_MANAGER_SCREEN = 'file-manager';

const GONE = 'This file or folder does not exist any more; reload the list.';
const FOLDER_GONE = 'This folder does not exist any more; reload the list.';

/** The database's error code, through drizzle's wrapping. */
function databaseCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** "report.pdf" → "report (2).pdf", for a name already taken in a folder. */
export function numberedName(name: string, n: number): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
}

/**
 * The file manager: a tree of folders and files shared by the signed-in users. Files are uploaded
 * through `ProjectPhoto/FileUploadFile` (checked there against `MediaAcceptedType`) and then filed
 * into a folder by their signed link. Anyone signed in may look, upload and create folders;
 * renaming and deleting is for the entry's creator and administrators (a folder only when everything
 * in it is the caller's). Every change is audited and announced as a `data-changed` event.
 */
export class FileManagerService {
  constructor(
    private readonly db: Database,
    private readonly files: FilesService,
    private readonly audit: AuditService,
    private readonly events: EventBus,
    private readonly access: AccessService,
  ) {}

  private canChange(entry: Pick<Entry, 'createdBy'>, actor: FileManagerActor, admin: boolean): boolean {
    return admin || entry.createdBy === actor.user.id;
  }

  /**
   * The access check of every call (`AccessService.reach`): the 403 naming the missing permission of
   * the file manager's screen, else whether they administer and, under the row rule `own`, the
   * condition of their entries (those they made); outside it an entry does not exist for them.
   */
  private async require(
    actor: FileManagerActor,
    action: AccessAction,
  ): Promise<{ admin: boolean; rows: SQL | undefined }> {
    const reach = await this.access.reach(actor.user, FILE_MANAGER_SCREEN, action, {
      title: 'Files',
      ownRows: (userId) => eq(fileEntries.createdBy, userId),
    });
    return { admin: reach.policy.canAdminister(), rows: reach.rowCondition };
  }

  private async entry(id: number, rows: SQL | undefined, db: Database = this.db): Promise<Entry | undefined> {
    const [row] = await db
      .select()
      .from(fileEntries)
      .where(and(eq(fileEntries.id, id), rows))
      .limit(1);
    return row;
  }

  private async folder(
    id: number | null | undefined,
    rows: SQL | undefined,
    db: Database = this.db,
  ): Promise<Entry | null> {
    if (id === null || id === undefined) return null;
    const found = await this.entry(id, rows, db);
    if (found?.kind !== 'folder') throw new BusinessError(FOLDER_GONE);
    return found;
  }

  /** The folders from the root down to `id`, itself included. */
  private async path(id: number): Promise<{ Id: number; Name: string }[]> {
    const result = (await this.db.execute(sql`
      with recursive up(id, parent_id, name, depth) as (
        select id, parent_id, name, 0 from ${fileEntries} where id = ${id}
        union all
        select e.id, e.parent_id, e.name, up.depth + 1
        from ${fileEntries} e join up on e.id = up.parent_id
        where up.depth < ${MAX_FOLDER_DEPTH + 1}
      )
      select id, name from up order by depth desc
    `)) as unknown as { rows: { id: number; name: string }[] };
    return result.rows.map((row) => ({ Id: Number(row.id), Name: row.name }));
  }

  private toEntry(row: Entry, actor: FileManagerActor, admin: boolean): FileManagerEntry {
    return {
      Id: row.id,
      Kind: row.kind === 'folder' ? 'folder' : 'file',
      Name: row.name,
      Size: row.size,
      ContentType: row.contentType,
      Url:
        row.kind === 'file' && row.fileId
          ? this.files.signedPath({ id: row.fileId, name: row.name }, LIST_LINK_TTL_SECONDS)
          : '',
      UpdatedAt: row.updatedAt.toISOString(),
      CanChange: this.canChange(row, actor, admin),
    };
  }

  async list(folderId: number | null | undefined, actor: FileManagerActor): Promise<FileManagerListing> {
    const { admin, rows: reach } = await this.require(actor, 'list');
    const folder = await this.folder(folderId, reach);
    const rows = await this.db
      .select()
      .from(fileEntries)
      .where(and(folder ? eq(fileEntries.parentId, folder.id) : isNull(fileEntries.parentId), reach))
      .orderBy(desc(sql`${fileEntries.kind} = 'folder'`), asc(sql`lower(${fileEntries.name})`))
      .limit(MAX_LISTED_ENTRIES);
    return {
      Folder: { Id: folder?.id ?? null, Name: folder?.name ?? '' },
      Path: folder ? await this.path(folder.id) : [],
      Items: rows.map((row) => this.toEntry(row, actor, admin)),
    };
  }

  /** Runs an insert or rename; a name taken in the folder (any case) is a business failure. */
  private async uniqueName<T>(name: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (databaseCode(error) === '23505')
        throw new BusinessError(`"${name}" already exists in this folder.`);
      throw error;
    }
  }

  async createFolder(
    parentId: number | null | undefined,
    name: string,
    actor: FileManagerActor,
  ): Promise<Answer<FileManagerEntry>> {
    const { admin, rows } = await this.require(actor, 'add');
    const parent = await this.folder(parentId, rows);
    if (parent && (await this.path(parent.id)).length >= MAX_FOLDER_DEPTH)
      throw new BusinessError(`Folders nest at most ${MAX_FOLDER_DEPTH} deep.`);
    const row = await this.uniqueName(name, () =>
      this.change('create_folder', actor, { name }, async (tx) => {
        const [created] = await tx
          .insert(fileEntries)
          .values({ parentId: parent?.id ?? null, kind: 'folder', name, createdBy: actor.user.id })
          .returning();
        if (!created) throw new Error('folder insert returned nothing');
        return created;
      }),
    );
    return new Answer(this.toEntry(row, actor, admin), 'Folder created.');
  }

  async rename(id: number, name: string, actor: FileManagerActor): Promise<Answer<FileManagerEntry>> {
    const { admin, rows } = await this.require(actor, 'edit');
    const found = await this.entry(id, rows);
    if (!found) throw new BusinessError(GONE);
    if (!this.canChange(found, actor, admin))
      throw new BusinessError('Only its owner or an administrator may rename this.');
    if (found.name === name) return new Answer(this.toEntry(found, actor, admin), '');
    const row = await this.uniqueName(name, () =>
      this.change('rename', actor, { from: found.name, to: name }, async (tx) => {
        const [renamed] = await tx
          .update(fileEntries)
          .set({ name, updatedAt: sql`greatest(now(), ${fileEntries.updatedAt} + interval '1 millisecond')` })
          .where(eq(fileEntries.id, id))
          .returning();
        if (!renamed) throw new BusinessError(GONE);
        return renamed;
      }),
    );
    return new Answer(this.toEntry(row, actor, admin), 'Renamed.');
  }

  /** Deletes an entry; a folder with everything in it. The files' bytes go once the rows are gone. */
  async delete(id: number, actor: FileManagerActor): Promise<Answer<boolean>> {
    const { admin, rows } = await this.require(actor, 'delete');
    let storageKeys: string[] = [];
    await this.change('delete', actor, null, async (tx) => {
      const [found] = await tx
        .select()
        .from(fileEntries)
        .where(and(eq(fileEntries.id, id), rows))
        .for('update');
      if (!found) throw new BusinessError(GONE);
      const subtree = (await tx.execute(sql`
        with recursive down(id, file_id, created_by, depth) as (
          select id, file_id, created_by, 0 from ${fileEntries} where id = ${id}
          union all
          select e.id, e.file_id, e.created_by, down.depth + 1
          from ${fileEntries} e join down on e.parent_id = down.id
          where down.depth < ${MAX_FOLDER_DEPTH + 1}
        )
        select id, file_id, created_by from down
      `)) as unknown as { rows: { id: number; file_id: string | null; created_by: number | null }[] };
      const notMine = subtree.rows.some(
        (row) =>
          !this.canChange(
            { createdBy: row.created_by === null ? null : Number(row.created_by) },
            actor,
            admin,
          ),
      );
      if (notMine) {
        throw new BusinessError(
          found.kind === 'folder'
            ? 'This folder holds entries of other people; only an administrator may delete it.'
            : 'Only its owner or an administrator may delete this.',
        );
      }
      await tx.delete(fileEntries).where(eq(fileEntries.id, id));
      const fileIds = subtree.rows.flatMap((row) => (row.file_id ? [row.file_id] : []));
      storageKeys = await this.files.removeRows(fileIds, tx);
      return found;
    });
    await this.files.discardBytes(storageKeys);
    return new Answer(true, 'Deleted.');
  }

  /**
   * Files files just uploaded (by their signed links) into a folder. Only the caller's own uploads,
   * each once; a name taken in the folder gets a number.
   */
  async addFiles(
    folderId: number | null | undefined,
    links: readonly string[],
    actor: FileManagerActor,
  ): Promise<Answer<FileManagerEntry[]>> {
    const { admin, rows } = await this.require(actor, 'add');
    const folder = await this.folder(folderId, rows);
    const stored = [];
    for (const link of links) {
      const id = this.files.idOfSignedLink(link);
      const file = id ? await this.files.find(id) : null;
      if (!file || file.createdBy !== actor.user.id)
        throw new BusinessError('Upload the file again: its link is not valid any more.');
      stored.push(file);
    }
    const added: FileManagerEntry[] = [];
    for (const file of stored) {
      const row = await this.insertFile(folder?.id ?? null, file, actor);
      added.push(this.toEntry(row, actor, admin));
    }
    return new Answer(added, added.length === 1 ? 'File added.' : `${added.length} files added.`);
  }

  private async insertFile(
    parentId: number | null,
    file: { id: string; name: string; size: number; contentType: string },
    actor: FileManagerActor,
  ): Promise<Entry> {
    const base = safeFileName(file.name).slice(0, 120) || 'file';
    for (let n = 1; n <= 100; n++) {
      const name = n === 1 ? base : numberedName(base, n);
      try {
        return await this.change('add_file', actor, null, async (tx) => {
          const [row] = await tx
            .insert(fileEntries)
            .values({
              parentId,
              kind: 'file',
              name,
              fileId: file.id,
              size: file.size,
              contentType: file.contentType,
              createdBy: actor.user.id,
            })
            .returning();
          if (!row) throw new Error('file entry insert returned nothing');
          return row;
        });
      } catch (error) {
        if (databaseCode(error) !== '23505') throw error;
        // Either the name is taken (try the next number) or this file is filed already.
        const [filed] = await this.db
          .select({ id: fileEntries.id })
          .from(fileEntries)
          .where(eq(fileEntries.fileId, file.id))
          .limit(1);
        if (filed) throw new BusinessError('This file is already in the file manager.');
      }
    }
    throw new BusinessError(`Too many files named "${base}" in this folder.`);
  }

  /**
   * Runs a change and writes its audit row in one transaction (a change is never without its audit, nor
   * an audit without its change), then tells the live streams. Without `details`, the audit holds the
   * entry's name and kind (and size for files).
   */
  private async change(
    op: string,
    actor: FileManagerActor,
    details: Record<string, unknown> | null,
    work: (tx: Database) => Promise<Entry>,
  ): Promise<Entry> {
    const row = await this.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      const changed = await work(tx);
      await this.audit.record(
        {
          action: `file_manager_${op}`,
          userId: actor.user.id,
          resource: 'FileManager',
          recordId: changed.id,
          ip: actor.ip ?? null,
          details: details ?? {
            name: changed.name,
            kind: changed.kind,
            ...(changed.kind === 'file' ? { size: changed.size } : {}),
          },
        },
        tx,
      );
      return changed;
    });
    this.events.publish({ type: 'data-changed', data: { APIName: 'FileManager', Id: row.id } });
    return row;
  }
}
