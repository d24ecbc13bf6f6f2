import {
  notificationListSchema,
  notificationMarkReadResultSchema,
  notificationSendResultSchema,
} from '@panelwright/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, notifications, users } from '../../db/schema';
import { startTestServer, type TestServer } from '../../testing/harness';

let server: TestServer;
let adminToken: string;
let alice: { id: number; token: string };
let bob: { id: number; token: string };

beforeAll(async () => {
  server = await startTestServer();
  adminToken = await server.signIn();
  alice = await server.createUser('alice');
  bob = await server.createUser('bob');
});
afterAll(() => server.close());

const send = (body: object, token = adminToken) => server.call('Notification/Send', body, token);
const list = async (token: string, body: object = {}) => {
  const res = await server.call('Notification/List', body, token);
  expect(res.body.StatusCode).toBe(1);
  return notificationListSchema.parse(res.body.Data);
};

describe('Notification/Send', () => {
  it('is for administrators: staff get 403, guests 401', async () => {
    expect((await send({ Title: 'x' }, alice.token)).status).toBe(403);
    expect((await server.call('Notification/Send', { Title: 'x' })).status).toBe(401);
  });

  it('stores one notification per addressee, sharing one id, and audits the send', async () => {
    const res = await send({
      Title: 'Hello',
      Body: 'Both of you',
      Url: '/home',
      UserIds: [alice.id, bob.id],
    });
    const data = notificationSendResultSchema.parse(res.body.Data);
    expect(data.Recipients).toBe(2);
    const rows = await server.database.db.select().from(notifications).where(eq(notifications.id, data.Id));
    expect(rows.map((r) => r.userId).sort()).toEqual([alice.id, bob.id].sort());
    const [audit] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'notification_send'), eq(auditLog.recordId, data.Id)));
    expect(audit?.details).toEqual({ recipients: 2, title: 'Hello' });
  });

  it('goes to every active user without UserIds', async () => {
    await server.database.db.update(users).set({ isDisabled: true }).where(eq(users.id, bob.id));
    try {
      const res = await send({ Title: 'Maintenance tonight' });
      const active = await server.database.db.select().from(users).where(eq(users.isDisabled, false));
      expect(res.body.Data.Recipients).toBe(active.length);
      const rows = await server.database.db
        .select()
        .from(notifications)
        .where(eq(notifications.id, res.body.Data.Id));
      expect(rows.some((r) => r.userId === bob.id)).toBe(false);
    } finally {
      await server.database.db.update(users).set({ isDisabled: false }).where(eq(users.id, bob.id));
    }
  });

  it('refuses unknown or disabled addressees with a message, and script URLs with a 400', async () => {
    const unknown = await send({ Title: 'x', UserIds: [alice.id, 987654] });
    expect(unknown.body).toMatchObject({ StatusCode: 0, Data: null });
    expect(unknown.body.Msg).toContain('987654');
    for (const Url of ['javascript:alert(1)', '//evil.example/x', 'data:text/html,x']) {
      const res = await send({ Title: 'x', Url });
      expect(res.status).toBe(400);
      expect(res.body.error_description).toMatch(/^Url:/);
    }
    expect((await send({ Title: '   ' })).status).toBe(400);
    expect((await send({ Title: 'x'.repeat(201) })).status).toBe(400);
  });
});

describe('Notification/List and Notification/MarkRead', () => {
  it('lists the caller’s latest notifications, newest first, with the unread count', async () => {
    const first = await send({ Title: 'First for bob', UserIds: [bob.id] });
    const second = await send({ Title: 'Second for bob', UserIds: [bob.id] });
    const all = await list(bob.token);
    expect(all.Items.slice(0, 2).map((n) => n.Id)).toEqual([second.body.Data.Id, first.body.Data.Id]);
    expect(all.Items.every((n) => n.IsRead === false)).toBe(true);
    expect(all.Unread).toBe(all.Items.length);
    const one = await list(bob.token, { Take: 1 });
    expect(one.Items).toHaveLength(1);
    expect(one.Unread).toBe(all.Unread);
    expect((await server.call('Notification/List', { Take: 101 }, bob.token)).status).toBe(400);
  });

  it('marks some or all read, only the caller’s own', async () => {
    const shared = await send({ Title: 'For both', UserIds: [alice.id, bob.id] });
    const id = shared.body.Data.Id as string;
    const before = await list(bob.token);
    // Alice reads her copy; Bob's stays unread.
    await server.call('Notification/MarkRead', { Ids: [id] }, alice.token);
    expect((await list(bob.token)).Items.find((n) => n.Id === id)?.IsRead).toBe(false);

    const marked = await server.call('Notification/MarkRead', { Ids: [id] }, bob.token);
    expect(notificationMarkReadResultSchema.parse(marked.body.Data)).toEqual({
      Updated: 1,
      Unread: before.Unread - 1,
    });
    const again = await server.call('Notification/MarkRead', { Ids: [id] }, bob.token);
    expect(again.body.Data.Updated).toBe(0);
    const after = await list(bob.token);
    expect(after.Items.find((n) => n.Id === id)?.IsRead).toBe(true);
    expect((await list(bob.token, { UnreadOnly: true })).Items.some((n) => n.Id === id)).toBe(false);

    const rest = await server.call('Notification/MarkRead', { All: true }, bob.token);
    expect(rest.body.Data).toEqual({ Updated: after.Unread, Unread: 0 });
    expect((await list(alice.token)).Unread).toBeGreaterThan(0);
  });

  it('wants either Ids or All', async () => {
    for (const body of [{}, { All: false }, { Ids: ['not-an-id'] }, { Ids: [], All: true }]) {
      expect((await server.call('Notification/MarkRead', body, bob.token)).status).toBe(400);
    }
    expect((await server.call('Notification/MarkRead', { All: true })).status).toBe(401);
  });
});
