import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import type { LiveEvent } from '../../lib/events';
import { signInAs } from '../../testing/demo';
import { startTestServer, type TestServer } from '../../testing/harness';

let server: TestServer;
let admin: string;
const events: LiveEvent[] = [];

beforeAll(async () => {
  server = await startTestServer({ demoProducts: 120 });
  admin = await server.signIn();
  server.app.services.events.subscribe((event) => events.push(event));
});
afterAll(() => server.close());

const detail = async (id: number) => (await server.call('Product/Detail', { Id: id }, admin)).body.Data;

describe('Product/Restock', () => {
  it('adds the amount through UpdateFields: audited, published, Msg for the toast', async () => {
    const before = await detail(7);
    const res = await server.call('Product/Restock', { Id: 7, Amount: 10 }, admin);
    expect(res.body.StatusCode).toBe(1);
    expect(res.body.Data.Quantity).toBe(before.Quantity + 10);
    expect(res.body.Data.IM_ReturnTime > before.IM_ReturnTime).toBe(true);
    expect(res.body.Msg).toMatch(/^Restocked .*: \d+ in stock\.$/);
    expect(events).toContainEqual({ type: 'data-changed', data: { APIName: 'Product', Id: 7 } });
    const audits = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'record_update'), eq(auditLog.recordId, '7')));
    expect(audits.length).toBeGreaterThan(0);
  });

  it('defaults to 10, refuses locked rows and bad amounts', async () => {
    const before = await detail(8);
    expect((await server.call('Product/Restock', { Id: 8 }, admin)).body.Data.Quantity).toBe(
      before.Quantity + 10,
    );
    const locked = await server.call('Product/Restock', { Id: 100 }, admin);
    expect(locked.body).toMatchObject({ StatusCode: 0, Msg: 'This record is locked.' });
    expect((await server.call('Product/Restock', { Id: 8, Amount: 0 }, admin)).status).toBe(400);
    expect((await server.call('Product/Restock', { Id: 'x' }, admin)).status).toBe(400);
    expect((await server.call('Product/Restock', { Id: 8 })).status).toBe(401);
  });

  it('needs the role to change products', async () => {
    const viewer = await signInAs(server, 'vera', 'staff');
    // Staff may change products in the demo, so the call goes through for them.
    expect((await server.call('Product/Restock', { Id: 9 }, viewer)).body.StatusCode).toBe(1);
  });
});

describe('Product/CheckDetails', () => {
  it('shows the modal for unlocked rows, with the row as FormData', async () => {
    const res = await server.call('Product/CheckDetails', { Id: 5 }, admin);
    expect(res.body.Data.Config).toMatchObject({ IsShow: true, FormData: { Id: 5, Sku: 'SKU-000005' } });
  });

  it('keeps it closed for locked rows, and answers a missing row as a business failure', async () => {
    expect((await server.call('Product/CheckDetails', { Id: 100 }, admin)).body.Data.Config.IsShow).toBe(
      false,
    );
    expect((await server.call('Product/CheckDetails', { Id: 99999 }, admin)).body.StatusCode).toBe(0);
  });
});

describe('the Product screen configuration', () => {
  it('carries the row expansion, the demo action columns and UI_DefaultShowExpand', async () => {
    const options = await server.call('Product/Options', {}, admin);
    expect(JSON.parse(options.body.Data.Configs.ScreenConfig).Table.expand).toEqual({
      fields: 'Description,Attributes,NotesHtml',
    });
    const list = await server.call('Product/List', { PageSize: 2, Filters: [] }, admin);
    const columns = list.body.Data.ExtraData.Columns;
    expect(JSON.parse(columns.UI_Restock.Type.more).api).toMatchObject({ name: 'Restock' });
    // Reload is an item of the row's actions menu (issue 25: no column of buttons among the data).
    const actions = JSON.parse(columns.UI_Actions.Type.more).actions as { title: string }[];
    expect(actions).toHaveLength(4);
    expect(actions[0]).toMatchObject({ title: 'Reload' });
    expect(list.body.Data.Data[0]).toHaveProperty('UI_DefaultShowExpand', false);
  });
});
