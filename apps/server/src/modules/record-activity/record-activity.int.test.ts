import {
  commentListSchema,
  historyListSchema,
  mentionableUserSchema,
  notificationEventSchema,
  recordCommentSchema,
} from '@panelwright/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  auditLog,
  projectMembers,
  projects,
  recordComments,
  roleGrants,
  roles,
  tasks,
  users,
} from '../../db/schema';
import { startTestServer, type TestServer } from '../../testing/harness';
import { type EventStreamClient, openEventStream } from '../../testing/sse';

let server: TestServer;
let admin: string;
let staff: { id: number; token: string };
let reader: { id: number; token: string };
let outsider: { id: number; token: string };
const streams: EventStreamClient[] = [];

const db = () => server.database.db;

/** A role that reads products but not their Price. */
async function roleWithoutPrice(code: string) {
  await db().insert(roles).values({ code, name: code });
  await db()
    .insert(roleGrants)
    .values({ roleCode: code, target: 'Product', canList: true, canDetail: true, hiddenFields: ['Price'] });
}

async function giveRoles(userId: number, codes: string[]) {
  await db().update(users).set({ roles: codes }).where(eq(users.id, userId));
  server.app.services.access.invalidate();
}

beforeAll(async () => {
  server = await startTestServer({ demoProducts: 30 });
  admin = await server.signIn();
  staff = await server.createUser('hist-staff');
  reader = await server.createUser('hist-reader');
  outsider = await server.createUser('hist-outsider');
  await roleWithoutPrice('hist-no-price');
  await giveRoles(reader.id, ['hist-no-price']);
  // A role with no grant on products at all.
  await db().insert(roles).values({ code: 'hist-nothing', name: 'Nothing' });
  await giveRoles(outsider.id, ['hist-nothing']);
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await server.close();
});

describe('RecordHistory/List', () => {
  it('shows who changed what and when, field headers and old → new with option texts, newest first', async () => {
    const before = (await server.call('Product/Detail', { Id: 7 }, admin)).body.Data;
    const saved = await server.call(
      'Product/UpdateFields',
      {
        Id: 7,
        Values: [
          { FieldName: 'Price', NewValue: 123.45 },
          { FieldName: 'Status', NewValue: 'archived' },
        ],
      },
      admin,
    );
    expect(saved.body.StatusCode).toBe(1);
    await server.call(
      'Product/UpdateFields',
      { Id: 7, Values: [{ FieldName: 'Quantity', NewValue: 41 }] },
      staff.token,
    );

    const res = await server.call('RecordHistory/List', { APIName: 'Product', Id: 7 }, admin);
    expect(res.status).toBe(200);
    const history = historyListSchema.parse(res.body.Data);
    const [latest, previous] = history.Items;
    expect(latest).toMatchObject({ Kind: 'update', UserName: 'hist-staff' });
    expect(latest?.Changes).toEqual([
      { Field: 'Quantity', Header: 'Quantity', Old: before.Quantity, New: 41 },
    ]);
    expect(previous).toMatchObject({ Kind: 'update', UserName: expect.any(String) });
    expect(previous?.Changes).toContainEqual({
      Field: 'Price',
      Header: 'Price',
      Old: before.Price,
      New: 123.45,
    });
    // An option field reads as the screen shows it.
    expect(previous?.Changes.find((change) => change.Field === 'Status')?.New).toBe('Archived');
    expect(Date.parse(latest?.At ?? '')).toBeGreaterThanOrEqual(Date.parse(previous?.At ?? ''));
  });

  it('names a list that grows by the texts of the page’s values, read by them and not whole', async () => {
    const categories = (await server.call('Category/List', { Page: 1, PageSize: 50 }, admin)).body.Data
      .Data as { Id: number; Name: string }[];
    const [from, to] = [categories[0], categories[1]];
    if (!from || !to) throw new Error('the demo has fewer than two categories');
    const detail = (await server.call('Product/Detail', { Id: 9 }, admin)).body.Data;
    for (const category of [from, to]) {
      const saved = await server.call(
        'Product/UpdateFields',
        { Id: 9, Values: [{ FieldName: 'CategoryId', NewValue: category.Id }] },
        admin,
      );
      expect(saved.body.StatusCode, saved.text).toBe(1);
    }
    const source = server.app.services.resources.registry.get('Product')?.declaration.options?.Category;
    if (!source?.find) throw new Error('the categories of products are not a list that grows');
    const loadWhole = vi.spyOn(source, 'load');
    const findAmong = vi.spyOn(source, 'find');
    const res = await server.call('RecordHistory/List', { APIName: 'Product', Id: 9 }, admin);
    // Counted, not compared (a failure would print the calls' arguments: the database client).
    const calls = { whole: loadWhole.mock.calls.length, among: findAmong.mock.calls.length };
    loadWhole.mockRestore();
    findAmong.mockRestore();
    expect(calls).toEqual({ whole: 0, among: 1 });
    const history = historyListSchema.parse(res.body.Data);
    const moves = history.Items.flatMap((item) => item.Changes).filter((c) => c.Field === 'CategoryId');
    // Categories' names are data: marked to be shown as written, never as words the web translates.
    expect(moves[0]).toMatchObject({ Old: from.Name, New: to.Name, Verbatim: true });
    if (detail.CategoryId !== from.Id) {
      const first = categories.find((category) => category.Id === detail.CategoryId);
      expect(moves[1]).toMatchObject({ Old: first?.Name ?? detail.CategoryId, New: from.Name });
    }
  });

  it('keeps hidden fields hidden: their changes are left out, and a change of only them is no entry', async () => {
    await server.call(
      'Product/UpdateFields',
      { Id: 8, Values: [{ FieldName: 'Price', NewValue: 9.99 }] },
      admin,
    );
    await server.call(
      'Product/UpdateFields',
      {
        Id: 8,
        Values: [
          { FieldName: 'Price', NewValue: 19.99 },
          { FieldName: 'Quantity', NewValue: 3 },
        ],
      },
      admin,
    );
    const asReader = historyListSchema.parse(
      (await server.call('RecordHistory/List', { APIName: 'Product', Id: 8 }, reader.token)).body.Data,
    );
    const fields = asReader.Items.flatMap((entry) => entry.Changes.map((change) => change.Field));
    expect(fields).not.toContain('Price');
    expect(asReader.Items.filter((entry) => entry.Kind === 'update')).toHaveLength(1);
    expect(JSON.stringify(asReader)).not.toContain('19.99');
    const asAdmin = historyListSchema.parse(
      (await server.call('RecordHistory/List', { APIName: 'Product', Id: 8 }, admin)).body.Data,
    );
    expect(asAdmin.Items.filter((entry) => entry.Kind === 'update')).toHaveLength(2);
  });

  it('goes through the record access check: no grant is a 403, another project\u2019s task does not exist, a bad call is a 400/404', async () => {
    const refused = await server.call('RecordHistory/List', { APIName: 'Product', Id: 7 }, outsider.token);
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).not.toContain('Quantity');

    const member = await server.createUser('hist-member');
    const [mine, other] = await db().select().from(projects).orderBy(projects.id).limit(2);
    await db()
      .insert(projectMembers)
      .values({ projectId: mine?.id as number, userId: member.id, role: 'developer' });
    await db().insert(roles).values({ code: 'hist-own-tasks', name: 'Own tasks' });
    await db()
      .insert(roleGrants)
      .values({ roleCode: 'hist-own-tasks', target: 'Task', canList: true, canDetail: true, rowRule: 'own' });
    await giveRoles(member.id, ['hist-own-tasks']);
    const [othersTask] = await db()
      .select()
      .from(tasks)
      .where(eq(tasks.projectId, other?.id as number))
      .limit(1);
    for (const call of ['RecordHistory/List', 'Comments/List']) {
      const hidden = await server.call(call, { APIName: 'Task', Id: othersTask?.id }, member.token);
      expect(hidden.body.StatusCode).toBe(0);
      expect(hidden.body.Msg).toBe('This record does not exist any more; reload the list.');
    }
    const added = await server.call(
      'Comments/AddNew',
      { APIName: 'Task', Id: othersTask?.id, Body: 'sneaky' },
      member.token,
    );
    expect(added.body.StatusCode).toBe(0);
    expect(await db().select().from(recordComments).where(eq(recordComments.body, 'sneaky'))).toEqual([]);

    expect((await server.call('RecordHistory/List', { APIName: 'Nope', Id: 1 }, admin)).status).toBe(404);
    expect((await server.call('RecordHistory/List', { APIName: 'Product', Id: 'x' }, admin)).status).toBe(
      400,
    );
    expect((await server.call('RecordHistory/List', { APIName: 'Product', Id: 7 })).status).toBe(401);
  });
});

describe('Comments', () => {
  it('adds a comment whose @mention reaches the mentioned user live, in their language, and lists it in the thread', async () => {
    await db().update(users).set({ languageCode: 'vn' }).where(eq(users.id, reader.id));
    const staffStream = await openEventStream(
      `${server.url}/api/v1/NotificationHub?access_token=${staff.token}`,
    );
    const readerStream = await openEventStream(
      `${server.url}/api/v1/NotificationHub?access_token=${reader.token}`,
    );
    streams.push(staffStream, readerStream);
    await Promise.all([staffStream.next(), readerStream.next()]);

    const res = await server.call(
      'Comments/AddNew',
      {
        APIName: 'Product',
        Id: 9,
        Body: 'Please check the price, @hist-staff and @Hist-Reader; @hist-outsider and @nobody too.',
        Url: '/data/products?record=9',
      },
      admin,
    );
    expect(res.status).toBe(200);
    expect(res.body.StatusCode).toBe(1);
    expect(res.body.Msg).toBe('Comment added; 2 people notified.');
    const comment = recordCommentSchema.parse(res.body.Data);
    // The outsider may not read the product: their name stays text, and they are told nothing.
    expect(comment.Mentions.map((user) => user.UserName).sort()).toEqual(['hist-reader', 'hist-staff']);

    const toStaff = notificationEventSchema.parse(
      JSON.parse((await staffStream.next((frame) => frame.event === 'notification')).data),
    );
    expect(toStaff.Title).toMatch(/^Administrator mentioned you on Products #9$/);
    expect(toStaff.Body).toContain('Please check the price');
    expect(toStaff.Url).toBe('/data/products?record=9');
    const toReader = notificationEventSchema.parse(
      JSON.parse((await readerStream.next((frame) => frame.event === 'notification')).data),
    );
    expect(toReader.Title).toMatch(/^Administrator đã nhắc đến bạn trong Sản phẩm #9$/);
    const outsiderList = await server.call('Notification/List', {}, outsider.token);
    expect(outsiderList.body.Data.Items).toEqual([]);

    const thread = commentListSchema.parse(
      (await server.call('Comments/List', { APIName: 'Product', Id: 9 }, staff.token)).body.Data,
    );
    expect(thread.Items).toHaveLength(1);
    expect(thread.More).toBe(false);
    expect(thread.Items[0]).toMatchObject({ Body: comment.Body, CanDelete: false });
    expect(thread.Items[0]?.Mentions).toHaveLength(2);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'record_comment'), eq(auditLog.recordId, '9')));
    expect(audit?.details).toMatchObject({ comment: comment.Id });
  });

  it('offers to mention only active users who may read the record', async () => {
    const res = await server.call(
      'Comments/Mentionable',
      { APIName: 'Product', Id: 9, Search: 'hist' },
      admin,
    );
    const names = mentionableUserSchema
      .array()
      .parse(res.body.Data.Items)
      .map((user) => user.UserName);
    expect(names).toContain('hist-staff');
    expect(names).toContain('hist-reader');
    expect(names).not.toContain('hist-outsider');
    // A typed % is a character, not a wildcard.
    const wild = await server.call('Comments/Mentionable', { APIName: 'Product', Id: 9, Search: '%' }, admin);
    expect(wild.body.Data.Items).toEqual([]);
  });

  it('refuses bad input and changes nothing; only the author (or an administrator) deletes a comment', async () => {
    const count = async () => (await db().select().from(recordComments)).length;
    const before = await count();
    for (const body of [
      { APIName: 'Product', Id: 9, Body: '   ' },
      { APIName: 'Product', Id: 9, Body: 'x'.repeat(4001) },
      { APIName: 'Product', Id: 9, Body: 'ok', Url: '//evil.example' },
    ]) {
      const res = await server.call('Comments/AddNew', body, staff.token);
      expect(res.status).toBe(400);
    }
    expect(
      (await server.call('Comments/AddNew', { APIName: 'Product', Id: 9, Body: 'x' }, outsider.token)).status,
    ).toBe(403);
    expect(await count()).toBe(before);

    const mine = recordCommentSchema.parse(
      (await server.call('Comments/AddNew', { APIName: 'Product', Id: 9, Body: 'mine' }, staff.token)).body
        .Data,
    );
    const byOther = await server.call(
      'Comments/Delete',
      { APIName: 'Product', Id: 9, CommentId: mine.Id },
      reader.token,
    );
    expect(byOther.status).toBe(403);
    const wrongRecord = await server.call(
      'Comments/Delete',
      { APIName: 'Product', Id: 10, CommentId: mine.Id },
      staff.token,
    );
    expect(wrongRecord.body.StatusCode).toBe(0);
    const deleted = await server.call(
      'Comments/Delete',
      { APIName: 'Product', Id: 9, CommentId: mine.Id },
      staff.token,
    );
    expect(deleted.body.StatusCode).toBe(1);
    expect(await count()).toBe(before);
  });

  it('tells the open threads of those who may read the resource, and nobody else, when a comment comes or goes', async () => {
    const [readerStream, outsiderStream] = await Promise.all([
      openEventStream(`${server.url}/api/v1/NotificationHub?access_token=${reader.token}`),
      openEventStream(`${server.url}/api/v1/NotificationHub?access_token=${outsider.token}`),
    ]);
    streams.push(readerStream, outsiderStream);
    await Promise.all([readerStream.next(), outsiderStream.next()]);
    const isComments = (frame: { event: string }) => frame.event === 'comments-changed';

    const added = recordCommentSchema.parse(
      (await server.call('Comments/AddNew', { APIName: 'Product', Id: 12, Body: 'live one' }, staff.token))
        .body.Data,
    );
    expect(JSON.parse((await readerStream.next(isComments)).data)).toEqual({ APIName: 'Product', Id: 12 });
    await server.call('Comments/Delete', { APIName: 'Product', Id: 12, CommentId: added.Id }, staff.token);
    expect(JSON.parse((await readerStream.next(isComments)).data)).toEqual({ APIName: 'Product', Id: 12 });

    // The outsider may not read products: the next thing their stream carries is their own notice.
    await server.call('Notification/Send', { Title: 'After the comments', UserIds: [outsider.id] }, admin);
    const next = await outsiderStream.next(
      (frame) => frame.event !== 'message' && frame.comments.length === 0,
    );
    expect(next.event).toBe('notification');
    expect(outsiderStream.frames.some(isComments)).toBe(false);
  });

  it('keeps markup as the text it is: HTML and markdown are stored and answered verbatim, never as markup of its own', async () => {
    const body =
      '<img src=x onerror="alert(1)"><script>alert(2)</script> **bold** [link](javascript:alert(3))';
    const res = await server.call('Comments/AddNew', { APIName: 'Product', Id: 13, Body: body }, staff.token);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(recordCommentSchema.parse(res.body.Data).Body).toBe(body);
    const thread = commentListSchema.parse(
      (await server.call('Comments/List', { APIName: 'Product', Id: 13 }, admin)).body.Data,
    );
    expect(thread.Items.map((comment) => comment.Body)).toEqual([body]);
  });

  it('pages a long thread: the latest 50 oldest first, then the older ones before the first', async () => {
    const [author] = await db().select().from(users).where(eq(users.id, staff.id));
    await db()
      .insert(recordComments)
      .values(
        Array.from({ length: 57 }, (_, index) => ({
          resource: 'Product',
          recordId: '14',
          userId: author?.id as number,
          body: `comment ${index + 1}`,
          mentions: [],
        })),
      );
    const latest = commentListSchema.parse(
      (await server.call('Comments/List', { APIName: 'Product', Id: 14 }, reader.token)).body.Data,
    );
    expect(latest.Items).toHaveLength(50);
    expect(latest.Items[0]?.Body).toBe('comment 8');
    expect(latest.Items.at(-1)?.Body).toBe('comment 57');
    expect(latest.More).toBe(true);
    const older = commentListSchema.parse(
      (
        await server.call(
          'Comments/List',
          { APIName: 'Product', Id: 14, Before: latest.Items[0]?.Id },
          reader.token,
        )
      ).body.Data,
    );
    expect(older.Items.map((comment) => comment.Body)).toEqual(
      Array.from({ length: 7 }, (_, index) => `comment ${index + 1}`),
    );
    expect(older.More).toBe(false);
    const few = commentListSchema.parse(
      (await server.call('Comments/List', { APIName: 'Product', Id: 14, Take: 2 }, reader.token)).body.Data,
    );
    expect(few.Items.map((comment) => comment.Body)).toEqual(['comment 56', 'comment 57']);
    for (const bad of [{ Take: 0 }, { Take: 201 }, { Before: -1 }, { Before: 'x' }]) {
      const res = await server.call('Comments/List', { APIName: 'Product', Id: 14, ...bad }, reader.token);
      expect(res.status).toBe(400);
    }
  });

  it('lets an administrator delete anyone’s comment, and the author only their own', async () => {
    const byStaff = recordCommentSchema.parse(
      (await server.call('Comments/AddNew', { APIName: 'Product', Id: 15, Body: 'by staff' }, staff.token))
        .body.Data,
    );
    const asReader = commentListSchema.parse(
      (await server.call('Comments/List', { APIName: 'Product', Id: 15 }, reader.token)).body.Data,
    );
    expect(asReader.Items.find((comment) => comment.Id === byStaff.Id)?.CanDelete).toBe(false);
    const asAdmin = commentListSchema.parse(
      (await server.call('Comments/List', { APIName: 'Product', Id: 15 }, admin)).body.Data,
    );
    expect(asAdmin.Items.find((comment) => comment.Id === byStaff.Id)?.CanDelete).toBe(true);
    const refused = await server.call(
      'Comments/Delete',
      { APIName: 'Product', Id: 15, CommentId: byStaff.Id },
      reader.token,
    );
    expect(refused.status).toBe(403);
    // In the reader's language (Vietnamese since the first test).
    expect(refused.body.error_description).toBe('Chỉ người viết hoặc quản trị viên mới được xóa bình luận.');
    const deleted = await server.call(
      'Comments/Delete',
      { APIName: 'Product', Id: 15, CommentId: byStaff.Id },
      admin,
    );
    expect(deleted.body.StatusCode).toBe(1);
    const left = await db().select().from(recordComments).where(eq(recordComments.id, byStaff.Id));
    expect(left).toEqual([]);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'record_comment_delete'), eq(auditLog.recordId, '15')));
    expect(audit?.details).toEqual({ comment: byStaff.Id });
  });

  it('neither offers nor tells a user the record’s row rule hides it from', async () => {
    const [first, second] = await db().select().from(projects).orderBy(projects.id).limit(2);
    const member = await server.createUser('hist-rowrule');
    await db()
      .insert(projectMembers)
      .values({ projectId: first?.id as number, userId: member.id, role: 'developer' });
    await db().insert(roles).values({ code: 'hist-rowrule-tasks', name: 'Own tasks only' });
    await db().insert(roleGrants).values({
      roleCode: 'hist-rowrule-tasks',
      target: 'Task',
      canList: true,
      canDetail: true,
      rowRule: 'own',
    });
    await giveRoles(member.id, ['hist-rowrule-tasks']);
    const taskOf = async (projectId: number) =>
      (await db().select().from(tasks).where(eq(tasks.projectId, projectId)).limit(1))[0]?.id as number;
    const theirs = await taskOf(first?.id as number);
    const notTheirs = await taskOf(second?.id as number);

    const offered = async (id: number) =>
      (
        await server.call('Comments/Mentionable', { APIName: 'Task', Id: id, Search: 'hist-row' }, admin)
      ).body.Data.Items.map((user: { UserName: string }) => user.UserName);
    expect(await offered(theirs)).toEqual(['hist-rowrule']);
    expect(await offered(notTheirs)).toEqual([]);

    const told = await server.call(
      'Comments/AddNew',
      { APIName: 'Task', Id: notTheirs, Body: 'Have a look, @hist-rowrule' },
      admin,
    );
    expect(told.body.Msg).toBe('Comment added.');
    expect(recordCommentSchema.parse(told.body.Data).Mentions).toEqual([]);
    expect((await server.call('Notification/List', {}, member.token)).body.Data.Items).toEqual([]);
  });

  it('a deleted record takes its comments with it', async () => {
    const [task] = await db().select().from(tasks).orderBy(tasks.id).limit(1);
    await server.call('Comments/AddNew', { APIName: 'Task', Id: task?.id, Body: 'about to go' }, admin);
    const gone = await server.call('Task/Delete', { Id: task?.id }, admin);
    expect(gone.body.StatusCode).toBe(1);
    const left = await db()
      .select()
      .from(recordComments)
      .where(and(eq(recordComments.resource, 'Task'), eq(recordComments.recordId, String(task?.id))));
    expect(left).toEqual([]);
  });
});
