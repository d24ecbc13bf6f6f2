import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sales, users } from '../../db/schema';
import { TEST_PRODUCTS } from '../../testing/demo';
import { startTestServer, type TestServer } from '../../testing/harness';
import { FIGURE_PERIOD_DAYS } from './start-pages';

let server: TestServer;
let admin = '';

const DAY = 24 * 60 * 60 * 1000;
const isoDay = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY).toISOString().slice(0, 10);

beforeAll(async () => {
  server = await startTestServer({ demoProducts: TEST_PRODUCTS, workspaceScreens: true });
  admin = await server.signIn();
  await server.database.db.insert(sales).values([
    { soldOn: isoDay(1), region: 'north', amount: '100.50' },
    { soldOn: isoDay(2), region: 'north', amount: '49.50' },
    { soldOn: isoDay(FIGURE_PERIOD_DAYS + 5), region: 'south', amount: '30.00' },
  ]);
});
afterAll(() => server.close());

describe('Home/Start', () => {
  it('gives the administrator figures of this period and the one before, from the rows themselves', async () => {
    const all = await server.database.db.select().from(sales);
    const inWindow = (from: number, to: number) =>
      all.filter((row) => row.soldOn >= isoDay(from) && row.soldOn < isoDay(to));
    const current = inWindow(FIGURE_PERIOD_DAYS, -1);
    const previous = inWindow(2 * FIGURE_PERIOD_DAYS, FIGURE_PERIOD_DAYS);
    const sum = (rows: typeof all) => rows.reduce((total, row) => total + Number(row.amount), 0);

    const res = await server.call('Home/Start', {}, admin);
    expect(res.body.StatusCode, res.text).toBe(1);
    const page = res.body.Data;
    const revenue = page.Figures.find((f: { Code: string }) => f.Code === 'revenue');
    expect(revenue.Value).toBeCloseTo(sum(current), 2);
    expect(revenue.Previous).toBeCloseTo(sum(previous), 2);
    expect(revenue.Format).toBe('money');
    const count = page.Figures.find((f: { Code: string }) => f.Code === 'sales');
    expect(count.Value).toBe(current.length);
    expect(count.Previous).toBe(previous.length);
    expect(page.Chart.Title).toBe('Sales by month');
    expect(page.Shortcuts.map((s: { Url: string }) => s.Url)).toContain('/data/products');
    expect(page.Search.map((s: { Api: string }) => s.Api)).toContain('Product');
  });

  it('lists record changes in the activity: everyone’s for an administrator, only their own for others', async () => {
    const list = await server.call('Product/List', { Page: 1, PageSize: 1 }, admin);
    const id = list.body.Data.Data[0].Id;
    const changed = await server.call(
      'Product/UpdateFields',
      { Id: id, Values: [{ FieldName: 'Name', NewValue: 'Start page lamp' }] },
      admin,
    );
    expect(changed.body.StatusCode, changed.text).toBe(1);
    const page = (await server.call('Home/Start', {}, admin)).body.Data;
    expect(page.Activity[0]).toMatchObject({ Action: 'changed', Resource: 'Products', RecordId: String(id) });
    expect(page.Activity[0].Who).toBeTruthy();

    const staff = await server.createUser('start-page-staff');
    const theirs = (await server.call('Home/Start', {}, staff.token)).body.Data;
    expect(theirs.Activity).toEqual([]);
    // Shortcuts are only menu entries the caller can open: no studio, no user administration.
    const urls = theirs.Shortcuts.map((s: { Url: string }) => s.Url);
    expect(urls).not.toContain('/admin/users');
    expect(urls).not.toContain('/studio');
  });

  it('refuses a caller without a session', async () => {
    const res = await server.call('Home/Start', {});
    expect(res.status).toBe(401);
  });
});

describe('the colour mode of a user', () => {
  it('is kept on the server and refused when it is not system, light or dark', async () => {
    const user = await server.createUser('colour-mode-user');
    const initial = await server.call('Account/MyProfile', {}, user.token);
    expect(initial.body.Data.ColorMode).toBe('system');
    const dark = await server.call(
      'Account/UpdateFields',
      { Values: [{ FieldName: 'ColorMode', NewValue: 'dark' }] },
      user.token,
    );
    expect(dark.body.Data.ColorMode).toBe('dark');
    const bad = await server.call(
      'Account/UpdateFields',
      { Values: [{ FieldName: 'ColorMode', NewValue: 'purple' }] },
      user.token,
    );
    expect(bad.body.StatusCode).toBe(0);
    expect(bad.body.Msg).toBe('ColorMode: must be system, light or dark');
    const [stored] = await server.database.db.select().from(users).where(eq(users.id, user.id));
    expect(stored?.colorMode).toBe('dark');
  });

  it('is audited as a colour mode change of its own, not as a profile update', async () => {
    const user = await server.createUser('colour-audit-user');
    await server.call(
      'Account/UpdateFields',
      { Values: [{ FieldName: 'ColorMode', NewValue: 'light' }] },
      user.token,
    );
    const rows = await server.database.db.select().from(auditLog).where(eq(auditLog.userId, user.id));
    const actions = rows.map((row) => row.action);
    expect(actions).toContain('color_mode_change');
    expect(actions).not.toContain('profile_update');
    expect(rows.find((row) => row.action === 'color_mode_change')?.details).toEqual({ mode: 'light' });
    // The audit screen says it in words.
    const list = await server.call(
      'AuditLog/List',
      {
        Page: 1,
        PageSize: 50,
        Filters: [{ FieldName: 'Action', Type: 'select', Value: 'color_mode_change' }],
      },
      admin,
    );
    expect(list.body.Data.Data.map((row: { Action: string }) => row.Action)).toContain(
      'Changed the colour mode',
    );
  });
});
