import {
  decimalToMinor,
  minorToDecimal,
  type PosPaymentInput,
  percentToBasisPoints,
  priceBill,
  settlePayments,
} from '@panelwright/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import {
  appSettings,
  posBillLines,
  posBills,
  posLocations,
  posPayments,
  posProducts,
  posPurchaseOrderLines,
  posPurchaseOrders,
  posStockMovements,
  posSuppliers,
  screens,
} from '../db/schema';
import { POS_RESOURCES } from '../modules/resources/declarations/pos';

/** Marks the point of sale's demo shop as seeded (once). */
export const POS_DEMO_MARKER = 'pos_demo_seeded';
export const POS_DEMO_PRODUCTS = 200;
/** Days of bills the demo shop has behind it. */
export const POS_DEMO_DAYS = 30;

/** Report screens over the report resources: totals under the figures, print and export. */
const REPORTS: Record<string, { columns: string[]; totals: string[]; filter?: unknown[] }> = {
  PosSalesByDay: {
    columns: ['Day', 'Bills', 'Returns', 'Net', 'Tax', 'Total'],
    totals: ['Bills', 'Returns', 'Net', 'Tax', 'Total'],
    filter: [{ fieldName: 'Day', type: 'daterange', title: 'Day' }],
  },
  PosSalesByProduct: {
    columns: ['Sku', 'Name', 'Units', 'Net', 'Total'],
    totals: ['Units', 'Net', 'Total'],
    filter: [{ fieldName: 'Name', type: 'search', title: 'Name' }],
  },
  PosSalesByPayment: {
    columns: ['Day', 'Method', 'Payments', 'Amount'],
    totals: ['Payments', 'Amount'],
    filter: [
      { fieldName: 'Day', type: 'daterange', title: 'Day' },
      { fieldName: 'Method', type: 'select', title: 'Method', optionKey: 'Method' },
    ],
  },
  PosStockLevel: {
    columns: ['Sku', 'Name', 'LocationId', 'Quantity', 'ReorderLevel', 'Cost', 'Value'],
    totals: ['Quantity', 'Value'],
    filter: [
      { fieldName: 'LocationId', type: 'select', title: 'Location', optionKey: 'Location' },
      { fieldName: 'Name', type: 'search', title: 'Name' },
    ],
  },
};

const reportConfig = (apiName: string) => {
  const report = REPORTS[apiName];
  if (!report) return null;
  return JSON.stringify({
    Filter: { items: report.filter ?? [] },
    Report: { columns: report.columns, totals: report.totals, pageSize: 2000 },
  });
};

/**
 * The point of sale's screens under the Sales group: its resources as tables, its reports (sales
 * per day, product and payment method, stock value) as reports, and the low-stock list. Seeded before
 * the demo resources' screens so that the reports keep their type. Never overwrites a screen.
 */
export async function seedPosScreens(db: Database): Promise<void> {
  const rows = POS_RESOURCES.map((resource) => {
    const config = reportConfig(resource.apiName);
    return {
      uiUrl: resource.screen.uiUrl,
      screenCode: resource.screen.code,
      title: resource.title,
      apiName: resource.apiName,
      uiType: config ? 'report' : 'table',
      screenConfig: config ?? '{}',
      orderNo: resource.screen.orderNo,
    };
  });
  rows.push({
    uiUrl: '/sales/low-stock',
    screenCode: 'pos_low_stock',
    title: 'Low stock',
    apiName: 'PosStockLevel',
    uiType: 'report',
    screenConfig: reportConfig('PosStockLevel') ?? '{}',
    orderNo: 73,
  });
  await db
    .insert(screens)
    .values(
      rows.map((row) => ({
        ...row,
        requestData: row.screenCode === 'pos_low_stock' ? '{"Low":true}' : '{}',
      })),
    )
    .onConflictDoNothing();
}

/** A valid EAN-13 from its first twelve digits. */
export function ean13(first12: string): string {
  const sum = [...first12].reduce((a, d, i) => a + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return `${first12}${(10 - (sum % 10)) % 10}`;
}

const ADJECTIVES = [
  'Fresh',
  'Classic',
  'Organic',
  'Golden',
  'Crisp',
  'Smoky',
  'Spicy',
  'Sweet',
  'Mild',
  'Royal',
];
const NOUNS = [
  'Coffee',
  'Green tea',
  'Rice noodles',
  'Fish sauce',
  'Jasmine rice',
  'Coconut milk',
  'Chili sauce',
  'Spring rolls',
  'Dried mango',
  'Cashews',
  'Soy sauce',
  'Pepper',
  'Lemongrass soap',
  'Bamboo straws',
  'Notebook',
  'Ballpoint pen',
  'Batteries AA',
  'Umbrella',
  'Sandals',
  'Water bottle',
];
const TAX_RATES = ['10', '10', '5', '8', '0'];

/** A deterministic pseudo-random sequence, so that the demo shop is the same on every start. */
function sequence(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % below;
  };
}

/**
 * The demo shop, once: two locations, suppliers, 200 products with barcodes, the purchase orders that
 * stocked them (received), and a month of bills with their payments and stock movements (a few
 * returns among them). Built in memory with the till's own arithmetic and written in a few inserts.
 */
export async function seedPosDemo(db: Database, cashierId: number | null): Promise<boolean> {
  return db.transaction(async (tx) => {
    const marked = await tx
      .insert(appSettings)
      .values({ key: POS_DEMO_MARKER, value: { products: POS_DEMO_PRODUCTS } })
      .onConflictDoNothing()
      .returning({ key: appSettings.key });
    if (marked.length === 0) return false;
    const random = sequence(20_240_601);
    const locations = await tx
      .insert(posLocations)
      .values([
        { code: 'MAIN', name: 'Main shop' },
        { code: 'STORE', name: 'Store room' },
      ])
      .onConflictDoNothing()
      .returning();
    const main = locations.find((l) => l.code === 'MAIN');
    const store = locations.find((l) => l.code === 'STORE');
    if (!main || !store) return false;
    const suppliers = await tx
      .insert(posSuppliers)
      .values(
        ['Saigon Foods', 'Mekong Traders', 'Hanoi Paper Co.', 'Delta Goods', 'Coastal Supply'].map(
          (name, i) => ({
            name,
            contact: ['Lan', 'Minh', 'Hoa', 'Tuan', 'Mai'][i] ?? '',
            email: `orders@${name.toLowerCase().replace(/[^a-z]+/g, '')}.example`,
            phone: `+84 28 3${String(1000 + i * 137).padStart(4, '0')} ${String(2000 + i * 71).padStart(4, '0')}`,
          }),
        ),
      )
      .returning();
    const products = await tx
      .insert(posProducts)
      .values(
        Array.from({ length: POS_DEMO_PRODUCTS }, (_, index) => {
          const i = index + 1;
          const priceMinor = 500 + random(400) * 25;
          return {
            sku: `POS-${String(i).padStart(4, '0')}`,
            barcode: ean13(`893${String(i).padStart(9, '0')}`),
            name: `${ADJECTIVES[index % ADJECTIVES.length]} ${NOUNS[Math.floor(index / ADJECTIVES.length) % NOUNS.length]}`,
            price: minorToDecimal(priceMinor),
            taxRate: TAX_RATES[i % TAX_RATES.length] ?? '10',
            cost: minorToDecimal(Math.round(priceMinor * 0.6)),
            supplierId: suppliers[i % suppliers.length]?.id ?? null,
            reorderLevel: 5 + (i % 4) * 5,
          };
        }),
      )
      .returning();
    const now = Date.now();
    const dayMs = 86_400_000;
    const start = now - POS_DEMO_DAYS * dayMs;
    // One received purchase order per supplier stocked the shop a month ago.
    const orders = await tx
      .insert(posPurchaseOrders)
      .values(
        suppliers.map((s, i) => ({
          reference: `PO-${String(i + 1).padStart(4, '0')}`,
          supplierId: s.id,
          locationId: main.id,
          status: 'received',
          receivedAt: new Date(start - dayMs),
          createdAt: new Date(start - 3 * dayMs),
          updatedAt: new Date(start - dayMs),
        })),
      )
      .returning();
    const stock = new Map<number, number>();
    const orderLines = products.map((p, i) => {
      // Every 20th product was stocked thinly: the low-stock list has rows.
      const quantity = i % 20 === 7 ? 8 : 60 + random(60);
      stock.set(p.id, quantity);
      const order = orders[suppliers.findIndex((s) => s.id === p.supplierId)] ?? orders[0];
      return { order: order?.id ?? 0, product: p, quantity };
    });
    await tx.insert(posPurchaseOrderLines).values(
      orderLines.map((l) => ({
        purchaseOrderId: l.order,
        productId: l.product.id,
        quantity: l.quantity,
        unitCost: l.product.cost,
      })),
    );
    const movements: (typeof posStockMovements.$inferInsert)[] = orderLines.map((l) => ({
      productId: l.product.id,
      locationId: main.id,
      quantity: l.quantity,
      kind: 'receipt',
      purchaseOrderId: l.order,
      createdAt: new Date(start - dayMs),
      updatedAt: new Date(start - dayMs),
    }));
    // A little in the store room too.
    for (const p of products.slice(0, 40)) {
      movements.push({
        productId: p.id,
        locationId: store.id,
        quantity: 24,
        kind: 'adjustment',
        note: 'Opening count',
      });
    }

    const bills: (typeof posBills.$inferInsert)[] = [];
    const lines: (typeof posBillLines.$inferInsert)[] = [];
    const payments: (typeof posPayments.$inferInsert)[] = [];
    const billCount = POS_DEMO_DAYS * 14;
    const ids = await tx.execute<{ id: number }>(
      sql`select nextval(pg_get_serial_sequence('pos_bills', 'id'))::int as id from generate_series(1, ${billCount}::int)`,
    );
    const billIds = (ids as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
    for (const [n, billId] of billIds.entries()) {
      const at = new Date(start + Math.floor((n / billCount) * POS_DEMO_DAYS * dayMs) + random(3_600_000));
      const picked = new Map<number, number>();
      for (let k = 0; k < 1 + random(4); k++) {
        const product = products[random(products.length)];
        if (!product) continue;
        const quantity = 1 + random(3);
        const left = (stock.get(product.id) ?? 0) - (picked.get(product.id) ?? 0);
        if (left - quantity < 2) continue;
        picked.set(product.id, (picked.get(product.id) ?? 0) + quantity);
      }
      if (picked.size === 0) continue;
      const sold = [...picked].map(([id, quantity]) => ({
        product: products.find((p) => p.id === id),
        quantity,
      }));
      const totals = priceBill(
        sold.map((s) => ({
          unitPrice: decimalToMinor(s.product?.price ?? '0'),
          quantity: s.quantity,
          taxRate: percentToBasisPoints(s.product?.taxRate ?? '0'),
        })),
        n % 9 === 0 ? { Type: 'percent', Value: 500 } : undefined,
      );
      const method = (['cash', 'card', 'card', 'transfer'] as const)[n % 4] ?? 'cash';
      const paying: PosPaymentInput[] =
        method === 'cash'
          ? [{ Method: 'cash', Amount: Math.ceil(totals.total / 1000) * 1000 }]
          : [{ Method: method, Amount: totals.total }];
      const settled = settlePayments(totals.total, paying);
      bills.push({
        id: billId,
        number: `B${String(billId).padStart(6, '0')}`,
        kind: 'sale',
        locationId: main.id,
        subtotal: minorToDecimal(totals.subtotal),
        discount: minorToDecimal(totals.discount),
        tax: minorToDecimal(totals.tax),
        total: minorToDecimal(totals.total),
        paid: minorToDecimal(settled.paid),
        change: minorToDecimal(settled.change),
        cashierId,
        createdAt: at,
        updatedAt: at,
      });
      sold.forEach((s, i) => {
        const priced = totals.lines[i];
        if (!s.product || !priced) return;
        stock.set(s.product.id, (stock.get(s.product.id) ?? 0) - s.quantity);
        lines.push({
          billId,
          productId: s.product.id,
          name: s.product.name,
          sku: s.product.sku,
          quantity: s.quantity,
          unitPrice: s.product.price,
          discount: minorToDecimal(priced.discount),
          taxRate: s.product.taxRate,
          tax: minorToDecimal(priced.tax),
          total: minorToDecimal(priced.total),
          createdAt: at,
          updatedAt: at,
        });
        movements.push({
          productId: s.product.id,
          locationId: main.id,
          quantity: -s.quantity,
          kind: 'sale',
          billId,
          createdAt: at,
          updatedAt: at,
        });
      });
      for (const p of settled.payments) {
        payments.push({
          billId,
          method: p.method,
          amount: minorToDecimal(p.amount),
          tendered: minorToDecimal(p.tendered),
          createdAt: at,
          updatedAt: at,
        });
      }
    }
    const chunks = <T>(rows: T[], size = 500) =>
      Array.from({ length: Math.ceil(rows.length / size) }, (_, i) => rows.slice(i * size, (i + 1) * size));
    for (const chunk of chunks(bills)) await tx.insert(posBills).values(chunk);
    for (const chunk of chunks(lines)) await tx.insert(posBillLines).values(chunk);
    for (const chunk of chunks(payments)) await tx.insert(posPayments).values(chunk);
    for (const chunk of chunks(movements)) await tx.insert(posStockMovements).values(chunk);
    return true;
  });
}
