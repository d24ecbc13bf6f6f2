import {
  decimalToMinor,
  formatMinor,
  minorToDecimal,
  type PosBill,
  type PosPaymentMethod,
  type PosProduct,
  PosRuleError,
  type PosSeller,
  percentToBasisPoints,
  type posAdjustRequestSchema,
  type posProductSearchSchema,
  type posReturnRequestSchema,
  posSellerOf,
  type posSellRequestSchema,
  priceBill,
  returnShare,
  settlePayments,
} from '@panelwright/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import {
  posBillLines,
  posBills,
  posLocations,
  posPayments,
  posProducts,
  posPurchaseOrderLines,
  posPurchaseOrders,
  posStockMovements,
  users,
} from '../../db/schema';
import type { MessageLanguage } from '../../i18n';
import { Answer } from '../../lib/actions';
import type { AuditService } from '../../lib/audit';
import { BusinessError, badRequest, forbidden, notFound } from '../../lib/errors';
import type { EventBus } from '../../lib/events';
import type { MailService } from '../../lib/mail';
import { EXPORT_LINK_TTL_SECONDS, type FilesService } from '../files/service';
import type { ResourceAction } from '../resources/define';
import type { Actor, Allowed, ResourceService } from '../resources/service';
import { invoicePdf } from './invoice-pdf';
import type { LogoImage } from './seller-logo';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type SellInput = z.output<typeof posSellRequestSchema>;
type ReturnInput = z.output<typeof posReturnRequestSchema>;
type SearchInput = z.output<typeof posProductSearchSchema>;
type AdjustInput = z.output<typeof posAdjustRequestSchema>;

/** The most products one search answers. */
const SEARCH_LIMIT = 40;

/** A bill's number from its id: B000042 for a sale, R000043 for a return. */
const billNumber = (kind: 'sale' | 'return', id: number) =>
  `${kind === 'sale' ? 'B' : 'R'}${String(id).padStart(6, '0')}`;

/** The rule errors of the bill arithmetic become business failures in the caller's words. */
function asBusiness<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof PosRuleError) throw new BusinessError(error.message);
    throw error;
  }
}

/** Stock of each product at a location: the sum of its movements. */
const stockSum = sql<number>`coalesce(sum(${posStockMovements.quantity}), 0)::int`;

/**
 * The grant each use of the point of sale needs, as the generic protocol's action on a resource:
 * ringing up and returning at the till is adding bills (a right the generic protocol never uses:
 * bills are written here only), reading a bill is its Detail, the till's products and locations are
 * their List, adjusting stock is editing a product, receiving an order is editing it. Each goes
 * through `ResourceService.reach`, so its row rule and hidden fields count as in List and Detail.
 */
const POS_GRANTS = {
  till: ['PosBill', 'AddNew'],
  bill: ['PosBill', 'Detail'],
  products: ['PosProduct', 'List'],
  locations: ['PosLocation', 'List'],
  stock: ['PosProduct', 'UpdateFields'],
  receive: ['PosPurchaseOrder', 'UpdateFields'],
} as const satisfies Record<string, readonly [string, ResourceAction]>;

/** May the viewer use the till (its page `/pos` and its menu entry follow this): target, matrix action, title. */
export const TILL_GRANT = ['PosBill', 'add', 'Point of sale'] as const;

/** The fields of a bill its invoice prints. */
const INVOICE_FIELDS = ['Number', 'Customer', 'CashierId', 'Subtotal', 'Discount', 'Tax', 'Total', 'Change'];

/** A bill that does not exist and one outside the caller's rows answer alike. */
const billGone = (id: number | string) => notFound(`Bill ${id} does not exist.`);

/**
 * The point of sale: sells and takes back bills, receives purchase orders and counts stock. A bill,
 * its lines, payments and stock movements are written in one transaction, under a lock of its
 * products' rows, so that two tills selling the last unit cannot both succeed.
 */
export class PosService {
  constructor(
    private readonly db: Database,
    private readonly files: FilesService,
    private readonly audit: AuditService,
    private readonly events: EventBus,
    private readonly mail: MailService,
    private readonly resources: ResourceService,
    /** The seller receipts and invoices print (the settings). */
    private readonly seller: () => Promise<PosSeller> = async () => posSellerOf({}),
    /** The logo the settings name, as the invoice PDF embeds it (seller-logo.ts). */
    private readonly logoOf: (logoUrl: string) => Promise<LogoImage | null> = async () => null,
  ) {}

  /** The invoice PDF of a bill: the seller and the logo of the settings as they are now. */
  private async invoiceBytes(bill: PosBill, language: MessageLanguage): Promise<Uint8Array> {
    const seller = await this.seller();
    return invoicePdf(bill, language, seller, await this.logoOf(seller.LogoUrl));
  }

  /** The grant of a use (else a 403) with the condition of the rows it reaches. */
  private mayUse(actor: Actor, use: keyof typeof POS_GRANTS): Promise<Allowed> {
    const [apiName, action] = POS_GRANTS[use];
    return this.resources.reach(apiName, action, actor);
  }

  async locations(actor: Actor): Promise<{ Id: number; Code: string; Name: string }[]> {
    await this.mayUse(actor, 'till');
    const reach = await this.mayUse(actor, 'locations');
    const rows = await this.db
      .select()
      .from(posLocations)
      .where(reach.rowCondition)
      .orderBy(asc(posLocations.id));
    return rows.map((r) => this.resources.withoutHidden(reach, { Id: r.id, Code: r.code, Name: r.name }));
  }

  /** Stock of products at a location (or everywhere), from the movements. */
  async stock(productIds: readonly number[], locationId?: number, db: Database | Tx = this.db) {
    if (productIds.length === 0) return new Map<number, number>();
    const rows = await db
      .select({ productId: posStockMovements.productId, stock: stockSum })
      .from(posStockMovements)
      .where(
        and(
          inArray(posStockMovements.productId, [...productIds]),
          locationId === undefined ? undefined : eq(posStockMovements.locationId, locationId),
        ),
      )
      .groupBy(posStockMovements.productId);
    return new Map(rows.map((r) => [r.productId, Number(r.stock)]));
  }

  /** Products by name, SKU or barcode; with `Code`, the one product of that exact barcode or SKU. */
  async products(input: SearchInput, actor: Actor): Promise<PosProduct[]> {
    await this.mayUse(actor, 'till');
    const reach = await this.mayUse(actor, 'products');
    const code = input.Code?.trim();
    const search = input.Search.trim().toLowerCase();
    const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const where = code
      ? sql`(${posProducts.barcode} = ${code} or ${posProducts.sku} = ${code.toUpperCase()})`
      : search
        ? sql`(lower(${posProducts.name}) like ${pattern} or lower(${posProducts.sku}) like ${pattern} or ${posProducts.barcode} like ${pattern})`
        : undefined;
    const rows = await this.db
      .select()
      .from(posProducts)
      .where(and(eq(posProducts.isActive, true), where, reach.rowCondition))
      .orderBy(asc(posProducts.name))
      .limit(code ? 1 : SEARCH_LIMIT);
    const stock = await this.stock(
      rows.map((r) => r.id),
      Number(input.LocationId),
    );
    return rows.map((r) =>
      this.resources.withoutHidden(reach, {
        Id: r.id,
        Sku: r.sku,
        Barcode: r.barcode,
        Name: r.name,
        Price: decimalToMinor(r.price),
        TaxRate: percentToBasisPoints(r.taxRate),
        Stock: stock.get(r.id) ?? 0,
      }),
    );
  }

  async sell(input: SellInput, actor: Actor): Promise<PosBill> {
    const till = await this.mayUse(actor, 'till');
    // Only products the caller may list can be sold; another is "not for sale", as a missing one.
    const sellable = await this.mayUse(actor, 'products');
    const locationId = Number(input.LocationId);
    const id = await this.db.transaction(async (tx) => {
      await this.requireLocation(tx, locationId);
      const ids = [...new Set(input.Lines.map((l) => Number(l.ProductId)))].sort((a, b) => a - b);
      // Row locks in one order: a second till selling these products waits here for the first.
      const products = await tx
        .select()
        .from(posProducts)
        .where(and(inArray(posProducts.id, ids), sellable.rowCondition))
        .orderBy(asc(posProducts.id))
        .for('update');
      const byId = new Map(products.map((p) => [p.id, p]));
      for (const productId of ids) {
        const product = byId.get(productId);
        if (!product?.isActive) throw badRequest(`Lines: product ${productId} is not for sale`);
      }
      const stock = await this.stock(ids, locationId, tx);
      const wanted = new Map<number, number>();
      for (const line of input.Lines) {
        const productId = Number(line.ProductId);
        wanted.set(productId, (wanted.get(productId) ?? 0) + line.Quantity);
      }
      for (const [productId, quantity] of wanted) {
        const left = stock.get(productId) ?? 0;
        if (quantity > left) {
          throw new BusinessError(`Only ${left} of ${byId.get(productId)?.name} left in stock.`);
        }
      }
      const lines = input.Lines.map((line) => {
        const product = byId.get(Number(line.ProductId));
        if (!product) throw new Error('locked product vanished');
        return {
          product,
          price: decimalToMinor(product.price),
          taxRate: percentToBasisPoints(product.taxRate),
          quantity: line.Quantity,
          discount: line.Discount,
        };
      });
      const totals = asBusiness(() =>
        priceBill(
          lines.map((l) => ({
            unitPrice: l.price,
            quantity: l.quantity,
            taxRate: l.taxRate,
            discount: l.discount,
          })),
          input.Discount,
        ),
      );
      const settled = asBusiness(() => settlePayments(totals.total, input.Payments));
      const billId = await this.nextBillId(tx);
      await tx.insert(posBills).values({
        id: billId,
        number: billNumber('sale', billId),
        kind: 'sale',
        locationId,
        customer: input.Customer?.trim() ?? '',
        subtotal: minorToDecimal(totals.subtotal),
        discount: minorToDecimal(totals.discount),
        tax: minorToDecimal(totals.tax),
        total: minorToDecimal(totals.total),
        paid: minorToDecimal(settled.paid),
        change: minorToDecimal(settled.change),
        cashierId: actor.user.id,
        updatedBy: actor.user.id,
      });
      await tx.insert(posBillLines).values(
        lines.map((l, i) => {
          const priced = totals.lines[i];
          if (!priced) throw new Error('priced line missing');
          return {
            billId,
            productId: l.product.id,
            name: l.product.name,
            sku: l.product.sku,
            quantity: l.quantity,
            unitPrice: l.product.price,
            discount: minorToDecimal(priced.discount),
            taxRate: l.product.taxRate,
            tax: minorToDecimal(priced.tax),
            total: minorToDecimal(priced.total),
          };
        }),
      );
      await tx.insert(posPayments).values(
        settled.payments.map((p) => ({
          billId,
          method: p.method,
          amount: minorToDecimal(p.amount),
          tendered: minorToDecimal(p.tendered),
        })),
      );
      await tx.insert(posStockMovements).values(
        lines.map((l) => ({
          productId: l.product.id,
          locationId,
          quantity: -l.quantity,
          kind: 'sale',
          billId,
          updatedBy: actor.user.id,
        })),
      );
      await this.audited('pos_sale', billId, actor, { total: totals.total }, tx);
      return billId;
    });
    this.changed(id);
    // The bill the caller has just rung up: theirs (its cashier), under the till's own grant.
    return this.readBill(id, till);
  }

  /** Takes units of an earlier sale back: their stock returns, their share of the bill is refunded. */
  async returnItems(input: ReturnInput, actor: Actor): Promise<PosBill> {
    const till = await this.mayUse(actor, 'till');
    // What is returned is read as the bill's Detail: only a bill the caller may read.
    const readable = await this.mayUse(actor, 'bill');
    const originalId = Number(input.BillId);
    const id = await this.db.transaction(async (tx) => {
      // The original bill's row lock serialises two returns against it.
      const [original] = await tx
        .select()
        .from(posBills)
        .where(and(eq(posBills.id, originalId), readable.rowCondition))
        .for('update');
      if (!original) throw billGone(originalId);
      if (original.kind !== 'sale') throw new BusinessError('Only a sale can be returned.');
      const soldLines = await tx.select().from(posBillLines).where(eq(posBillLines.billId, originalId));
      const byId = new Map(soldLines.map((l) => [l.id, l]));
      const returned = await this.returnedByLine(tx, originalId);
      const asked = new Map<number, number>();
      for (const line of input.Lines) {
        const lineId = Number(line.LineId);
        if (!byId.has(lineId)) throw badRequest(`Lines: line ${lineId} is not on bill ${original.number}`);
        asked.set(lineId, (asked.get(lineId) ?? 0) + line.Quantity);
      }
      const parts = [...asked].map(([lineId, quantity]) => {
        const sold = byId.get(lineId);
        if (!sold) throw new Error('line vanished');
        const before = returned.get(lineId) ?? 0;
        if (before + quantity > sold.quantity) {
          throw new BusinessError(`Only ${sold.quantity - before} of ${sold.name} can still be returned.`);
        }
        const share = (figure: string) =>
          -returnShare(decimalToMinor(figure), sold.quantity, before, quantity);
        return {
          sold,
          quantity,
          gross: -decimalToMinor(sold.unitPrice) * quantity,
          discount: share(sold.discount),
          tax: share(sold.tax),
          total: share(sold.total),
        };
      });
      const total = parts.reduce((a, p) => a + p.total, 0);
      const billId = await this.nextBillId(tx);
      await tx.insert(posBills).values({
        id: billId,
        number: billNumber('return', billId),
        kind: 'return',
        originalBillId: originalId,
        locationId: original.locationId,
        customer: original.customer,
        subtotal: minorToDecimal(parts.reduce((a, p) => a + p.gross, 0)),
        discount: minorToDecimal(parts.reduce((a, p) => a + p.discount, 0)),
        tax: minorToDecimal(parts.reduce((a, p) => a + p.tax, 0)),
        total: minorToDecimal(total),
        paid: minorToDecimal(total),
        change: '0',
        cashierId: actor.user.id,
        updatedBy: actor.user.id,
      });
      await tx.insert(posBillLines).values(
        parts.map((p) => ({
          billId,
          productId: p.sold.productId,
          originalLineId: p.sold.id,
          name: p.sold.name,
          sku: p.sold.sku,
          quantity: -p.quantity,
          unitPrice: p.sold.unitPrice,
          discount: minorToDecimal(p.discount),
          taxRate: p.sold.taxRate,
          tax: minorToDecimal(p.tax),
          total: minorToDecimal(p.total),
        })),
      );
      await tx.insert(posPayments).values({
        billId,
        method: input.Method,
        amount: minorToDecimal(total),
        tendered: minorToDecimal(total),
      });
      await tx.insert(posStockMovements).values(
        parts.map((p) => ({
          productId: p.sold.productId,
          locationId: original.locationId,
          quantity: p.quantity,
          kind: 'return',
          billId,
          updatedBy: actor.user.id,
        })),
      );
      await this.audited('pos_return', billId, actor, { originalBillId: originalId, total }, tx);
      return billId;
    });
    this.changed(id);
    // The bill the caller has just rung up: theirs (its cashier), under the till's own grant.
    return this.readBill(id, till);
  }

  /** Receives a purchase order once: each line's units come into stock at its location. */
  async receivePurchaseOrder(id: number, actor: Actor): Promise<{ Received: number }> {
    const reach = await this.mayUse(actor, 'receive');
    const received = await this.db.transaction(async (tx) => {
      const [order] = await tx
        .select()
        .from(posPurchaseOrders)
        .where(and(eq(posPurchaseOrders.id, id), reach.rowCondition))
        .for('update');
      if (!order) throw notFound(`Purchase order ${id} does not exist.`);
      if (order.status === 'received')
        throw new BusinessError(`Purchase order ${order.reference} is already received.`);
      const lines = await tx
        .select()
        .from(posPurchaseOrderLines)
        .where(eq(posPurchaseOrderLines.purchaseOrderId, id));
      const units = lines.filter((l) => l.quantity > 0);
      if (units.length === 0)
        throw new BusinessError(`Purchase order ${order.reference} has no lines to receive.`);
      await tx.insert(posStockMovements).values(
        units.map((l) => ({
          productId: l.productId,
          locationId: order.locationId,
          quantity: l.quantity,
          kind: 'receipt',
          purchaseOrderId: id,
          updatedBy: actor.user.id,
        })),
      );
      await tx
        .update(posPurchaseOrders)
        .set({ status: 'received', receivedAt: new Date(), updatedAt: new Date(), updatedBy: actor.user.id })
        .where(eq(posPurchaseOrders.id, id));
      return units.reduce((a, l) => a + l.quantity, 0);
    });
    this.events.publish({ type: 'data-changed', data: { APIName: 'PosPurchaseOrder', Id: id } });
    this.stockChanged(id);
    return { Received: received };
  }

  /** A counted correction of stock; it may not take stock below zero. */
  async adjust(input: AdjustInput, actor: Actor): Promise<{ Stock: number }> {
    const reach = await this.mayUse(actor, 'stock');
    const productId = Number(input.ProductId);
    const locationId = Number(input.LocationId);
    return this.db
      .transaction(async (tx) => {
        await this.requireLocation(tx, locationId);
        const [product] = await tx
          .select()
          .from(posProducts)
          .where(and(eq(posProducts.id, productId), reach.rowCondition))
          .for('update');
        if (!product) throw badRequest(`ProductId: product ${productId} does not exist`);
        const before = (await this.stock([productId], locationId, tx)).get(productId) ?? 0;
        if (before + input.Quantity < 0)
          throw new BusinessError(`Only ${before} of ${product.name} left in stock.`);
        await tx.insert(posStockMovements).values({
          productId,
          locationId,
          quantity: input.Quantity,
          kind: 'adjustment',
          note: input.Note,
          updatedBy: actor.user.id,
        });
        return { Stock: before + input.Quantity };
      })
      .then((answer) => {
        this.stockChanged(productId);
        return answer;
      });
  }

  /** A stored bill with its lines, payments and what was returned of it. */
  async bill(id: number, actor: Actor): Promise<PosBill> {
    const reach = await this.mayUse(actor, 'bill');
    return this.resources.withoutHidden(reach, await this.readBill(id, reach));
  }

  /** A bill through the caller's Detail of bills: outside their rows it does not exist. */
  private async readBill(id: number, reach: Allowed): Promise<PosBill> {
    const [row] = await this.db
      .select({ bill: posBills, location: posLocations.name, cashier: users.displayName })
      .from(posBills)
      .innerJoin(posLocations, eq(posLocations.id, posBills.locationId))
      .leftJoin(users, eq(users.id, posBills.cashierId))
      .where(and(eq(posBills.id, id), reach.rowCondition));
    if (!row) throw billGone(id);
    const lines = await this.db
      .select()
      .from(posBillLines)
      .where(eq(posBillLines.billId, id))
      .orderBy(asc(posBillLines.id));
    const payments = await this.db
      .select()
      .from(posPayments)
      .where(eq(posPayments.billId, id))
      .orderBy(asc(posPayments.id));
    const returned =
      row.bill.kind === 'sale' ? await this.returnedByLine(this.db, id) : new Map<number, number>();
    const b = row.bill;
    return {
      Id: b.id,
      Number: b.number,
      Kind: b.kind === 'return' ? 'return' : 'sale',
      OriginalBillId: b.originalBillId,
      CreatedAt: b.createdAt.toISOString(),
      LocationId: b.locationId,
      LocationName: row.location,
      Customer: b.customer,
      Cashier: row.cashier ?? '',
      Subtotal: decimalToMinor(b.subtotal),
      Discount: decimalToMinor(b.discount),
      Tax: decimalToMinor(b.tax),
      Total: decimalToMinor(b.total),
      Paid: decimalToMinor(b.paid),
      Change: decimalToMinor(b.change),
      Lines: lines.map((l) => ({
        Id: l.id,
        ProductId: l.productId,
        Name: l.name,
        Sku: l.sku,
        Quantity: l.quantity,
        UnitPrice: decimalToMinor(l.unitPrice),
        Discount: decimalToMinor(l.discount),
        TaxRate: percentToBasisPoints(l.taxRate),
        Tax: decimalToMinor(l.tax),
        Total: decimalToMinor(l.total),
        Returned: returned.get(l.id) ?? 0,
      })),
      Payments: payments.map((p) => ({
        Method: p.method as PosPaymentMethod,
        Amount: decimalToMinor(p.amount),
        Tendered: decimalToMinor(p.tendered),
      })),
    };
  }

  /** A bill by its number (a receipt's barcode, or typed at the till for a return). */
  async billByNumber(number: string, actor: Actor): Promise<PosBill> {
    const reach = await this.mayUse(actor, 'bill');
    const [row] = await this.db
      .select({ id: posBills.id })
      .from(posBills)
      .where(and(eq(posBills.number, number.trim().toUpperCase()), reach.rowCondition));
    if (!row) throw new BusinessError(`There is no bill ${number.trim()}.`);
    return this.resources.withoutHidden(reach, await this.readBill(row.id, reach));
  }

  /** The invoice of a bill as a PDF, stored as a download; answers its signed link. */
  async invoice(
    id: number,
    actor: Actor,
    language: MessageLanguage = 'en',
  ): Promise<{ FullPath: string; FullPathName: string }> {
    const bill = await this.printableBill(id, actor);
    const bytes = await this.invoiceBytes(bill, language);
    const file = await this.files.store({
      name: `Invoice-${bill.Number}.pdf`,
      contentType: 'application/pdf',
      bytes,
      userId: actor.user.id,
      kind: 'export',
    });
    return { FullPath: this.files.signedPath(file, EXPORT_LINK_TTL_SECONDS), FullPathName: file.name };
  }

  /** Mails the invoice of a bill as a PDF attachment (to the customer, or to the accountant). */
  async mailInvoice(
    id: number,
    to: string,
    actor: Actor,
    language: MessageLanguage = 'en',
  ): Promise<Answer<null>> {
    const bill = await this.printableBill(id, actor);
    await this.mail.queue({
      to,
      subject: `Invoice ${bill.Number}`,
      body: `Please find attached the invoice ${bill.Number} of ${bill.LocationName}, ${formatMinor(bill.Total)} in total.`,
      attachments: [
        {
          filename: `Invoice-${bill.Number}.pdf`,
          content: await this.invoiceBytes(bill, language),
          contentType: 'application/pdf',
        },
      ],
    });
    await this.audited('pos_invoice_mailed', id, actor, { to });
    return new Answer(null, `The invoice ${bill.Number} is on its way to ${to}.`);
  }

  /**
   * A bill for its invoice: read as its Detail, and only when the caller may read every field an
   * invoice prints (a document cannot leave out what a grant hides).
   */
  private async printableBill(id: number, actor: Actor): Promise<PosBill> {
    const reach = await this.mayUse(actor, 'bill');
    const hidden = INVOICE_FIELDS.find((field) => !reach.policy.canRead(reach.resource.apiName, field));
    if (hidden !== undefined) {
      throw forbidden(
        `Your role may not read ${hidden} of ${reach.resource.title}, which an invoice shows (permission missing: ${reach.resource.title} ${hidden} read).`,
      );
    }
    return this.readBill(id, reach);
  }

  /** An audit row about a bill, in the bill's transaction when given. */
  private audited(action: string, billId: number, actor: Actor, details: Record<string, unknown>, tx?: Tx) {
    return this.audit.record(
      { action, resource: 'PosBill', recordId: billId, userId: actor.user.id, ip: actor.ip ?? null, details },
      (tx ?? this.db) as Database,
    );
  }

  private async returnedByLine(db: Database | Tx, billId: number): Promise<Map<number, number>> {
    const rows = await db
      .select({
        lineId: posBillLines.originalLineId,
        quantity: sql<number>`(-sum(${posBillLines.quantity}))::int`,
      })
      .from(posBillLines)
      .innerJoin(posBills, eq(posBills.id, posBillLines.billId))
      .where(eq(posBills.originalBillId, billId))
      .groupBy(posBillLines.originalLineId);
    return new Map(
      rows.filter((r) => r.lineId !== null).map((r) => [r.lineId as number, Number(r.quantity)]),
    );
  }

  private async requireLocation(tx: Tx, locationId: number): Promise<void> {
    const [location] = await tx
      .select({ id: posLocations.id })
      .from(posLocations)
      .where(eq(posLocations.id, locationId));
    if (!location) throw badRequest(`LocationId: location ${locationId} does not exist`);
  }

  /** The id a new bill takes, known before the insert so that its number can be made of it. */
  private async nextBillId(tx: Tx): Promise<number> {
    const result = await tx.execute<{ id: number }>(
      sql`select nextval(pg_get_serial_sequence('pos_bills', 'id'))::int as id`,
    );
    const id = Number((result as unknown as { rows: { id: number }[] }).rows[0]?.id);
    if (!Number.isInteger(id)) throw new Error('no bill id');
    return id;
  }

  private changed(billId: number): void {
    this.events.publish({ type: 'data-changed', data: { APIName: 'PosBill', Id: billId } });
    this.stockChanged(billId);
  }

  /**
   * The report views (stock levels, sales per day...) read the tables written here: a name no
   * resource has clears every cached count, theirs among them.
   */
  private stockChanged(id: number): void {
    this.events.publish({ type: 'data-changed', data: { APIName: 'Pos', Id: id } });
  }
}
