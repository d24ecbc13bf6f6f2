import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleGrants, roles, sales, users } from '../../db/schema';
import { startTestServer, type TestServer } from '../../testing/harness';

let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signIn();
  await server.database.db.insert(sales).values([
    { soldOn: '2026-01-10', region: 'north', channel: 'shop', quantity: 2, amount: '100.50' },
    { soldOn: '2026-01-20', region: 'south', channel: 'online', quantity: 1, amount: '50' },
    { soldOn: '2026-02-03', region: 'north', channel: 'online', quantity: 5, amount: '20.25' },
    { soldOn: '2026-03-15', region: 'central', channel: 'partner', quantity: 3, amount: '300' },
  ]);
});
afterAll(() => server.close());

describe('Stats', () => {
  it('answers sales per month as rows and chart data, oldest first, filtered by the RequestData region', async () => {
    const res = await server.call('Stats/SalesByMonth', {}, admin);
    expect(res.body.StatusCode).toBe(1);
    expect(res.body.Data.Data).toEqual([
      { Month: '2026-01', Amount: 150.5, Quantity: 3, Count: 2 },
      { Month: '2026-02', Amount: 20.25, Quantity: 5, Count: 1 },
      { Month: '2026-03', Amount: 300, Quantity: 3, Count: 1 },
    ]);
    expect(res.body.Data.ExtraData.ChartData).toEqual({
      labels: ['2026-01', '2026-02', '2026-03'],
      datasets: [
        { label: 'Amount', data: [150.5, 20.25, 300] },
        { label: 'Quantity', data: [3, 5, 3] },
      ],
    });
    const north = await server.call(
      'Stats/SalesByMonth',
      { RequestData: { Region: 'north', Months: 1 } },
      admin,
    );
    expect(north.body.Data.Data).toEqual([{ Month: '2026-02', Amount: 20.25, Quantity: 5, Count: 1 }]);
  });

  it('answers by region and channel with their option texts, totals, and products per category', async () => {
    const regions = (await server.call('Stats/SalesByRegion', {}, admin)).body.Data;
    expect(regions.ExtraData.ChartData).toEqual({
      labels: ['Central', 'North', 'South'],
      datasets: [{ label: 'Amount', data: [300, 120.75, 50] }],
    });
    const channels = (await server.call('Stats/SalesByChannel', {}, admin)).body.Data;
    expect(channels.ExtraData.ChartData.labels).toEqual(['Online', 'Partner', 'Shop']);
    const totals = (await server.call('Stats/Totals', {}, admin)).body.Data;
    expect(totals.Data).toEqual([{ Sales: 4, Revenue: 470.75, Quantity: 11, Events: 0, Places: 0 }]);
    const categories = (await server.call('Stats/ProductsByCategory', {}, admin)).body.Data;
    expect(categories).toMatchObject({ Data: [], Total: 0 });
  });

  it('is for signed-in users allowed to list the resource, and checks its body', async () => {
    expect((await server.call('Stats/Totals', {})).status).toBe(401);
    const staff = await server.createUser('stats-staff');
    expect((await server.call('Stats/Totals', {}, staff.token)).body.StatusCode).toBe(1);
    const bad = await server.call('Stats/SalesByMonth', { RequestData: { Months: 0 } }, admin);
    expect(bad.status).toBe(400);
    expect(bad.body.error_description).toMatch(/^RequestData\.Months: /);
  });

  it('counts only the rows the caller may list: its row rule, and no figure of a resource without a grant', async () => {
    const db = server.database.db;
    const seller = await server.createUser('stats-own-sales');
    await db.insert(roles).values({ code: 'own-sales', name: 'Own sales' });
    await db
      .insert(roleGrants)
      .values({ roleCode: 'own-sales', target: 'Sale', canList: true, rowRule: 'own' });
    await db
      .update(users)
      .set({ roles: ['own-sales'] })
      .where(eq(users.id, seller.id));
    server.app.services.access.invalidate();
    // Sales have no rows of one's own: an own-rows grant lists none, and the figures count none.
    const listed = await server.call('Sale/List', { Page: 1, PageSize: 50 }, seller.token);
    expect(listed.body.Data.Total).toBe(0);
    const totals = await server.call('Stats/Totals', {}, seller.token);
    expect(totals.body.Data.Data).toEqual([{ Sales: 0, Revenue: 0, Quantity: 0 }]);
    for (const chart of ['SalesByMonth', 'SalesByRegion', 'SalesByChannel']) {
      const answer = await server.call(`Stats/${chart}`, {}, seller.token);
      expect(answer.body.Data.Data, chart).toEqual([]);
    }
    // Without a grant on products, no chart of them.
    expect((await server.call('Stats/ProductsByCategory', {}, seller.token)).status).toBe(403);
  });
});
