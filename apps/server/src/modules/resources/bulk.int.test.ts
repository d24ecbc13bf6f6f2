import { bulkResultSchema } from '@panelwright/contract';
import { and, eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  products,
  projectMembers,
  projects,
  roleGrants,
  roles,
  tasks,
  users,
} from '../../db/schema';
import { BusinessError } from '../../lib/errors';
import { seededProducts } from '../../testing/demo';
import { startTestServer, type TestServer } from '../../testing/harness';

let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startTestServer({ demoProducts: 120 });
  admin = await server.signIn();
});
afterAll(() => server.close());

const db = () => server.database.db;

async function storedProducts(ids: number[]) {
  return db().select().from(products).where(inArray(products.id, ids)).orderBy(products.id);
}

async function auditOf(action: string, resource: string) {
  return db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.resource, resource)));
}

describe('BulkUpdate', () => {
  it('sets a field on the selected rows, leaves locked and blocked rows alone and lists them, audited as one operation', async () => {
    // 100 is locked; 90 and 99 are inactive, whose Discount cannot be changed (fCanEdit IsActive).
    const ids = [88, 89, 90, 91, 92, 93, 99, 100, 101, 102];
    const res = await server.call(
      'Product/BulkUpdate',
      { Ids: ids, Values: [{ FieldName: 'Discount', NewValue: 12.5 }] },
      admin,
    );
    expect(res.status).toBe(200);
    expect(res.body.StatusCode).toBe(1);
    const data = bulkResultSchema.parse(res.body.Data);
    expect(data.Done).toBe(7);
    expect(data.Refused).toBe(3);
    expect(data.Reasons).toEqual([
      { Id: 90, Reason: 'Discount cannot be changed on this record.' },
      { Id: 99, Reason: 'Discount cannot be changed on this record.' },
      { Id: 100, Reason: 'This record is locked.' },
    ]);
    expect(res.body.Msg).toBe('Changed: 7; refused: 3.');
    const stored = await storedProducts(ids);
    for (const row of stored) {
      const refused = [90, 99, 100].includes(row.id);
      expect(Number(row.discount) === 12.5).toBe(!refused);
    }
    const [operation] = await auditOf('record_bulk_update', 'Product');
    expect(operation?.details).toMatchObject({ done: 7, refused: 3, fields: ['Discount'] });
    const operationId = (operation?.details as { operation?: string } | undefined)?.operation;
    const rowEntries = (await auditOf('record_update', 'Product')).filter(
      (entry) => (entry.details as { operation?: string }).operation === operationId,
    );
    expect(rowEntries.map((entry) => Number(entry.recordId)).sort((a, b) => a - b)).toEqual([
      88, 89, 91, 92, 93, 101, 102,
    ]);
    expect(rowEntries[0]?.details).toMatchObject({ changes: [{ field: 'Discount', new: 12.5 }] });
  });

  it('changes every row matching the List search and filters', async () => {
    const matching = seededProducts.filter((p) => p.Id <= 120 && p.Status === 'draft' && !p.IsLocked);
    const locked = seededProducts.filter((p) => p.Id <= 120 && p.Status === 'draft' && p.IsLocked);
    const res = await server.call(
      'Product/BulkUpdate',
      {
        Filters: [{ FieldName: 'Status', Type: 'select', Value: 'draft' }],
        Values: [{ FieldName: 'Quantity', NewValue: 4321 }],
      },
      admin,
    );
    expect(res.body.Data).toMatchObject({ Done: matching.length, Refused: locked.length });
    const stored = await db().select().from(products).where(eq(products.quantity, 4321));
    expect(stored.map((row) => row.id).sort((a, b) => a - b)).toEqual(matching.map((p) => p.Id));
  });

  it('changes every row under a filter on a list that grows (a category), read in its own transaction', async () => {
    // The filter's value is checked by reading it in the category list: in the bulk action's
    // transaction, else the embedded database's next query waits for the action that waits for it.
    const [first] = await db()
      .select({ categoryId: products.categoryId })
      .from(products)
      .where(eq(products.id, 1));
    const categoryId = first?.categoryId;
    if (!categoryId) throw new Error('product 1 has no category');
    const inCategory = await db()
      .select({ id: products.id, locked: products.isLocked })
      .from(products)
      .where(eq(products.categoryId, categoryId));
    const res = await server.call(
      'Product/BulkUpdate',
      {
        Filters: [{ FieldName: 'CategoryId', Type: 'select', Value: categoryId }],
        Values: [{ FieldName: 'Quantity', NewValue: 2468 }],
      },
      admin,
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body.Data).toMatchObject({
      Done: inCategory.filter((row) => !row.locked).length,
      Refused: inCategory.filter((row) => row.locked).length,
    });
    const stored = await db().select({ id: products.id }).from(products).where(eq(products.quantity, 2468));
    expect(stored.map((row) => row.id).sort((a, b) => a - b)).toEqual(
      inCategory
        .filter((row) => !row.locked)
        .map((row) => row.id)
        .sort((a, b) => a - b),
    );
  });

  it('refuses a bad value or a field one may not edit before anything changes', async () => {
    const before = await storedProducts([1, 2]);
    const bad = await server.call(
      'Product/BulkUpdate',
      { Ids: [1, 2], Values: [{ FieldName: 'Quantity', NewValue: -5 }] },
      admin,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error_description).toMatch(/Quantity: must be at least 0/);
    const readonly = await server.call(
      'Product/BulkUpdate',
      { Ids: [1, 2], Values: [{ FieldName: 'Sku', NewValue: 'X-1' }] },
      admin,
    );
    expect(readonly.status).toBe(400);
    const viewer = await server.createUser('bulk-viewer', 'viewer');
    const refused = await server.call(
      'Product/BulkUpdate',
      { Ids: [1, 2], Values: [{ FieldName: 'Quantity', NewValue: 5 }] },
      viewer.token,
    );
    expect(refused.status).toBe(403);
    expect(await storedProducts([1, 2])).toEqual(before);
  });

  it('rolls every row back when one fails for any other reason', async () => {
    server.app.services.resources.addWriteHook('Product', {
      inTransaction: async (change) => {
        if (change.action === 'UpdateFields' && change.after?.Quantity === 777 && change.id === 5)
          throw new BusinessError('Product 5 refuses 777.');
      },
    });
    const before = await storedProducts([3, 4, 5, 6]);
    const res = await server.call(
      'Product/BulkUpdate',
      { Ids: [3, 4, 5, 6], Values: [{ FieldName: 'Quantity', NewValue: 777 }] },
      admin,
    );
    expect(res.body.StatusCode).toBe(0);
    expect(res.body.Msg).toBe('Product 5 refuses 777.');
    expect(await storedProducts([3, 4, 5, 6])).toEqual(before);
  });
});

describe('bulk actions under a row rule', () => {
  it("change the caller's own rows and list the others as refused, without telling whether they exist", async () => {
    const member = await server.createUser('bulk-own');
    const allProjects = await db().select().from(projects).orderBy(projects.id);
    const mine = allProjects[0]?.id as number;
    await db().insert(projectMembers).values({ projectId: mine, userId: member.id, role: 'developer' });
    await db().insert(roles).values({ code: 'bulk-own-tasks', name: 'Own tasks' });
    await db().insert(roleGrants).values({
      roleCode: 'bulk-own-tasks',
      target: 'Task',
      canList: true,
      canDetail: true,
      canEdit: true,
      canDelete: true,
      rowRule: 'own',
    });
    await db()
      .update(users)
      .set({ roles: ['bulk-own-tasks'] })
      .where(eq(users.id, member.id));
    server.app.services.access.invalidate();
    const allTasks = await db().select().from(tasks).orderBy(tasks.id);
    const ofMine = allTasks.filter((task) => task.projectId === mine && !task.isLocked).slice(0, 2);
    const others = allTasks.filter((task) => task.projectId !== mine).slice(0, 2);
    expect(ofMine).toHaveLength(2);
    expect(others).toHaveLength(2);
    const ids = [...ofMine, ...others].map((task) => task.id);

    const res = await server.call(
      'Task/BulkUpdate',
      { Ids: [...ids, 2_000_000_000], Values: [{ FieldName: 'Title', NewValue: 'Bulk title' }] },
      member.token,
    );
    expect(res.body.Data.Done).toBe(2);
    const reasons = res.body.Data.Reasons as { Id: number; Reason: string }[];
    expect(reasons.map((r) => r.Id)).toEqual([...others.map((task) => task.id), 2_000_000_000]);
    // Another project's task and one that does not exist are refused in the same words.
    expect(new Set(reasons.map((r) => r.Reason)).size).toBe(1);
    const after = await db().select().from(tasks).where(inArray(tasks.id, ids)).orderBy(tasks.id);
    for (const task of after)
      expect(task.title === 'Bulk title').toBe(ofMine.some((own) => own.id === task.id));

    const removal = await server.call('Task/BulkDelete', { Ids: ids }, member.token);
    expect(removal.body.Data).toMatchObject({ Done: 2, Refused: 2 });
    const left = await db().select().from(tasks).where(inArray(tasks.id, ids));
    expect(left.map((task) => task.id).sort((a, b) => a - b)).toEqual(
      others.map((task) => task.id).sort((a, b) => a - b),
    );
    const [operation] = await auditOf('record_bulk_delete', 'Task');
    expect(operation).toMatchObject({ userId: member.id, details: expect.objectContaining({ done: 2 }) });
  });

  it('refuses BulkDelete to a role without the delete grant', async () => {
    const staff = await server.createUser('bulk-staff');
    const res = await server.call('Product/BulkDelete', { Ids: [7] }, staff.token);
    expect(res.status).toBe(403);
    expect(await storedProducts([7])).toHaveLength(1);
    const viewer = await server.createUser('bulk-viewer-2', 'viewer');
    const [task] = await db().select().from(tasks).limit(1);
    const forViewer = await server.call('Task/BulkDelete', { Ids: [task?.id] }, viewer.token);
    expect(forViewer.status).toBe(403);
    expect(
      await db()
        .select()
        .from(tasks)
        .where(eq(tasks.id, task?.id as number)),
    ).toHaveLength(1);
  });
});

describe('Export of a selection', () => {
  async function exportedSkus(body: object): Promise<string[]> {
    const res = await server.call('Product/Export', body, admin);
    expect(res.body.StatusCode, JSON.stringify(res.body)).toBe(1);
    const download = await server.fetch(res.body.Data.FullPath);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await download.arrayBuffer());
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('the export has no sheet');
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const sku = header.indexOf('SKU') + 1;
    const skus: string[] = [];
    for (let row = 2; row <= sheet.rowCount; row++) skus.push(String(sheet.getRow(row).getCell(sku).value));
    return skus;
  }

  it('writes only the rows chosen by Ids, in the list order, within the search and filters', async () => {
    const skuOf = (id: number) => seededProducts.find((p) => p.Id === id)?.Sku;
    expect(await exportedSkus({ Ids: [9, 3, 5], Sorts: [{ Field: 'Id', Dir: 'asc' }] })).toEqual(
      [3, 5, 9].map(skuOf),
    );
    const draft = seededProducts.filter((p) => p.Id <= 40 && p.Status === 'draft').map((p) => p.Id);
    const other = seededProducts.filter((p) => p.Id <= 40 && p.Status !== 'draft').map((p) => p.Id);
    expect(draft.length).toBeGreaterThan(0);
    expect(
      await exportedSkus({
        Ids: [...draft.slice(0, 2), ...other.slice(0, 2)],
        Filters: [{ FieldName: 'Status', Type: 'select', Value: 'draft' }],
        Sorts: [{ Field: 'Id', Dir: 'asc' }],
      }),
    ).toEqual(draft.slice(0, 2).map(skuOf));
  });

  it('refuses Ids that are no ids', async () => {
    for (const Ids of [[], [0], ['x'], Array.from({ length: 10_001 }, (_, i) => i + 1)]) {
      const res = await server.call('Product/Export', { Ids }, admin);
      expect(res.status).toBe(400);
    }
  });
});
