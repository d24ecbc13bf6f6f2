import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, fileEntries, places, sales, screens } from '../db/schema';
import { startTestServer, type TestServer } from '../testing/harness';
import { seed } from '.';
import { DEMO_SCREENS, WORKSPACE_SCREENS } from './workspace-screens';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer({ demoProducts: 20, workspaceScreens: true });
  token = await server.signIn();
});
afterAll(() => server.close());

const count = async (table: typeof events | typeof places | typeof sales | typeof fileEntries) =>
  (await server.database.db.select({ n: sql<number>`cast(count(*) as integer)` }).from(table))[0]?.n;

const tree = async (code: string) => {
  const [row] = await server.database.db.select().from(screens).where(eq(screens.screenCode, code));
  const res = await server.call('AppScreenUIControlSetting/Options', { ScreenGUID: row!.id }, token);
  expect(res.body.StatusCode).toBe(1);
  return res.body.Data;
};

describe('the seeded workspace and demo screens', () => {
  it('lists every route screen for signed-in users', async () => {
    const list = (await server.call('ConfigMenu/CategoryScreenList', {}, token)).body.Data;
    const urls = list.map((s: { UIUrl: string }) => s.UIUrl);
    for (const screen of [...WORKSPACE_SCREENS, ...DEMO_SCREENS]) expect(urls).toContain(screen.uiUrl);
    expect(list.find((s: { ScreenCode: string }) => s.ScreenCode === 'calendar')).toMatchObject({
      UIType: 'calendar',
      APIName: 'Event',
    });
  });

  it('answers the tab tree with its contents in order, each with its UI type and RequestData', async () => {
    const workspace = await tree('workspace');
    expect(workspace.UIType).toBe('tab');
    expect(workspace.Contents.map((c: any) => [c.ScreenCode, c.UIType, c.APIName])).toEqual([
      ['workspace-sales', 'report', 'Sale'],
      ['workspace-events', 'report', 'Event'],
      ['workspace-products', 'table', 'Product'],
      ['workspace-calendar', 'calendar', 'Event'],
    ]);
    expect(JSON.parse(workspace.Contents[0].RequestData)).toEqual({ Tab: 'sales' });
    expect(JSON.parse(workspace.Contents[0].Config)).toEqual({ showCount: true });
    expect(JSON.parse(workspace.Contents[0].Configs.ScreenConfig).Filter.items).toHaveLength(4);
  });

  it('answers dashboards whose widgets name existing contents', async () => {
    for (const code of ['dashboard', 'demo_dashboard_one', 'demo_chartjs', 'demo_ggchart']) {
      const board = await tree(code);
      const layout = JSON.parse(board.Configs.UITypeContents);
      expect(layout.columns).toBe(12);
      const contentCodes = board.Contents.map((c: any) => c.ScreenCode);
      for (const widget of layout.widgets) {
        if (widget.ScreenCode) expect(contentCodes).toContain(widget.ScreenCode);
        else expect(widget.UIType).toBeTruthy();
      }
    }
    const chart = (await tree('dashboard')).Contents[0];
    expect(chart).toMatchObject({ UIType: 'chart', APIName: 'Stats', APIMethod: 'SalesByMonth' });
    expect(chart.ChartConfig).toMatchObject({ chartType: 'line', fX: 'Month' });
    const myui = await tree('demo_myui');
    const payslip = myui.Contents.find((c: any) => c.UIType === 'otp_protected');
    expect(payslip.Contents[0].UIType).toBe('mypage');
  });

  it('seeds screens once: a removed screen does not come back at the next start', async () => {
    const before = await server.database.db.select({ code: screens.screenCode }).from(screens);
    await server.database.db.delete(screens).where(eq(screens.screenCode, 'map'));
    await seed(server.database.db, server.config, { workspaceScreens: true });
    const after = await server.database.db.select({ code: screens.screenCode }).from(screens);
    expect(after).toHaveLength(before.length - 1);
  });

  it('seeds the sample rows with the demo data, once', async () => {
    expect(await count(events)).toBe(16);
    expect(await count(places)).toBe(8);
    expect(await count(sales)).toBe(360);
    expect(await count(fileEntries)).toBe(2);
    await seed(server.database.db, server.config, { demoProducts: 20, workspaceScreens: true });
    expect(await count(sales)).toBe(360);
    const totals = await server.call('Stats/Totals', {}, token);
    expect(totals.body.Data.Data[0]).toMatchObject({ Sales: 360, Events: 16, Places: 8 });
  });
});
