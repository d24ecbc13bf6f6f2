import { STATUS_BUSINESS_FAILURE, STATUS_SUCCESS } from '@panelwright/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  posLocations,
  posProducts,
  posPurchaseOrderLines,
  posPurchaseOrders,
  posStockMovements,
  posSuppliers,
} from '../../db/schema';
import { startTestServer, type TestServer } from '../../testing/harness';

let server: TestServer;
let admin = '';
let shop = 0;
let store = 0;
let supplier = 0;

beforeAll(async () => {
  server = await startTestServer({ workspaceScreens: true });
  admin = await server.signIn();
  const db = server.database.db;
  const [main, room] = await db
    .insert(posLocations)
    .values([
      { code: 'SHOP', name: 'Shop' },
      { code: 'ROOM', name: 'Store room' },
    ])
    .returning();
  shop = main?.id ?? 0;
  store = room?.id ?? 0;
  const [s] = await db.insert(posSuppliers).values({ name: 'Acme' }).returning();
  supplier = s?.id ?? 0;
});
afterAll(() => server.close());

let sku = 0;
/** A product with `stock` units at the shop, brought in by a received purchase order. */
async function product(price: string, taxRate: string, stock: number): Promise<number> {
  sku += 1;
  const db = server.database.db;
  const [row] = await db
    .insert(posProducts)
    .values({
      sku: `T-${sku}`,
      barcode: `20000000${String(sku).padStart(5, '0')}`,
      name: `Item ${sku}`,
      price,
      taxRate,
    })
    .returning();
  if (!row) throw new Error('no product');
  if (stock > 0) {
    const [order] = await db
      .insert(posPurchaseOrders)
      .values({ reference: `PO-T${sku}`, supplierId: supplier, locationId: shop })
      .returning();
    await db
      .insert(posPurchaseOrderLines)
      .values({ purchaseOrderId: order?.id ?? 0, productId: row.id, quantity: stock });
    const received = await server.call('PosPurchaseOrder/Receive', { Id: order?.id }, admin);
    expect(received.body.Data).toEqual({ Received: stock });
  }
  return row.id;
}

/** Stock at the shop as the movements add up, read straight from the table. */
async function stockOf(productId: number, locationId = shop): Promise<number> {
  const [row] = await server.database.db
    .select({ n: sql<number>`coalesce(sum(${posStockMovements.quantity}), 0)::int` })
    .from(posStockMovements)
    .where(
      sql`${posStockMovements.productId} = ${productId} and ${posStockMovements.locationId} = ${locationId}`,
    );
  return Number(row?.n);
}

const sell = (body: unknown, token = admin, on: TestServer = server) => on.call('Pos/Sell', body, token);

describe('selling a bill', () => {
  it('prices lines, line and bill discounts and taxes in minor units, takes payments with change', async () => {
    const a = await product('10.00', '10', 20);
    const b = await product('3.33', '5', 20);
    const answer = await sell({
      LocationId: shop,
      Customer: 'Nguyễn Văn A',
      Lines: [
        { ProductId: a, Quantity: 2, Discount: { Type: 'percent', Value: 1000 } },
        { ProductId: b, Quantity: 3 },
      ],
      Discount: { Type: 'amount', Value: 100 },
      Payments: [
        { Method: 'card', Amount: 1500 },
        { Method: 'cash', Amount: 2000 },
      ],
    });
    expect(answer.status).toBe(200);
    expect(answer.body.StatusCode).toBe(STATUS_SUCCESS);
    const bill = answer.body.Data;
    // 2000 - 200 = 1800 and 999 → 2799, less 100 shared 64/36 (largest remainder) → 1736 and 963.
    expect(bill.Lines.map((l: { Total: number }) => l.Total)).toEqual([1736 + 174, 963 + 48]);
    expect(bill).toMatchObject({
      Subtotal: 2999,
      Discount: 300,
      Tax: 222,
      Total: 2921,
      Paid: 3500,
      Change: 579,
    });
    expect(bill.Number).toMatch(/^B\d{6}$/);
    expect(bill.Payments).toEqual([
      { Method: 'card', Amount: 1500, Tendered: 1500 },
      { Method: 'cash', Amount: 1421, Tendered: 2000 },
    ]);
    expect(await stockOf(a)).toBe(18);
    expect(await stockOf(b)).toBe(17);
    // The same bill comes back by its number (the till's receipt and returns).
    const again = await server.call('Pos/Bill', { Number: bill.Number.toLowerCase() }, admin);
    expect(again.body.Data).toEqual(bill);
  });

  it('refuses short payments, change on a card, too large discounts and unknown products, changing nothing', async () => {
    const a = await product('5.00', '0', 3);
    const base = { LocationId: shop, Lines: [{ ProductId: a, Quantity: 1 }] };
    const short = await sell({ ...base, Payments: [{ Method: 'cash', Amount: 400 }] });
    expect(short.body).toMatchObject({
      StatusCode: STATUS_BUSINESS_FAILURE,
      Msg: 'The payments are 100 short of the total.',
    });
    const card = await sell({ ...base, Payments: [{ Method: 'card', Amount: 600 }] });
    expect(card.body.StatusCode).toBe(STATUS_BUSINESS_FAILURE);
    const discount = await sell({
      ...base,
      Discount: { Type: 'amount', Value: 501 },
      Payments: [{ Method: 'cash', Amount: 500 }],
    });
    expect(discount.body.StatusCode).toBe(STATUS_BUSINESS_FAILURE);
    expect(
      (
        await sell({
          ...base,
          Lines: [{ ProductId: 999_999, Quantity: 1 }],
          Payments: [{ Method: 'cash', Amount: 1 }],
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await sell({
          ...base,
          Lines: [{ ProductId: a, Quantity: 0 }],
          Payments: [{ Method: 'cash', Amount: 1 }],
        })
      ).status,
    ).toBe(400);
    expect(
      (await sell({ ...base, LocationId: 999_999, Payments: [{ Method: 'cash', Amount: 500 }] })).status,
    ).toBe(400);
    const tooMany = await sell({
      ...base,
      Lines: [{ ProductId: a, Quantity: 4 }],
      Payments: [{ Method: 'cash', Amount: 2000 }],
    });
    expect(tooMany.body).toMatchObject({
      StatusCode: STATUS_BUSINESS_FAILURE,
      Msg: expect.stringMatching(/^Only 3 of/),
    });
    expect(await stockOf(a)).toBe(3);
  });

  it('never writes bills, movements or reports through the generic protocol, not even an administrator', async () => {
    for (const name of ['PosBill', 'PosStockMovement', 'PosSalesByDay']) {
      const added = await server.call(`${name}/AddNew`, { DataForm: {} }, admin);
      expect(added.status).toBe(403);
    }
    expect((await server.call('PosBill/Delete', { Id: 1 }, admin)).status).toBe(403);
  });
});

describe('who may use the point of sale', () => {
  it('lets staff ring up at the till, viewers only read bills, and refuses the till to viewers with 403', async () => {
    const staff = await server.createUser('pos-staff', 'staff');
    const viewer = await server.createUser('pos-viewer', 'viewer');
    const locations = await server.call('Pos/Locations', {}, staff.token);
    expect(locations.body.StatusCode).toBe(STATUS_SUCCESS);
    const search = { LocationId: locations.body.Data[0].Id, Search: 'item' };
    expect((await server.call('Pos/Products', search, staff.token)).body.StatusCode).toBe(STATUS_SUCCESS);
    for (const [name, body] of [
      ['Pos/Products', search],
      ['Pos/Locations', {}],
    ] as const) {
      const refused = await server.call(name, body, viewer.token);
      expect(refused.status, name).toBe(403);
      expect(JSON.stringify(refused.body), name).toMatch(/permission missing/);
    }
    const bills = await server.call('PosBill/List', { Page: 1, PageSize: 1 }, admin);
    const billId = bills.body.Data.Data[0]?.Id;
    if (billId) {
      expect((await server.call('Pos/Bill', { Id: billId }, viewer.token)).body.StatusCode).toBe(
        STATUS_SUCCESS,
      );
    }
  });
});

describe('two tills selling the last unit at once', () => {
  it('lets exactly one of them succeed, every time', async () => {
    // A second server instance on the same database: a till of its own, with its own connections.
    const other = await startTestServer({ shareDatabaseWith: server, workspaceScreens: true });
    try {
      const otherToken = await other.signIn();
      for (let round = 0; round < 5; round++) {
        const last = await product('2.00', '10', 1);
        const body = {
          LocationId: shop,
          Lines: [{ ProductId: last, Quantity: 1 }],
          Payments: [{ Method: 'cash', Amount: 220 }],
        };
        const answers = await Promise.all([sell(body), sell(body, otherToken, other)]);
        const codes = answers.map((a) => a.body.StatusCode).sort();
        expect(codes).toEqual([STATUS_BUSINESS_FAILURE, STATUS_SUCCESS]);
        expect(answers.find((a) => a.body.StatusCode === STATUS_BUSINESS_FAILURE)?.body.Msg).toMatch(
          /^Only 0 of/,
        );
        expect(await stockOf(last)).toBe(0);
      }
    } finally {
      await other.close();
    }
  });
});

describe('returns against an earlier bill', () => {
  it('restores stock and refunds the lines exactly, and never more than was sold', async () => {
    const a = await product('3.00', '10', 10);
    const sold = (
      await sell({
        LocationId: shop,
        Lines: [{ ProductId: a, Quantity: 3 }],
        Discount: { Type: 'amount', Value: 100 },
        Payments: [{ Method: 'cash', Amount: 1000 }],
      })
    ).body.Data;
    expect(sold.Total).toBe(880);
    expect(await stockOf(a)).toBe(7);
    const lineId = sold.Lines[0].Id;
    const first = await server.call(
      'Pos/Return',
      { BillId: sold.Id, Lines: [{ LineId: lineId, Quantity: 1 }] },
      admin,
    );
    expect(first.body.StatusCode).toBe(STATUS_SUCCESS);
    expect(first.body.Data).toMatchObject({ Kind: 'return', OriginalBillId: sold.Id, Total: -293 });
    expect(first.body.Data.Number).toMatch(/^R\d{6}$/);
    expect(await stockOf(a)).toBe(8);
    const rest = await server.call(
      'Pos/Return',
      { BillId: sold.Id, Lines: [{ LineId: lineId, Quantity: 2 }], Method: 'card' },
      admin,
    );
    // The two refunds add up to what was paid for the line.
    expect(first.body.Data.Total + rest.body.Data.Total).toBe(-880);
    expect(await stockOf(a)).toBe(10);
    const again = await server.call(
      'Pos/Return',
      { BillId: sold.Id, Lines: [{ LineId: lineId, Quantity: 1 }] },
      admin,
    );
    expect(again.body).toMatchObject({
      StatusCode: STATUS_BUSINESS_FAILURE,
      Msg: expect.stringMatching(/^Only 0 of/),
    });
    expect((await server.call('Pos/Bill', { Id: sold.Id }, admin)).body.Data.Lines[0].Returned).toBe(3);
    expect(
      (
        await server.call(
          'Pos/Return',
          { BillId: first.body.Data.Id, Lines: [{ LineId: lineId, Quantity: 1 }] },
          admin,
        )
      ).body.StatusCode,
    ).toBe(STATUS_BUSINESS_FAILURE);
    expect(
      (await server.call('Pos/Return', { BillId: sold.Id, Lines: [{ LineId: 999_999, Quantity: 1 }] }, admin))
        .status,
    ).toBe(400);
    expect(await stockOf(a)).toBe(10);
  });
});

describe('purchase orders and stock', () => {
  it('receives an order once, adjusts stock by counted movements, and keeps stock the sum of its movements', async () => {
    const a = await product('1.00', '0', 0);
    const [order] = await server.database.db
      .insert(posPurchaseOrders)
      .values({ reference: 'PO-ONCE', supplierId: supplier, locationId: store })
      .returning();
    await server.database.db
      .insert(posPurchaseOrderLines)
      .values({ purchaseOrderId: order?.id ?? 0, productId: a, quantity: 12 });
    expect((await server.call('PosPurchaseOrder/Receive', { Id: order?.id }, admin)).body.Data).toEqual({
      Received: 12,
    });
    const twice = await server.call('PosPurchaseOrder/Receive', { Id: order?.id }, admin);
    expect(twice.body.StatusCode).toBe(STATUS_BUSINESS_FAILURE);
    expect(await stockOf(a, store)).toBe(12);
    expect(await stockOf(a, shop)).toBe(0);
    const adjust = await server.call(
      'Pos/AdjustStock',
      { ProductId: a, LocationId: store, Quantity: -2, Note: 'Broken' },
      admin,
    );
    expect(adjust.body.Data).toEqual({ Stock: 10 });
    const below = await server.call(
      'Pos/AdjustStock',
      { ProductId: a, LocationId: store, Quantity: -11 },
      admin,
    );
    expect(below.body.StatusCode).toBe(STATUS_BUSINESS_FAILURE);
    const kinds = await server.database.db
      .select({ kind: posStockMovements.kind, quantity: posStockMovements.quantity })
      .from(posStockMovements)
      .where(eq(posStockMovements.productId, a));
    expect(kinds).toEqual([
      { kind: 'receipt', quantity: 12 },
      { kind: 'adjustment', quantity: -2 },
    ]);
    // The stock-level view is the same sum, per location, through the resource protocol.
    const levels = await server.call(
      'PosStockLevel/List',
      { Page: 1, PageSize: 10, TextSearch: `T-${String(sku)}` },
      admin,
    );
    const rows = levels.body.Data.Data as { LocationId: number; Quantity: number }[];
    expect(rows.find((r) => r.LocationId === store)?.Quantity).toBe(10);
  });

  it('finds products by exact barcode or SKU, and by name', async () => {
    const a = await product('4.50', '8', 5);
    const [row] = await server.database.db.select().from(posProducts).where(eq(posProducts.id, a));
    const scan = await server.call('Pos/Products', { LocationId: shop, Code: row?.barcode }, admin);
    expect(scan.body.Data).toEqual([
      { Id: a, Sku: row?.sku, Barcode: row?.barcode, Name: row?.name, Price: 450, TaxRate: 800, Stock: 5 },
    ]);
    expect(
      (await server.call('Pos/Products', { LocationId: shop, Code: row?.sku.toLowerCase() }, admin)).body
        .Data,
    ).toHaveLength(1);
    expect(
      (await server.call('Pos/Products', { LocationId: shop, Search: `item ${sku}` }, admin)).body.Data[0].Id,
    ).toBe(a);
    expect((await server.call('Pos/Products', { LocationId: shop, Search: '%' }, admin)).body.Data).toEqual(
      [],
    );
  });
});

describe('the invoice and the reports', () => {
  it('stores the invoice PDF as a download and counts the sales in the report views', async () => {
    const a = await product('12.00', '10', 4);
    const bill = (
      await sell({
        LocationId: shop,
        Customer: 'Trần Thị Bích',
        Lines: [{ ProductId: a, Quantity: 2 }],
        Payments: [{ Method: 'transfer', Amount: 2640 }],
      })
    ).body.Data;
    const invoice = await server.call('Pos/InvoicePdf', { Id: bill.Id }, admin);
    expect(invoice.body.Data.FullPathName).toBe(`Invoice-${bill.Number}.pdf`);
    const download = await server.fetch(invoice.body.Data.FullPath);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await download.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await server.call('Pos/InvoicePdf', { Id: 999_999 }, admin)).status).toBe(404);

    const today = new Date().toISOString().slice(0, 10);
    const byDay = await server.call('PosSalesByDay/List', { Page: 1, PageSize: 10 }, admin);
    const row = (byDay.body.Data.Data as { Day: string; Bills: number; Total: number }[]).find(
      (r) => r.Day === today,
    );
    expect(row?.Bills).toBeGreaterThan(0);
    const byPayment = await server.call('PosSalesByPayment/List', { Page: 1, PageSize: 50 }, admin);
    const transfer = (byPayment.body.Data.Data as { Method: string; Amount: number; Day: string }[]).find(
      (r) => r.Method === 'transfer' && r.Day === today,
    );
    expect(transfer?.Amount).toBe(26.4);
    const byProduct = await server.call('PosSalesByProduct/List', { Page: 1, PageSize: 100 }, admin);
    expect((byProduct.body.Data.Data as { Id: number; Units: number }[]).find((r) => r.Id === a)?.Units).toBe(
      2,
    );
    const low = await server.call(
      'PosStockLevel/List',
      { Page: 1, PageSize: 500, RequestData: { Low: true } },
      admin,
    );
    const lows = low.body.Data.Data as { IsLow: boolean; Quantity: number; ReorderLevel: number }[];
    expect(lows.length).toBeGreaterThan(0);
    expect(lows.every((r) => r.IsLow && r.Quantity <= r.ReorderLevel)).toBe(true);
    const exported = await server.call('PosSalesByDay/Export', { Page: 1, PageSize: 10 }, admin);
    expect(exported.body.Data.FullPathName).toMatch(/^Sales per day-.*\.xlsx$/);
  });
});
