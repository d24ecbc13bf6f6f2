import { notificationEventSchema } from '@panelwright/contract';
import { eq } from 'drizzle-orm';
import { importJWK, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSettings, pushSubscriptions } from '../../db/schema';
import { startTestServer, TEST_ADMIN, type TestServer } from '../../testing/harness';
import { createTestSubscriber, startPushReceiver } from '../../testing/push-receiver';
import { MAX_SUBSCRIPTIONS_PER_USER, VAPID_SETTING_KEY } from './service';

let server: TestServer;
let receiver: Awaited<ReturnType<typeof startPushReceiver>>;
let adminToken: string;
let carol: { id: number; token: string };

beforeAll(async () => {
  [server, receiver] = await Promise.all([
    startTestServer({ env: { ADMIN_EMAIL: 'ops@example.com' } }),
    startPushReceiver(),
  ]);
  adminToken = await server.signIn(TEST_ADMIN.username, TEST_ADMIN.password);
  carol = await server.createUser('carol');
});
afterAll(async () => {
  await server.close();
  await receiver.close();
});

const subscriptionsOf = (userId: number) =>
  server.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

/** The VAPID public key (65 raw bytes, base64url) as a JWK, to check the push service's view of a push. */
function vapidJwk(publicKey: string) {
  const raw = Buffer.from(publicKey, 'base64url');
  return {
    kty: 'EC',
    crv: 'P-256',
    x: raw.subarray(1, 33).toString('base64url'),
    y: raw.subarray(33, 65).toString('base64url'),
  };
}

describe('VAPID keys', () => {
  it('are made once, kept in the settings table, and handed out in UIAppConfig', async () => {
    const first = await server.call('GlobalAppSetting/FisrtSetting');
    const publicKey = first.body.Data.UIAppConfig.vapidPublicKey as string;
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    const [row] = await server.database.db
      .select()
      .from(appSettings)
      .where(eq(appSettings.key, VAPID_SETTING_KEY));
    expect(row?.value).toMatchObject({ publicKey });
    // The private key never leaves the server.
    expect(first.text).not.toContain((row!.value as { privateKey: string }).privateKey);
    server.app.services.caches.clear('ALL');
    const again = await server.call('GlobalAppSetting/FisrtSetting');
    expect(again.body.Data.UIAppConfig.vapidPublicKey).toBe(publicKey);
  });
});

describe('PushSubscription/Save and Delete', () => {
  it('validate the subscription: https or loopback http endpoints, well-formed keys', async () => {
    const { keys } = createTestSubscriber();
    const bad = [
      { endpoint: 'http://push.example.com/x', keys },
      { endpoint: 'ftp://127.0.0.1/x', keys },
      { endpoint: 'not a url', keys },
      { endpoint: 'https://push.example.com/x', keys: { ...keys, p256dh: 'short' } },
      { endpoint: 'https://push.example.com/x', keys: { ...keys, auth: 'x'.repeat(40) } },
      { endpoint: 'https://push.example.com/x' },
    ];
    for (const Subscription of bad) {
      const res = await server.call('PushSubscription/Save', { Subscription }, carol.token);
      expect(res.status).toBe(400);
      expect(res.body.error_description).toMatch(/^Subscription\./);
    }
    expect((await server.call('PushSubscription/Save', { Subscription: bad[0] })).status).toBe(401);
  });

  it('store one row per endpoint, which changes hands with the browser, and delete the caller’s', async () => {
    const { keys } = createTestSubscriber();
    const endpoint = 'https://push.example.com/send/shared-browser';
    const dave = await server.createUser('dave');
    const save = (token: string) =>
      server.call('PushSubscription/Save', { Subscription: { endpoint, expirationTime: null, keys } }, token);
    expect((await save(dave.token)).body).toMatchObject({ StatusCode: 1, Data: true });
    expect((await save(dave.token)).body.StatusCode).toBe(1);
    expect(await subscriptionsOf(dave.id)).toHaveLength(1);
    await save(carol.token);
    expect(await subscriptionsOf(dave.id)).toHaveLength(0);
    expect((await subscriptionsOf(carol.id)).map((s) => s.endpoint)).toContain(endpoint);

    // Dave cannot remove what is now Carol's.
    const foreign = await server.call('PushSubscription/Delete', { Endpoint: endpoint }, dave.token);
    expect(foreign.body.Data).toEqual({ Deleted: 0 });
    const own = await server.call('PushSubscription/Delete', { Endpoint: endpoint }, carol.token);
    expect(own.body.Data).toEqual({ Deleted: 1 });
  });

  it('keep at most MAX_SUBSCRIPTIONS_PER_USER per user, dropping the longest unused', async () => {
    const erin = await server.createUser('erin');
    const { keys } = createTestSubscriber();
    for (let i = 0; i < MAX_SUBSCRIPTIONS_PER_USER + 2; i++) {
      const Subscription = {
        endpoint: `https://push.example.com/erin/${i}`,
        expirationTime: 4102444800000,
        keys,
      };
      expect((await server.call('PushSubscription/Save', { Subscription }, erin.token)).body.StatusCode).toBe(
        1,
      );
    }
    const kept = (await subscriptionsOf(erin.id)).map((s) => s.endpoint);
    expect(kept).toHaveLength(MAX_SUBSCRIPTIONS_PER_USER);
    expect(kept).not.toContain('https://push.example.com/erin/0');
    expect(kept).not.toContain('https://push.example.com/erin/1');
    expect((await server.call('PushSubscription/Delete', {}, erin.token)).body.Data).toEqual({
      Deleted: MAX_SUBSCRIPTIONS_PER_USER,
    });
  });
});

describe('sending a notification', () => {
  it('pushes it, signed with VAPID and encrypted for the browser, to the addressees’ subscriptions', async () => {
    const browser = createTestSubscriber();
    const endpoint = `${receiver.url}/push/carol-laptop`;
    await server.call(
      'PushSubscription/Save',
      { Subscription: { endpoint, keys: browser.keys } },
      carol.token,
    );
    const sent = await server.call(
      'Notification/Send',
      { Title: 'Invoice approved', Body: 'INV-7 is approved', Url: '/invoices/7', UserIds: [carol.id] },
      adminToken,
    );
    expect(sent.body.StatusCode).toBe(1);
    await server.app.services.push.idle();

    const push = receiver.received.find((r) => r.path === '/push/carol-laptop');
    expect(push).toBeDefined();
    expect(push!.headers['content-encoding']).toBe('aes128gcm');
    expect(push!.headers.ttl).toBe(String(24 * 60 * 60));
    expect(push!.body.toString('latin1')).not.toContain('Invoice approved');

    const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(push!.headers.authorization ?? '');
    expect(match).not.toBeNull();
    const first = await server.call('GlobalAppSetting/FisrtSetting');
    expect(match![2]).toBe(first.body.Data.UIAppConfig.vapidPublicKey);
    const { payload } = await jwtVerify(match![1]!, await importJWK(vapidJwk(match![2]!), 'ES256'));
    expect(payload).toMatchObject({ aud: receiver.url, sub: 'mailto:ops@example.com' });

    const message = notificationEventSchema.parse(JSON.parse(browser.decrypt(push!.body)));
    expect(message).toEqual({
      Id: sent.body.Data.Id,
      Title: 'Invoice approved',
      Body: 'INV-7 is approved',
      Url: '/invoices/7',
      CreatedAt: expect.any(String),
    });
  });

  it('deletes a subscription the push service answers 410 or 404 for, and keeps one that failed otherwise', async () => {
    const save = (path: string) =>
      server.call(
        'PushSubscription/Save',
        { Subscription: { endpoint: `${receiver.url}${path}`, keys: createTestSubscriber().keys } },
        carol.token,
      );
    receiver.statusFor.set('/push/gone', 410);
    receiver.statusFor.set('/push/unknown', 404);
    receiver.statusFor.set('/push/busy', 429);
    for (const path of ['/push/gone', '/push/unknown', '/push/busy']) await save(path);
    await server.call('Notification/Send', { Title: 'Ping', UserIds: [carol.id] }, adminToken);
    await server.app.services.push.idle();

    const paths = receiver.received.map((r) => r.path);
    expect(paths).toEqual(expect.arrayContaining(['/push/gone', '/push/unknown', '/push/busy']));
    const left = (await subscriptionsOf(carol.id)).map((s) => new URL(s.endpoint).pathname);
    expect(left).not.toContain('/push/gone');
    expect(left).not.toContain('/push/unknown');
    expect(left).toContain('/push/busy');
    expect(left).toContain('/push/carol-laptop');
    // The capability URL of a subscription stays out of the log; its host is enough.
    expect(server.logs.join('\n')).not.toContain('/push/busy');
  });
});
