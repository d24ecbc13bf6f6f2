import { screenNodeSchema } from '@panelwright/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screens } from '../../db/schema';
import { startTestServer, type TestServer } from '../../testing/harness';

let server: TestServer;
let token: string;
let tabId: string;
let publicId: string;

const screenConfig = JSON.stringify({
  Page: { isGetOptions: true, sizePerPage: 20, title: 'Customers' },
  Header: { showAddNew: true, buttonList: [{ Name: 'Sync', APIName: 'Customer', APIMethod: 'Sync' }] },
});
const dashboard = JSON.stringify({ columns: 12, widgets: [{ x: 0, y: 0, w: 6, h: 4, UIType: 'chart' }] });

beforeAll(async () => {
  server = await startTestServer();
  token = await server.signIn();
  const db = server.database.db;
  const [tab] = await db
    .insert(screens)
    .values({
      uiUrl: '/customers',
      screenCode: 'customers',
      title: 'Customers',
      uiType: 'tab',
      screenConfig,
      requestData: '{"Region":"north"}',
    })
    .returning();
  tabId = tab!.id;
  const [board] = await db
    .insert(screens)
    .values({
      parentId: tabId,
      uiUrl: '',
      screenCode: 'customers-board',
      title: 'Overview',
      uiType: 'dashboard',
      uiTypeContents: dashboard,
      orderNo: 2,
    })
    .returning();
  await db.insert(screens).values([
    {
      parentId: tabId,
      uiUrl: '',
      screenCode: 'customers-list',
      title: 'List',
      uiType: 'table',
      apiName: 'Customer',
      orderNo: 1,
    },
    { parentId: tabId, uiUrl: '', screenCode: 'customers-off', title: 'Off', isEnabled: false },
    {
      parentId: board!.id,
      uiUrl: '',
      screenCode: 'customers-chart',
      title: 'By month',
      uiType: 'chart',
      apiName: 'Customer',
      apiMethod: 'ByMonth',
      screenConfig: JSON.stringify({ Chart: { chartType: 'bar', fX: 'Month', fY: ['Count'] } }),
    },
  ]);
  const [about] = await db
    .insert(screens)
    .values({ uiUrl: '/about', screenCode: 'about', title: 'About', uiType: 'mypage', isPublic: true })
    .returning();
  publicId = about!.id;
  // Rows written behind the product's back are served after a refresh (or the cache's lifetime).
  await server.call('Cache/Refresh', { Id: 'Screens' }, token);
});
afterAll(() => server.close());

/** `null` asks as a guest. */
const options = (ScreenGUID: string, auth: string | null = token) =>
  server.call('AppScreenUIControlSetting/Options', { ScreenGUID }, auth ?? undefined);

describe('AppScreenUIControlSetting/Options', () => {
  it('answers the screen tree: a tab with its ordered, enabled contents, to any depth', async () => {
    const res = await options(tabId);
    expect(res.body.StatusCode).toBe(1);
    const tree = screenNodeSchema.parse(res.body.Data);
    expect(tree).toMatchObject({
      Id: tabId,
      ScreenCode: 'customers',
      Title: 'Customers',
      UIType: 'tab',
      RequestData: '{"Region":"north"}',
      ButtonList: [{ Name: 'Sync', APIName: 'Customer', APIMethod: 'Sync' }],
      ChartConfig: null,
      Configs: { UITypeContents: '' },
    });
    expect(JSON.parse(tree.Configs.ScreenConfig)).toEqual(JSON.parse(screenConfig));
    expect(tree.Contents.map((c) => c.ScreenCode)).toEqual(['customers-list', 'customers-board']);
    const [list, board] = tree.Contents;
    expect(list).toMatchObject({ UIType: 'table', APIName: 'Customer', APIMethod: 'List', Contents: [] });
    expect(JSON.parse(board!.Configs.UITypeContents ?? '')).toEqual(JSON.parse(dashboard));
    expect(board!.Contents).toHaveLength(1);
    expect(board!.Contents[0]).toMatchObject({
      ScreenCode: 'customers-chart',
      APIMethod: 'ByMonth',
      ChartConfig: { chartType: 'bar', fX: 'Month', fY: ['Count'] },
    });
  });

  it('keeps contents out of the route list', async () => {
    const list = await server.call('ConfigMenu/CategoryScreenList', {}, token);
    const codes = list.body.Data.map((s: { ScreenCode: string }) => s.ScreenCode);
    expect(codes).toContain('customers');
    expect(codes).not.toContain('customers-list');
  });

  it('answers guests for public screens only', async () => {
    expect((await options(publicId, null)).body.StatusCode).toBe(1);
    const privateOne = await options(tabId, null);
    expect(privateOne.status).toBe(401);
  });

  it('says so for an unknown or disabled screen, and wants a GUID', async () => {
    const unknown = await options('00000000-0000-4000-8000-000000000000');
    expect(unknown.body).toMatchObject({ StatusCode: 0, Data: null });
    expect(unknown.body.Msg).toMatch(/does not exist/);
    const bad = await options("x' or 1=1 --");
    expect(bad.status).toBe(400);
    expect(bad.body.error_description).toMatch(/^ScreenGUID:/);
  });

  it('is cached until a refresh of the screens', async () => {
    await server.database.db.update(screens).set({ title: 'Clients' }).where(eq(screens.id, tabId));
    expect((await options(tabId)).body.Data.Title).toBe('Customers');
    await server.call('Cache/Refresh', { Id: 'Screens' }, token);
    expect((await options(tabId)).body.Data.Title).toBe('Clients');
  });
});
