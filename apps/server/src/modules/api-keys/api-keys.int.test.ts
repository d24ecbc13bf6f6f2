// API keys (issue 27) against the real server: a key is shown once and kept hashed, acts with its
// role's grants only, is refused once expired or revoked or from an address it does not allow, keeps
// working past the idle limit that ends sessions, is throttled, audits under its name and opens no
// session.

import { STATUS_SUCCESS } from '@panelwright/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, auditLog, roleGrants, sessions } from '../../db/schema';
import { sha256 } from '../../lib/secure-random';
import { startTestServer, type TestResponse, type TestServer } from '../../testing/harness';

let server: TestServer;
let admin: string;

/**
 * A key's calls a minute here: low, so that the bucket refills slowly (one call every 6 s) and a busy
 * machine's slow calls do not refill it while the throttle test empties it.
 */
const RATE = 10;

beforeAll(async () => {
  server = await startTestServer({ demoProducts: 5, env: { API_KEY_RATE_PER_MINUTE: String(RATE) } });
  admin = await server.signIn();
});
afterAll(() => server.close());

/** A client error, or a business refusal (200 with a failure StatusCode): never a 5xx. */
const refused = (res: TestResponse) =>
  (res.status >= 400 && res.status < 500) || (res.status === 200 && res.body.StatusCode !== STATUS_SUCCESS);

async function makeKey(body: Record<string, unknown>, token = admin): Promise<{ key: string; id: string }> {
  const res = await server.call('ApiKey/AddNew', { Name: 'nightly job', Role: 'viewer', ...body }, token);
  expect(res.status, res.text).toBe(200);
  return { key: res.body.Data.Key, id: res.body.Data.Id };
}

describe('making and listing keys', () => {
  it('answers the key once, stores only its hash, and lists it without it', async () => {
    const res = await server.call(
      'ApiKey/AddNew',
      { Name: 'Reporting', Role: 'viewer', ExpiresAt: new Date(Date.now() + 86_400_000).toISOString() },
      admin,
    );
    expect(res.status, res.text).toBe(200);
    const key: string = res.body.Data.Key;
    expect(key).toMatch(/^pwk_[A-Za-z0-9_-]{43}$/);
    const [row] = await server.database.db.select().from(apiKeys).where(eq(apiKeys.id, res.body.Data.Id));
    expect(row?.keyHash).toBe(sha256(key));
    expect(JSON.stringify(row)).not.toContain(key.slice(4));
    const list = await server.call('ApiKey/List', {}, admin);
    const item = list.body.Data.find((k: { Id: string }) => k.Id === res.body.Data.Id);
    expect(item).toMatchObject({ Name: 'Reporting', Role: 'viewer', Status: 'active', LastUsedAt: null });
    expect(list.text).not.toContain(key.slice(4));
  });

  it('shows when and from where a key was last used', async () => {
    const { key, id } = await makeKey({ Name: 'used' });
    expect((await server.call('Product/List', { PageSize: 5 }, key)).status).toBe(200);
    const list = await server.call('ApiKey/List', {}, admin);
    const item = list.body.Data.find((k: { Id: string }) => k.Id === id);
    expect(item.LastUsedIp).toBe('127.0.0.1');
    expect(Date.now() - Date.parse(item.LastUsedAt)).toBeLessThan(60_000);
  });

  it('refuses a role that is not one, an expiry in the past and a bad address', async () => {
    const cases = [
      { Role: 'no-such-role' },
      { ExpiresAt: new Date(Date.now() - 1000).toISOString() },
      { AllowedAddresses: ['not-an-address'] },
      { AllowedAddresses: ['10.0.0.0/40'] },
    ];
    for (const body of cases) {
      const before = (await server.database.db.select().from(apiKeys)).length;
      const res = await server.call('ApiKey/AddNew', { Name: 'x', Role: 'viewer', ...body }, admin);
      expect(refused(res), JSON.stringify(body)).toBe(true);
      expect((await server.database.db.select().from(apiKeys)).length).toBe(before);
    }
  });

  it('lets a user make keys only when granted, and never with a role they do not hold', async () => {
    const staff = await server.createUser('keymaker', 'staff');
    const openPages = async () =>
      (await server.call('Account/MyProfile', {}, staff.token)).body.Data.OpenPages as string[];
    expect((await server.call('ApiKey/AddNew', { Name: 'mine', Role: 'staff' }, staff.token)).status).toBe(
      403,
    );
    // The user menu's entry to the integrations page follows the grant (OpenPages of the profile).
    expect(await openPages()).not.toContain('/integrations');
    // An administrator gives the grant in Permissions: the target ApiKey, Add.
    const granted = await server.call(
      'RoleGrant/AddNew',
      { RoleCode: 'staff', Target: 'ApiKey', CanAdd: true },
      admin,
    );
    expect(granted.body.StatusCode, granted.text).toBe(1);
    expect(await openPages()).toContain('/integrations');
    expect((await server.call('Account/MyProfile', {}, admin)).body.Data.OpenPages).toEqual(
      expect.arrayContaining(['/integrations', '/studio']),
    );
    const admins = await server.call('ApiKey/AddNew', { Name: 'mine', Role: 'admin' }, staff.token);
    expect(admins.status).toBe(403);
    expect(admins.body.error_description).toMatch(/your own roles/);
    const { key, id } = await makeKey({ Name: 'mine', Role: 'staff' }, staff.token);
    expect((await server.call('Product/List', {}, key)).status).toBe(200);
    // A user sees and revokes their own keys only.
    const list = await server.call('ApiKey/List', {}, staff.token);
    expect(list.body.Data.map((k: { Id: string }) => k.Id)).toEqual([id]);
    const others = (await server.call('ApiKey/List', {}, admin)).body.Data.filter(
      (k: { Id: string }) => k.Id !== id,
    );
    const foreign = await server.call('ApiKey/Revoke', { Id: others[0].Id }, staff.token);
    expect(refused(foreign)).toBe(true);
    expect(foreign.body.Msg).toMatch(/does not exist/);
    expect((await server.call('ApiKey/Revoke', { Id: id }, staff.token)).status).toBe(200);
    expect((await server.call('Product/List', {}, key)).status).toBe(401);
    // Once the owner no longer holds the key's role, the key stops.
    await server.database.db.delete(roleGrants).where(eq(roleGrants.target, 'ApiKey'));
    server.app.services.access.invalidate();
  });
});

describe('calling with a key', () => {
  it("limits the key to its role's grants", async () => {
    const { key } = await makeKey({ Role: 'viewer' });
    const list = await server.call('Product/List', { PageSize: 5 }, key);
    expect(list.status).toBe(200);
    expect(list.body.Data.Data.length).toBeGreaterThan(0);
    const add = await server.call('Product/AddNew', { Name: 'by key', Sku: 'KEY-1', Price: 1 }, key);
    expect(add.status).toBe(403);
    // Administration is not the viewer's, even though the key's owner is an administrator.
    expect((await server.call('GlobalAppSetting/SaveSettings', { Security: {} }, key)).status).toBe(403);
  });

  it('audits every change under the key name, as its owner', async () => {
    const { key, id } = await makeKey({ Name: 'importer', Role: 'admin' });
    const add = await server.call(
      'Product/AddNew',
      { Name: 'by key', Sku: 'KEY-2', Price: 2, Quantity: 1 },
      key,
    );
    expect(add.status, add.text).toBe(200);
    const [entry] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'record_create'), eq(auditLog.resource, 'Product')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry?.recordId).toBe(String(add.body.Data.Id));
    expect(entry?.details).toMatchObject({ apiKey: 'importer', apiKeyId: id });
    expect(entry?.userId).not.toBeNull();
  });

  it('answers 401 to an unknown, expired or revoked key', async () => {
    expect((await server.call('Product/List', {}, `pwk_${'A'.repeat(43)}`)).status).toBe(401);
    const expired = await makeKey({ Name: 'expiring' });
    await server.database.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, expired.id));
    const res = await server.call('Product/List', {}, expired.key);
    expect(res.status).toBe(401);
    expect(res.body.error_description).toMatch(/expired/);
    const revoked = await makeKey({ Name: 'revoked' });
    expect((await server.call('Product/List', {}, revoked.key)).status).toBe(200);
    expect((await server.call('ApiKey/Revoke', { Id: revoked.id }, admin)).status).toBe(200);
    const after = await server.call('Product/List', {}, revoked.key);
    expect(after.status).toBe(401);
    expect(after.body.error_description).toMatch(/revoked/);
  });

  it('keeps working past the idle limit that ends sessions', async () => {
    await server.setSetting('ui_app_config', {
      hasCheckIdle: true,
      checkIdleSecond: 5,
      checkIdleCountdown: 2,
    });
    try {
      const session = await server.signIn();
      // Made with the fresh session: the file's administrator session may have been still for longer
      // than this short idle limit on a busy machine, and would end here.
      const { key, id } = await makeKey({ Name: 'idle' }, session);
      expect((await server.call('Product/List', {}, key)).status).toBe(200);
      const idleSince = new Date(Date.now() - 60_000);
      const sid = JSON.parse(Buffer.from(session.split('.')[1] ?? '', 'base64url').toString()).sid;
      await server.database.db.update(sessions).set({ lastSeenAt: idleSince }).where(eq(sessions.id, sid));
      await server.database.db.update(apiKeys).set({ lastUsedAt: idleSince }).where(eq(apiKeys.id, id));
      expect((await server.call('Product/List', {}, session)).status).toBe(401);
      expect((await server.call('Product/List', {}, key)).status).toBe(200);
    } finally {
      await server.setSetting('ui_app_config', {});
    }
  });

  it('is refused from an address outside its allowed ones', async () => {
    const elsewhere = await makeKey({ Name: 'office only', AllowedAddresses: ['10.0.0.0/8'] });
    const refused = await server.call('Product/List', {}, elsewhere.key);
    expect(refused.status).toBe(401);
    expect(refused.body.error_description).toMatch(/address/);
    const here = await makeKey({ Name: 'this host', AllowedAddresses: ['127.0.0.1', '10.0.0.0/8'] });
    expect((await server.call('Product/List', {}, here.key)).status).toBe(200);
  });

  it('never opens a session: no sign-out, password change, second factor, key making or live stream', async () => {
    const { key } = await makeKey({ Name: 'no session', Role: 'admin' });
    const before = (await server.database.db.select().from(sessions)).length;
    for (const name of [
      'Account/Logout',
      'Account/KeepAlive',
      'Account/ChangePassword',
      'Aauth2FA/Setup',
      'ApiKey/AddNew',
      'ApiKey/List',
    ]) {
      const res = await server.call(name, { Name: 'x', Role: 'admin' }, key);
      expect(res.status, name).toBe(401);
    }
    const stream = await server.fetch(`/api/v1/NotificationHub?access_token=${key}`);
    expect(stream.status).toBeGreaterThanOrEqual(400);
    await stream.body?.cancel();
    expect((await server.database.db.select().from(sessions)).length).toBe(before);
    // Reading one's profile stays open (a script's "who am I").
    expect((await server.call('Account/MyProfile', {}, key)).status).toBe(200);
  });

  it('is throttled per key', async () => {
    const first = await makeKey({ Name: 'busy' });
    const second = await makeKey({ Name: 'quiet' });
    const statuses: number[] = [];
    for (let i = 0; i < RATE + 2; i++)
      statuses.push((await server.call('Category/List', {}, first.key)).status);
    expect(statuses.slice(0, RATE - 2).every((s) => s === 200)).toBe(true);
    const limited = await server.call('Category/List', {}, first.key);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another key is not slowed by the first.
    expect((await server.call('Category/List', {}, second.key)).status).toBe(200);
  });
});
