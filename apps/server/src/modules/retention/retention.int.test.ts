import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  authFailures,
  authRefusals,
  exceptionLogs,
  files,
  mailOutbox,
  passwordResetTokens,
  sessions,
  users,
  webhookDeliveries,
  webhooks,
} from '../../db/schema';
import { startTestServer, type TestServer } from '../../testing/harness';

let server: TestServer;
let token = '';
let userId = 0;

beforeAll(async () => {
  server = await startTestServer();
  token = await server.signIn();
  const [admin] = await server.database.db.select({ id: users.id }).from(users).limit(1);
  userId = admin?.id ?? 0;
});
afterAll(() => server.close());

const DAY = 24 * 60 * 60 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms);
const exceptionCount = async () =>
  (await server.database.db.select({ n: sql<number>`cast(count(*) as integer)` }).from(exceptionLogs))[0]
    ?.n ?? 0;

describe('the retention job', () => {
  it('deletes what is past its time and keeps the rest', async () => {
    const db = server.database.db;
    await db.insert(auditLog).values([
      { action: 'old', at: ago(400 * DAY) },
      { action: 'recent', at: ago(DAY) },
    ]);
    await db.insert(exceptionLogs).values([{ at: ago(100 * DAY) }, { at: ago(DAY) }]);
    await db.insert(mailOutbox).values([
      { recipient: 'a@example.com', subject: 'old', body: 'x', status: 'sent', createdAt: ago(8 * DAY) },
      { recipient: 'a@example.com', subject: 'new', body: 'x', status: 'sent', createdAt: ago(DAY) },
    ]);
    await db.insert(sessions).values([
      { userId, scope: 'access', expiresAt: ago(31 * DAY) },
      { userId, scope: 'access', expiresAt: ago(DAY), revokedAt: ago(31 * DAY) },
      { userId, scope: 'access', expiresAt: ago(DAY) },
    ]);
    await db.insert(passwordResetTokens).values([
      { userId, tokenHash: 'spent', expiresAt: ago(2 * DAY) },
      { userId, tokenHash: 'live', expiresAt: new Date(Date.now() + DAY) },
    ]);
    await db.insert(authFailures).values([
      { kind: 'signin_address', key: 'old', at: ago(DAY) },
      { kind: 'signin_address', key: 'new', at: new Date() },
    ]);
    await db.insert(authRefusals).values([
      { kind: 'signin_address', key: 'old', firstAt: ago(DAY), lastAt: ago(DAY), count: 5 },
      { kind: 'signin_address', key: 'new', firstAt: new Date(), lastAt: new Date(), count: 5 },
    ]);

    const report = await server.app.services.retention.purge();
    expect(report).toMatchObject({
      auditLog: 1,
      exceptionLogs: 1,
      mail: 1,
      sessions: 2,
      resetKeys: 1,
      throttleAttempts: 1,
      throttleRefusals: 1,
    });
    expect((await db.select().from(auditLog).where(eq(auditLog.action, 'old'))).length).toBe(0);
    expect((await db.select().from(auditLog).where(eq(auditLog.action, 'recent'))).length).toBe(1);
    expect((await db.select().from(mailOutbox)).map((mail) => mail.subject)).toEqual(['new']);
    expect((await db.select().from(passwordResetTokens)).map((key) => key.tokenHash)).toEqual(['live']);
    expect((await db.select().from(authRefusals)).map((row) => row.key)).toEqual(['new']);
    expect(await exceptionCount()).toBe(1);
  });

  it('deletes webhook deliveries 30 days after they were delivered or given up, never a pending one', async () => {
    const db = server.database.db;
    const [hook] = await db
      .insert(webhooks)
      .values({
        target: 'Product',
        events: ['created'],
        url: 'https://example.com/',
        secretSealed: 'x',
        role: 'admin',
      })
      .returning();
    const row = (status: string, createdAt: Date) => ({
      webhookId: hook?.id ?? 0,
      event: 'created',
      resource: 'Product',
      payload: {},
      status,
      createdAt,
    });
    await db
      .insert(webhookDeliveries)
      .values([
        row('delivered', ago(31 * DAY)),
        row('failed', ago(31 * DAY)),
        row('pending', ago(31 * DAY)),
        row('delivered', ago(DAY)),
      ]);
    expect((await server.app.services.retention.purge()).webhookDeliveries).toBe(2);
    const kept = await db.select().from(webhookDeliveries);
    expect(kept.map((d) => d.status).sort()).toEqual(['delivered', 'pending']);
    await db.delete(webhooks);
  });

  it('deletes exports and their bytes after the hours set in the settings', async () => {
    const exported = await server.call('Product/Export', {}, token);
    expect(exported.body.StatusCode).toBe(1);
    const [file] = await server.database.db.select().from(files).where(eq(files.kind, 'export'));
    expect(file).toBeDefined();
    const bytes = join(server.app.services.files.root, file?.storageKey ?? '');
    expect(existsSync(bytes)).toBe(true);
    expect((await server.app.services.retention.purge()).exports).toBe(0);

    await server.database.db
      .update(files)
      .set({ createdAt: ago(2 * 60 * 60 * 1000) })
      .where(eq(files.id, file?.id ?? ''));
    const saved = await server.call(
      'GlobalAppSetting/SaveSettings',
      { Retention: { exportHours: 1 } },
      token,
    );
    expect(saved.body.Data.Retention).toMatchObject({ exportHours: 1, auditDays: 365 });
    expect((await server.app.services.retention.purge()).exports).toBe(1);
    expect(existsSync(bytes)).toBe(false);
    expect((await server.fetch(exported.body.Data.FullPath)).status).toBe(404);
  });

  it('refuses retention periods out of bounds', async () => {
    const refused = await server.call(
      'GlobalAppSetting/SaveSettings',
      { Retention: { auditDays: 0 } },
      token,
    );
    expect(refused.status).toBe(400);
  });
});
