import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, fileEntries, files } from '../../db/schema';
import { startTestServer, type TestServer } from '../../testing/harness';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

let server: TestServer;
let admin: string;
let staff: { id: number; token: string };
let other: { id: number; token: string };

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signIn();
  staff = await server.createUser('fm-staff');
  other = await server.createUser('fm-other');
});
afterAll(() => server.close());

async function upload(name: string, bytes: Uint8Array, token: string): Promise<string> {
  const form = new FormData();
  form.append('file[]', new Blob([bytes]), name);
  const res = await server.fetch('/api/v1/ProjectPhoto/FileUploadFile', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await res.json()) as any;
  expect(body.StatusCode).toBe(1);
  return body.Data.Photos[0].FileUrl as string;
}

const list = async (token: string, FolderId?: number | null) =>
  (await server.call('FileManager/List', FolderId === undefined ? {} : { FolderId }, token)).body;

describe('FileManager', () => {
  it('is for signed-in users only', async () => {
    expect((await server.call('FileManager/List', {})).status).toBe(401);
  });

  it('creates folders, files uploads into them, lists folders first with the path, renames and deletes', async () => {
    const created = await server.call('FileManager/CreateFolder', { Name: 'Reports' }, staff.token);
    expect(created.body).toMatchObject({ StatusCode: 1, Msg: 'Folder created.' });
    const reports = created.body.Data;
    expect(reports).toMatchObject({ Kind: 'folder', Name: 'Reports', Url: '', CanChange: true });
    const nested = await server.call(
      'FileManager/CreateFolder',
      { ParentId: reports.Id, Name: '2026' },
      staff.token,
    );
    expect(nested.body.StatusCode).toBe(1);

    const link = await upload('chart.png', PNG, staff.token);
    const added = await server.call(
      'FileManager/AddFiles',
      { FolderId: reports.Id, FileUrls: [link] },
      staff.token,
    );
    expect(added.body.StatusCode).toBe(1);
    expect(added.body.Data[0]).toMatchObject({
      Kind: 'file',
      Name: 'chart.png',
      Size: PNG.length,
      ContentType: 'image/png',
    });
    // A second file of the same name gets a number.
    const again = await server.call(
      'FileManager/AddFiles',
      { FolderId: reports.Id, FileUrls: [await upload('chart.png', PNG, staff.token)] },
      staff.token,
    );
    expect(again.body.Data[0].Name).toBe('chart (2).png');
    // The same upload cannot be filed twice.
    const twice = await server.call(
      'FileManager/AddFiles',
      { FolderId: reports.Id, FileUrls: [link] },
      staff.token,
    );
    expect(twice.body).toMatchObject({ StatusCode: 0, Msg: 'This file is already in the file manager.' });

    const listing = await list(staff.token, reports.Id);
    expect(listing.Data.Folder).toEqual({ Id: reports.Id, Name: 'Reports' });
    expect(listing.Data.Path).toEqual([{ Id: reports.Id, Name: 'Reports' }]);
    expect(listing.Data.Items.map((i: any) => [i.Kind, i.Name])).toEqual([
      ['folder', '2026'],
      ['file', 'chart (2).png'],
      ['file', 'chart.png'],
    ]);
    // The listed link opens the bytes without a token.
    const file = listing.Data.Items.find((i: any) => i.Name === 'chart.png');
    const bytes = await server.fetch(file.Url);
    expect(bytes.status).toBe(200);
    expect(bytes.headers.get('content-type')).toBe('image/png');

    const deeper = await list(staff.token, nested.body.Data.Id);
    expect(deeper.Data.Path.map((p: any) => p.Name)).toEqual(['Reports', '2026']);

    const renamed = await server.call(
      'FileManager/Rename',
      { Id: file.Id, Name: 'Chart final.png' },
      staff.token,
    );
    expect(renamed.body).toMatchObject({ StatusCode: 1, Data: { Name: 'Chart final.png' } });
    const clash = await server.call(
      'FileManager/Rename',
      { Id: file.Id, Name: 'CHART (2).PNG' },
      staff.token,
    );
    expect(clash.body).toMatchObject({
      StatusCode: 0,
      Msg: '"CHART (2).PNG" already exists in this folder.',
    });

    const [row] = await server.database.db
      .select()
      .from(files)
      .where(eq(files.id, new URL(file.Url, server.url).pathname.split('/')[2]!));
    const path = join(server.config.dataDir, 'files', row!.storageKey);
    expect(existsSync(path)).toBe(true);
    const deleted = await server.call('FileManager/Delete', { Id: reports.Id }, staff.token);
    expect(deleted.body).toMatchObject({ StatusCode: 1, Data: true });
    // The folder, everything in it, the file rows and their bytes are gone.
    expect(existsSync(path)).toBe(false);
    const [left] = await server.database.db
      .select({ n: sql<number>`cast(count(*) as integer)` })
      .from(fileEntries);
    expect(left?.n).toBe(0);
    expect((await list(staff.token, reports.Id)).Msg).toBe(
      'This folder does not exist any more; reload the list.',
    );
    const audits = await server.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.resource, 'FileManager'));
    expect(audits.map((a) => a.action)).toEqual(
      expect.arrayContaining([
        'file_manager_create_folder',
        'file_manager_add_file',
        'file_manager_rename',
        'file_manager_delete',
      ]),
    );
  });

  it("lets only the owner or an administrator change an entry, and files only the caller's own uploads", async () => {
    const folder = (await server.call('FileManager/CreateFolder', { Name: 'Shared' }, staff.token)).body.Data;
    const theirs = await upload('note.png', PNG, other.token);
    const refused = await server.call(
      'FileManager/AddFiles',
      { FolderId: folder.Id, FileUrls: [theirs] },
      staff.token,
    );
    expect(refused.body).toMatchObject({
      StatusCode: 0,
      Msg: 'Upload the file again: its link is not valid any more.',
    });
    const tampered = theirs.replace(/sig=[^&]+/, 'sig=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect(
      (await server.call('FileManager/AddFiles', { FileUrls: [tampered] }, other.token)).body.StatusCode,
    ).toBe(0);
    const otherFile = (
      await server.call('FileManager/AddFiles', { FolderId: folder.Id, FileUrls: [theirs] }, other.token)
    ).body.Data[0];

    const seenByStaff = (await list(staff.token, folder.Id)).Data.Items;
    expect(seenByStaff.find((i: any) => i.Id === otherFile.Id).CanChange).toBe(false);
    expect(
      (await server.call('FileManager/Rename', { Id: otherFile.Id, Name: 'x.png' }, staff.token)).body.Msg,
    ).toBe('Only its owner or an administrator may rename this.');
    expect((await server.call('FileManager/Delete', { Id: folder.Id }, staff.token)).body.Msg).toBe(
      'This folder holds entries of other people; only an administrator may delete it.',
    );
    expect(
      (await server.call('FileManager/Rename', { Id: otherFile.Id, Name: 'by-admin.png' }, admin)).body
        .StatusCode,
    ).toBe(1);
    expect((await server.call('FileManager/Delete', { Id: folder.Id }, admin)).body.StatusCode).toBe(1);
  });

  it('refuses bad names and unknown folders', async () => {
    for (const Name of ['', '   ', 'a/b', 'a\\b', '..', 'x'.repeat(121), 'tab\there']) {
      const res = await server.call('FileManager/CreateFolder', { Name }, staff.token);
      expect(res.status).toBe(400);
      expect(res.body.error_description).toMatch(/^Name: /);
    }
    expect(
      (await server.call('FileManager/CreateFolder', { Name: 'x', ParentId: 999999 }, staff.token)).body.Msg,
    ).toBe('This folder does not exist any more; reload the list.');
    expect((await server.call('FileManager/Delete', { Id: 999999 }, staff.token)).body.StatusCode).toBe(0);
    expect((await server.call('FileManager/Rename', { Id: 'x', Name: 'y' }, staff.token)).status).toBe(400);
    const first = await server.call('FileManager/CreateFolder', { Name: 'Twice' }, staff.token);
    expect(first.body.StatusCode).toBe(1);
    expect((await server.call('FileManager/CreateFolder', { Name: 'twice' }, staff.token)).body.Msg).toBe(
      '"twice" already exists in this folder.',
    );
  });
});
