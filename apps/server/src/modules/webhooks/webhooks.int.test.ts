// Webhooks (issue 27) against the real server and a real HTTP receiver on 127.0.0.1: every change of
// the generic protocol is delivered, signed, with the fields the webhook's role may read; deliveries
// are in the outbox with the change (a worker that never ran loses none), retried while the receiver
// fails and not after it succeeds, sent once although two instances run the worker; private targets
// are refused unless the security settings allow them.
import { STATUS_SUCCESS } from '@panelwright/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleGrants, webhookDeliveries, webhooks } from '../../db/schema';
import { startTestServer, type TestServer } from '../../testing/harness';
import { TEST_REDIS_URL, testRedisAnswers, testRedisPrefix } from '../../testing/redis';
import { startWebhookReceiver, verifySignature } from '../../testing/webhook-receiver';

const SECRET = 'whsec-test-0123456789abcdef';
const FAST = { WEBHOOK_POLL_MS: '100', WEBHOOK_RETRY_BASE_MS: '150', WEBHOOK_TIMEOUT_MS: '2000' };

let server: TestServer;
let admin: string;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

beforeAll(async () => {
  server = await startTestServer({ demoProducts: 3, env: FAST });
  admin = await server.signIn();
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await server.close();
  await receiver.close();
});

const ok = (res: { status: number; body: any }) =>
  res.status === 200 && res.body.StatusCode === STATUS_SUCCESS;

async function allowPrivate(allow: boolean): Promise<void> {
  const res = await server.call(
    'GlobalAppSetting/SaveSettings',
    { Security: { webhookAllowPrivate: allow } },
    admin,
  );
  expect(res.status, res.text).toBe(200);
}

async function addHook(body: Record<string, unknown> = {}): Promise<number> {
  const res = await server.call(
    'Webhook/AddNew',
    {
      Target: 'Product',
      Events: ['created', 'updated', 'deleted'],
      Url: receiver.url,
      Secret: SECRET,
      ...body,
    },
    admin,
  );
  expect(ok(res), res.text).toBe(true);
  return res.body.Data.Id;
}

async function removeHooks(): Promise<void> {
  await server.database.db.delete(webhooks);
  receiver.received.length = 0;
  receiver.answers.length = 0;
}

async function waitForStatus(id: string, status: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await server.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, id));
    if (row?.status === status) return row;
    if (Date.now() > deadline) throw new Error(`delivery ${id} is ${row?.status}, not ${status}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

let sku = 0;
const addProduct = async (name = 'Hooked') => {
  const res = await server.call(
    'Product/AddNew',
    { Sku: `HOOK-${++sku}`, Name: name, Price: 12.5, Quantity: 3 },
    admin,
  );
  expect(ok(res), res.text).toBe(true);
  return res.body.Data.Id as number;
};

describe('targets', () => {
  it('refuses loopback, private and link-local targets unless the settings allow them', async () => {
    await allowPrivate(false);
    for (const url of [
      receiver.url,
      'http://10.1.2.3/x',
      'http://169.254.169.254/latest',
      'http://[::1]:9/x',
      'http://localhost:9/x',
    ]) {
      const res = await server.call(
        'Webhook/AddNew',
        { Target: 'Product', Events: ['created'], Url: url, Secret: SECRET },
        admin,
      );
      expect(ok(res), url).toBe(false);
      expect(res.status).toBeLessThan(500);
      expect(res.body.Msg, url).toMatch(/private, loopback or link-local/);
    }
    expect(await server.database.db.select().from(webhooks)).toHaveLength(0);
    await allowPrivate(true);
    await addHook();
    await removeHooks();
  });

  it('refuses what is not http(s), an unknown resource and a short secret', async () => {
    for (const body of [
      { Url: 'ftp://example.com/x' },
      { Url: 'file:///etc/passwd' },
      { Url: 'http://user:pw@127.0.0.1/x' },
      { Target: 'NoSuchThing' },
      { Secret: 'short' },
      { Events: ['exploded'] },
    ]) {
      const res = await server.call(
        'Webhook/AddNew',
        { Target: 'Product', Events: ['created'], Url: receiver.url, Secret: SECRET, ...body },
        admin,
      );
      expect(ok(res), JSON.stringify(body)).toBe(false);
      expect(res.status).toBeLessThan(500);
    }
    expect(await server.database.db.select().from(webhooks)).toHaveLength(0);
  });

  it('is for administrators only', async () => {
    const staff = await server.createUser('hookstaff', 'staff');
    const res = await server.call(
      'Webhook/AddNew',
      { Target: 'Product', Events: ['created'], Url: receiver.url, Secret: SECRET },
      staff.token,
    );
    expect(res.status).toBe(403);
  });
});

describe('deliveries', () => {
  beforeAll(() => allowPrivate(true));

  it('delivers created, updated and deleted, signed, each with an id a receiver can drop a repeat by', async () => {
    await addHook();
    const id = await addProduct('Signed one');
    const update = await server.call(
      'Product/UpdateFields',
      { Id: id, Values: [{ FieldName: 'Name', NewValue: 'Signed two' }] },
      admin,
    );
    expect(ok(update), update.text).toBe(true);
    expect(ok(await server.call('Product/Delete', { Id: id }, admin))).toBe(true);
    const got = await receiver.waitFor(3);
    const events = got.map((hook) => hook.body.event).sort();
    expect(events).toEqual(['created', 'deleted', 'updated']);
    for (const hook of got) {
      expect(verifySignature(hook.headers['panelwright-signature'] as string, hook.raw, SECRET)).toBe(true);
      expect(
        verifySignature(hook.headers['panelwright-signature'] as string, hook.raw, 'another-secret-123'),
      ).toBe(false);
      expect(hook.headers['panelwright-delivery']).toBe(hook.body.id);
      expect(hook.body).toMatchObject({ resource: 'Product', recordId: id });
    }
    const byEvent = Object.fromEntries(got.map((hook) => [hook.body.event, hook.body]));
    expect(byEvent.created.record).toMatchObject({ Id: id, Name: 'Signed one' });
    expect(byEvent.updated.record).toMatchObject({ Id: id, Name: 'Signed two' });
    expect(byEvent.updated.changes).toContainEqual({ field: 'Name', old: 'Signed one', new: 'Signed two' });
    expect(byEvent.deleted.record).toMatchObject({ Id: id, Name: 'Signed two' });
    expect(new Set(got.map((hook) => hook.body.id)).size).toBe(3);
    // The log shows each as delivered, with its code and time.
    const log = await server.call('Webhook/Deliveries', {}, admin);
    expect(log.body.Data.Total).toBe(3);
    for (const item of log.body.Data.Data) {
      expect(item).toMatchObject({ Status: 'delivered', ResponseCode: 200, Attempts: 1 });
      expect(item.DurationMs).toBeGreaterThanOrEqual(0);
    }
    await removeHooks();
  });

  it('fires on a collection’s record as on a declared resource’s (a collection made in the studio)', async () => {
    const exported = await server.call('Configuration/Export', {}, admin);
    const document = exported.body.Data;
    document.Collections = [
      {
        APIName: 'Lead',
        Title: { en: 'Leads' },
        Fields: [
          { Name: 'Name', Type: 'text', Required: true },
          { Name: 'Budget', Type: 'money', Required: false },
        ],
      },
    ];
    const applied = await server.call(
      'Configuration/Apply',
      { Document: document, Message: 'a collection webhooks follow' },
      admin,
    );
    expect(ok(applied), applied.text).toBe(true);
    await addHook({ Target: 'Lead', Events: ['created'] });
    const added = await server.call('Lead/AddNew', { Name: 'Hooked lead', Budget: 99 }, admin);
    expect(ok(added), added.text).toBe(true);
    const [hook] = await receiver.waitFor(1);
    expect(hook?.body).toMatchObject({
      event: 'created',
      resource: 'Lead',
      recordId: added.body.Data.Id,
      record: { Id: added.body.Data.Id, Name: 'Hooked lead' },
    });
    expect(Number(hook?.body.record.Budget)).toBe(99);
    expect(verifySignature(hook?.headers['panelwright-signature'] as string, hook?.raw ?? '', SECRET)).toBe(
      true,
    );
    await removeHooks();
  });

  it("carries only the fields the webhook's role may read", async () => {
    await server.database.db
      .update(roleGrants)
      .set({ hiddenFields: ['Price'] })
      .where(and(eq(roleGrants.roleCode, 'viewer'), eq(roleGrants.target, 'Product')));
    server.app.services.access.invalidate();
    const viewerHook = await addHook({ Role: 'viewer', Events: ['created'] });
    const adminHook = await addHook({ Role: 'admin', Events: ['created'] });
    await addProduct('Priced');
    const got = await receiver.waitFor(2);
    const [ofViewer] = await server.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, viewerHook));
    const [ofAdmin] = await server.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, adminHook));
    const viewerBody = got.find((hook) => hook.body.id === ofViewer?.id)?.body;
    const adminBody = got.find((hook) => hook.body.id === ofAdmin?.id)?.body;
    expect(viewerBody.record.Name).toBe('Priced');
    expect(viewerBody.record).not.toHaveProperty('Price');
    expect(viewerBody.changes.map((c: { field: string }) => c.field)).not.toContain('Price');
    expect(Number(adminBody.record.Price)).toBe(12.5);
    await server.database.db
      .update(roleGrants)
      .set({ hiddenFields: [] })
      .where(and(eq(roleGrants.roleCode, 'viewer'), eq(roleGrants.target, 'Product')));
    server.app.services.access.invalidate();
    await removeHooks();
  });

  it('retries while the receiver answers 500, stops after a success, and Redeliver sends it again', async () => {
    await addHook({ Events: ['created'] });
    receiver.answers.push(500, 500);
    await addProduct('Retried');
    const got = await receiver.waitFor(3);
    const ids = new Set(got.map((hook) => hook.body.id));
    expect(ids.size).toBe(1);
    const [id] = [...ids] as string[];
    const row = await waitForStatus(id as string, 'delivered');
    expect(row.attempts).toBe(3);
    expect(row.responseCode).toBe(200);
    // Nothing more once it succeeded.
    await new Promise((r) => setTimeout(r, 800));
    expect(receiver.received).toHaveLength(3);
    const again = await server.call('Webhook/Redeliver', { Id: id }, admin);
    expect(ok(again), again.text).toBe(true);
    await receiver.waitFor(4);
    expect(receiver.received[3]?.body.id).toBe(id);
    await waitForStatus(id as string, 'delivered');
    await removeHooks();
  });

  it('gives up after the retry window', async () => {
    await addHook({ Events: ['created'] });
    receiver.answers.push(500, 500, 500, 500, 500, 500, 500, 500);
    await addProduct('Given up');
    await receiver.waitFor(1);
    const [row] = await server.database.db.select().from(webhookDeliveries);
    // The window ends now: the next failure is the last.
    await server.database.db
      .update(webhookDeliveries)
      .set({ giveUpAt: new Date(Date.now() + 100) })
      .where(eq(webhookDeliveries.id, row?.id ?? ''));
    const failed = await waitForStatus(row?.id ?? '', 'failed');
    expect(failed.responseCode).toBe(500);
    expect(failed.lastError).toMatch(/500/);
    await removeHooks();
  });

  it('writes no delivery for a change that was refused, and one in the outbox before any worker runs', async () => {
    await addHook({ Events: ['created', 'updated'] });
    await server.app.services.webhooks.stop();
    const refused = await server.call(
      'Product/UpdateFields',
      { Id: 999_999, Values: [{ FieldName: 'Name', NewValue: 'x' }] },
      admin,
    );
    expect(ok(refused)).toBe(false);
    expect(await server.database.db.select().from(webhookDeliveries)).toHaveLength(0);
    // Committed with the change, while no worker runs on this instance.
    const id = await addProduct('Outboxed');
    const pending = await server.database.db.select().from(webhookDeliveries);
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ status: 'pending', recordId: String(id) });
    expect(receiver.received).toHaveLength(0);
    // Another instance on the same database delivers it.
    const second = await startTestServer({ shareDatabaseWith: server, env: FAST });
    try {
      const got = await receiver.waitFor(1);
      expect(got[0]?.body).toMatchObject({ event: 'created', recordId: id });
      await waitForStatus(pending[0]?.id ?? '', 'delivered');
    } finally {
      await second.close();
    }
  });

  it('delivers each change exactly once although two instances run the worker', async () => {
    await removeHooks();
    server.app.services.webhooks.start();
    await addHook({ Events: ['created'] });
    const second = await startTestServer({ shareDatabaseWith: server, env: FAST });
    try {
      const secondAdmin = await second.signIn();
      const ids: number[] = [];
      for (let i = 0; i < 12; i++) {
        const on = i % 2 === 0 ? server : second;
        const res = await on.call(
          'Product/AddNew',
          { Sku: `TWICE-${i}`, Name: `Twice ${i}`, Price: 1 },
          on === server ? admin : secondAdmin,
        );
        expect(ok(res), res.text).toBe(true);
        ids.push(res.body.Data.Id);
      }
      await receiver.waitFor(12);
      // Both workers keep polling for a while: nothing arrives twice.
      await new Promise((r) => setTimeout(r, 1_000));
      expect(receiver.received).toHaveLength(12);
      expect(new Set(receiver.received.map((hook) => hook.body.id)).size).toBe(12);
      expect(receiver.received.map((hook) => hook.body.recordId).sort()).toEqual([...ids].sort());
    } finally {
      await second.close();
    }
  });
});

const redisAnswers = await testRedisAnswers();

describe.skipIf(!redisAnswers)('scale-out: two instances on one database and one Redis', () => {
  it('delivers each change exactly once although both run the worker', async () => {
    const env = { ...FAST, REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: testRedisPrefix() };
    const a = await startTestServer({ env });
    const b = await startTestServer({ env, shareDatabaseWith: a });
    const hooked = await startWebhookReceiver();
    try {
      const [tokenA, tokenB] = [await a.signIn(), await b.signIn()];
      // Saved on A, known on B at once (the settings' cache is cleared through Redis).
      expect(
        (await a.call('GlobalAppSetting/SaveSettings', { Security: { webhookAllowPrivate: true } }, tokenA))
          .status,
      ).toBe(200);
      const hook = await b.call(
        'Webhook/AddNew',
        { Target: 'Category', Events: ['created', 'updated'], Url: hooked.url, Secret: SECRET },
        tokenB,
      );
      expect(ok(hook), hook.text).toBe(true);
      const ids: number[] = [];
      for (let i = 0; i < 10; i++) {
        const [server, token] = i % 2 === 0 ? [a, tokenA] : [b, tokenB];
        const res = await server.call('Category/AddNew', { Name: `Scaled ${i}`, Code: `SCALED-${i}` }, token);
        expect(ok(res), res.text).toBe(true);
        ids.push(res.body.Data.Id);
      }
      await hooked.waitFor(10);
      await new Promise((r) => setTimeout(r, 1_000));
      expect(hooked.received).toHaveLength(10);
      expect(new Set(hooked.received.map((h) => h.body.id)).size).toBe(10);
      expect(hooked.received.map((h) => h.body.recordId).sort()).toEqual([...ids].sort());
    } finally {
      await hooked.close();
      await b.close();
      await a.close();
    }
  });
});
