import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSettings, auditLog } from '../../db/schema';
import { startTestServer, type TestServer } from '../../testing/harness';

let server: TestServer;
let adminToken: string;

beforeAll(async () => {
  server = await startTestServer();
  adminToken = await server.signIn();
});
afterAll(() => server.close());

const siteName = async () =>
  (await server.call('GlobalAppSetting/FisrtSetting')).body.Data.UIAppConfig.siteName as string;

describe('Cache/Refresh', () => {
  it('clears every cache with ALL, and records who did it', async () => {
    expect(await siteName()).toBe('Admin');
    await server.database.db
      .update(appSettings)
      .set({ value: { siteName: 'Back office' } })
      .where(eq(appSettings.key, 'ui_app_config'));
    expect(await siteName()).toBe('Admin');
    const res = await server.call('Cache/Refresh', { Id: 'ALL' }, adminToken);
    expect(res.body).toMatchObject({ StatusCode: 1, Data: true });
    expect(await siteName()).toBe('Back office');
    const rows = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'cache_refresh')));
    expect(rows.at(-1)?.details).toEqual({ Id: 'ALL' });
  });

  it('answers a business failure naming the known caches for an unknown key', async () => {
    const res = await server.call('Cache/Refresh', { Id: 'Nope' }, adminToken);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ StatusCode: 0, Data: null });
    expect(res.body.Msg).toBe(
      'There is no cache named "Nope". Known caches: ALL, Configuration, Access, Screens, Settings, Menus.',
    );
  });

  it('is for administrators: staff get 403, guests 401, and a missing Id is a 400', async () => {
    const staff = await server.createUser('cache-staff');
    const forbidden = await server.call('Cache/Refresh', { Id: 'ALL' }, staff.token);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toMatchObject({ status: 403, error: 'forbidden' });
    expect((await server.call('Cache/Refresh', { Id: 'ALL' })).status).toBe(401);
    expect((await server.call('Cache/Refresh', {}, adminToken)).status).toBe(400);
  });
});
