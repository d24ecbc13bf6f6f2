import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screens } from '../../db/schema';
import { startTestServer, TEST_ADMIN, type TestServer } from '../../testing/harness';

const SCREEN = 'views-test';
let server: TestServer;
let adminToken: string;
let carol: { id: number; token: string };

beforeAll(async () => {
  server = await startTestServer();
  adminToken = await server.signIn(TEST_ADMIN.username, TEST_ADMIN.password);
  carol = await server.createUser('carol');
  await server.database.db
    .insert(screens)
    .values({ uiUrl: '/views-test', screenCode: SCREEN, title: 'Views' });
});
afterAll(async () => {
  await server.close();
});

const columns = [
  { Field: 'Title', Visible: true },
  { Field: 'Status', Visible: false },
  { Field: 'Id', Visible: true },
];

describe('each user keeps their own view of a table', () => {
  it('has none at first, keeps what is saved, per user', async () => {
    const none = await server.call('TableView/Get', { ScreenCode: SCREEN }, adminToken);
    expect(none.body).toMatchObject({ StatusCode: 1, Data: { ScreenCode: SCREEN, Columns: [] } });
    const saved = await server.call('TableView/Save', { ScreenCode: SCREEN, Columns: columns }, adminToken);
    expect(saved.body.Data.Columns).toEqual(columns);
    const again = await server.call('TableView/Get', { ScreenCode: SCREEN }, adminToken);
    expect(again.body.Data.Columns).toEqual(columns);
    // Another user's view is their own.
    const others = await server.call('TableView/Get', { ScreenCode: SCREEN }, carol.token);
    expect(others.body.Data.Columns).toEqual([]);
  });

  it('replaces the view on a new save, keeps a field once, and forgets it on an empty save', async () => {
    await server.call(
      'TableView/Save',
      { ScreenCode: SCREEN, Columns: [...columns.slice().reverse(), { Field: 'Id', Visible: false }] },
      carol.token,
    );
    const reordered = await server.call('TableView/Get', { ScreenCode: SCREEN }, carol.token);
    expect(reordered.body.Data.Columns.map((c: { Field: string }) => c.Field)).toEqual([
      'Id',
      'Status',
      'Title',
    ]);
    await server.call('TableView/Save', { ScreenCode: SCREEN, Columns: [] }, carol.token);
    const forgotten = await server.call('TableView/Get', { ScreenCode: SCREEN }, carol.token);
    expect(forgotten.body.Data.Columns).toEqual([]);
  });

  it('refuses an unknown screen, bad field names and guests, without a 5xx', async () => {
    const unknown = await server.call(
      'TableView/Save',
      { ScreenCode: 'no-such-screen', Columns: columns },
      carol.token,
    );
    expect(unknown.status).toBe(200);
    expect(unknown.body).toMatchObject({ StatusCode: 0, Msg: 'This screen does not exist.' });
    const bad = await server.call(
      'TableView/Save',
      { ScreenCode: SCREEN, Columns: [{ Field: 'x; drop table users', Visible: true }] },
      carol.token,
    );
    expect(bad.status).toBe(400);
    const guest = await server.call('TableView/Get', { ScreenCode: SCREEN });
    expect(guest.status).toBe(401);
  });
});
