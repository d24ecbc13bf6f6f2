import { eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  posBillLines,
  posBills,
  posLocations,
  posProducts,
  posPurchaseOrderLines,
  posPurchaseOrders,
  posStockMovements,
  posSuppliers,
  users,
} from '../../../db/schema';
import { posSalesByDay, posSalesByPayment, posSalesByProduct, posStockLevels } from '../../pos/report-views';
import {
  type ColumnDeclaration,
  defineResource,
  type OptionSource,
  permissions,
  staticOptions,
  tableOptions,
} from '../define';

// The point of sale's catalogue, purchasing, bills and reports as resources of the generic protocol.
// Bills and stock movements are written by the till's service only (one transaction each): their
// resources list and export, never add or edit. Stock is never a field to edit: a movement changes it.

/**
 * Written by the till's service only (bills, movements) or computed (the report views): nobody adds,
 * edits or deletes them through the generic protocol, administrators included.
 */
const readOnly = () => ({
  ...permissions(['Options', 'List', 'Detail', 'Export']),
  AddNew: [],
  UpdateFields: [],
  Delete: [],
});

const productOptions: OptionSource = tableOptions(posProducts, posProducts.id, posProducts.name, {
  grows: true,
});
const supplierOptions: OptionSource = tableOptions(posSuppliers, posSuppliers.id, posSuppliers.name);
const locationOptions: OptionSource = tableOptions(posLocations, posLocations.id, posLocations.name);

export const MOVEMENT_KINDS = [
  { Value: 'sale', Text: 'Sale' },
  { Value: 'return', Text: 'Return' },
  { Value: 'receipt', Text: 'Receipt' },
  { Value: 'adjustment', Text: 'Adjustment' },
];
const ORDER_STATUSES = [
  { Value: 'draft', Text: 'Draft' },
  { Value: 'received', Text: 'Received' },
];
const BILL_KINDS = [
  { Value: 'sale', Text: 'Sale' },
  { Value: 'return', Text: 'Return' },
];
const PAYMENT_METHODS = [
  { Value: 'cash', Text: 'Cash' },
  { Value: 'card', Text: 'Card' },
  { Value: 'transfer', Text: 'Transfer' },
];

const id = (column: AnyPgColumn): ColumnDeclaration => ({
  field: 'Id',
  header: 'ID',
  type: 'readonly',
  column,
  width: 70,
});
const locked = (column: AnyPgColumn): ColumnDeclaration => ({
  field: 'IsLocked',
  header: 'Locked',
  type: 'checkbox',
  column,
  width: 70,
});
const money = (field: string, header: string, column: AnyPgColumn, editable = false): ColumnDeclaration => ({
  field,
  header,
  type: 'money',
  column,
  editable,
  rules: { min: 0, max: 1_000_000 },
  default: 0,
  width: 110,
  more: { format: '0,0.00' },
});
const readMoney = (field: string, header: string, column: AnyPgColumn): ColumnDeclaration => ({
  field,
  header,
  type: 'money',
  column,
  width: 110,
  more: { format: '0,0.00' },
});
const select = (
  field: string,
  header: string,
  column: AnyPgColumn,
  source: string,
  editable = true,
): ColumnDeclaration => ({
  field,
  header,
  type: 'select',
  column,
  source,
  editable,
  filter: 'select',
  rules: { required: true },
  width: 150,
});
const text = (field: string, header: string, column: AnyPgColumn, maxLength = 200): ColumnDeclaration => ({
  field,
  header,
  type: 'text',
  column,
  editable: true,
  searchable: true,
  rules: { maxLength },
  width: 180,
});
const number = (field: string, header: string, column: AnyPgColumn): ColumnDeclaration => ({
  field,
  header,
  type: 'number',
  column,
  width: 90,
  more: { format: '0,0' },
});
const when = (field: string, header: string, column: AnyPgColumn): ColumnDeclaration => ({
  field,
  header,
  type: 'datetime',
  column,
  filter: 'daterange',
  width: 150,
  more: { dateFormat: 'DD-MMMYY HH:mm' },
});
const day = (column: AnyPgColumn): ColumnDeclaration => ({
  field: 'Day',
  header: 'Day',
  type: 'date',
  column,
  filter: 'daterange',
  width: 110,
  more: { dateFormat: 'DD-MMMYY' },
});

export const posProductResource = defineResource({
  apiName: 'PosProduct',
  title: 'Catalogue',
  screen: { code: 'pos_products', uiUrl: '/sales/products', orderNo: 61 },
  table: posProducts,
  permissions: permissions(['Options', 'List', 'Detail', 'AddNew', 'UpdateFields', 'Export']),
  defaultSort: [{ field: 'Name', dir: 'asc' }],
  options: { Supplier: supplierOptions },
  columns: [
    id(posProducts.id),
    {
      field: 'Sku',
      header: 'SKU',
      type: 'text',
      column: posProducts.sku,
      editable: true,
      searchable: true,
      filter: 'text',
      rules: {
        required: true,
        maxLength: 32,
        pattern: /^[A-Z0-9-]{3,32}$/,
        patternMessage: 'must be 3 to 32 capitals, digits or -',
      },
      width: 120,
    },
    {
      field: 'Barcode',
      header: 'Barcode',
      type: 'text',
      column: posProducts.barcode,
      editable: true,
      searchable: true,
      filter: 'text',
      rules: {
        nullable: true,
        maxLength: 64,
        pattern: /^[\x21-\x7e]{1,64}$/,
        patternMessage: 'must be printable',
      },
      width: 140,
    },
    { ...text('Name', 'Name', posProducts.name), rules: { required: true, maxLength: 200 }, width: 240 },
    money('Price', 'Price', posProducts.price, true),
    {
      field: 'TaxRate',
      header: 'Tax %',
      type: 'percent',
      column: posProducts.taxRate,
      editable: true,
      rules: { min: 0, max: 100 },
      default: 0,
      width: 80,
      more: { format: '0.[00]' },
    },
    money('Cost', 'Cost', posProducts.cost, true),
    {
      ...select('SupplierId', 'Supplier', posProducts.supplierId, 'Supplier'),
      rules: { nullable: true },
    },
    {
      ...number('ReorderLevel', 'Reorder at', posProducts.reorderLevel),
      editable: true,
      rules: { min: 0, max: 100_000, integer: true },
      default: 5,
    },
    {
      field: 'IsActive',
      header: 'For sale',
      type: 'checkbox',
      column: posProducts.isActive,
      editable: true,
      filter: 'checkbox',
      default: true,
      width: 80,
    },
    locked(posProducts.isLocked),
  ],
});

export const posSupplierResource = defineResource({
  apiName: 'PosSupplier',
  title: 'Suppliers',
  screen: { code: 'pos_suppliers', uiUrl: '/sales/suppliers', orderNo: 62 },
  table: posSuppliers,
  permissions: permissions(['Options', 'List', 'Detail', 'AddNew', 'UpdateFields', 'Export']),
  defaultSort: [{ field: 'Name', dir: 'asc' }],
  columns: [
    id(posSuppliers.id),
    { ...text('Name', 'Name', posSuppliers.name), rules: { required: true, maxLength: 200 } },
    text('Contact', 'Contact', posSuppliers.contact),
    { ...text('Email', 'Email', posSuppliers.email), rules: { maxLength: 200 } },
    { ...text('Phone', 'Phone', posSuppliers.phone, 40), width: 130 },
    locked(posSuppliers.isLocked),
  ],
});

export const posLocationResource = defineResource({
  apiName: 'PosLocation',
  title: 'Locations',
  screen: { code: 'pos_locations', uiUrl: '/sales/locations', orderNo: 63 },
  table: posLocations,
  permissions: permissions(['Options', 'List', 'Detail', 'Export']),
  defaultSort: [{ field: 'Id', dir: 'asc' }],
  columns: [
    id(posLocations.id),
    {
      ...text('Code', 'Code', posLocations.code, 20),
      rules: {
        required: true,
        maxLength: 20,
        pattern: /^[A-Z0-9-]{2,20}$/,
        patternMessage: 'must be capitals',
      },
    },
    { ...text('Name', 'Name', posLocations.name), rules: { required: true, maxLength: 200 } },
    locked(posLocations.isLocked),
  ],
});

export const posPurchaseOrderResource = defineResource({
  apiName: 'PosPurchaseOrder',
  title: 'Purchase orders',
  screen: { code: 'pos_purchase_orders', uiUrl: '/sales/purchase-orders', orderNo: 64 },
  table: posPurchaseOrders,
  permissions: permissions(['Options', 'List', 'Detail', 'AddNew', 'UpdateFields', 'Export']),
  defaultSort: [{ field: 'Id', dir: 'desc' }],
  options: { Supplier: supplierOptions, Location: locationOptions, Status: staticOptions(ORDER_STATUSES) },
  // A received order's lines are in stock: the order is locked from then on (see PosService).
  rowFields: { UI_Received: sql`${posPurchaseOrders.status} = 'received'` },
  columns: [
    id(posPurchaseOrders.id),
    {
      ...text('Reference', 'Reference', posPurchaseOrders.reference, 40),
      rules: { required: true, maxLength: 40 },
      width: 130,
    },
    select('SupplierId', 'Supplier', posPurchaseOrders.supplierId, 'Supplier'),
    select('LocationId', 'Location', posPurchaseOrders.locationId, 'Location'),
    {
      ...select('Status', 'Status', posPurchaseOrders.status, 'Status', false),
      default: 'draft',
      width: 110,
    },
    when('ReceivedAt', 'Received', posPurchaseOrders.receivedAt),
    { ...text('Notes', 'Notes', posPurchaseOrders.notes, 2000), type: 'textarea' },
    {
      field: 'UI_Receive',
      header: 'Receive',
      type: 'button',
      width: 120,
      more: {
        button: {
          title: 'Receive',
          icon: 'box-arrow-in-down',
          color: 'success',
          outline: true,
          hasIconAndText: true,
          fDisabled: 'UI_Received',
        },
        api: { name: 'Receive', queryByField: { Id: 'Id' }, needReloadRow: true },
        confirmMsg: 'Receive [Reference] into stock?',
      },
    },
    locked(posPurchaseOrders.isLocked),
  ],
});

export const posPurchaseOrderLineResource = defineResource({
  apiName: 'PosPurchaseOrderLine',
  title: 'Purchase order lines',
  screen: { code: 'pos_purchase_order_lines', uiUrl: '/sales/purchase-order-lines', orderNo: 65 },
  table: posPurchaseOrderLines,
  permissions: permissions(['Options', 'List', 'Detail', 'AddNew', 'UpdateFields', 'Delete', 'Export']),
  defaultSort: [{ field: 'Id', dir: 'desc' }],
  options: {
    Order: tableOptions(posPurchaseOrders, posPurchaseOrders.id, posPurchaseOrders.reference),
    Product: productOptions,
  },
  scopes: { PurchaseOrderId: { field: 'PurchaseOrderId' } },
  columns: [
    id(posPurchaseOrderLines.id),
    select('PurchaseOrderId', 'Order', posPurchaseOrderLines.purchaseOrderId, 'Order'),
    { ...select('ProductId', 'Product', posPurchaseOrderLines.productId, 'Product'), width: 240 },
    {
      ...number('Quantity', 'Quantity', posPurchaseOrderLines.quantity),
      editable: true,
      rules: { required: true, min: 1, max: 100_000, integer: true },
      default: 1,
    },
    money('UnitCost', 'Unit cost', posPurchaseOrderLines.unitCost, true),
    locked(posPurchaseOrderLines.isLocked),
  ],
});

export const posBillResource = defineResource({
  apiName: 'PosBill',
  title: 'Bills',
  screen: { code: 'pos_bills', uiUrl: '/sales/bills', orderNo: 66 },
  table: posBills,
  permissions: readOnly(),
  // A cashier's own bills are those they rang up.
  ownRows: (userId) => eq(posBills.cashierId, userId),
  defaultSort: [{ field: 'Id', dir: 'desc' }],
  options: {
    Kind: staticOptions(BILL_KINDS),
    Location: locationOptions,
    User: tableOptions(users, users.id, users.displayName, { directory: true, grows: true }),
  },
  columns: [
    id(posBills.id),
    {
      field: 'Number',
      header: 'Number',
      type: 'readonly',
      column: posBills.number,
      searchable: true,
      filter: 'text',
      width: 110,
      // The bill at the till: its receipt, invoice and returns.
      more: { link: '/pos?bill=[Number]', newWindow: false },
    },
    when('CreatedAt', 'Date', posBills.createdAt),
    { ...select('Kind', 'Kind', posBills.kind, 'Kind', false), width: 100 },
    { ...select('LocationId', 'Location', posBills.locationId, 'Location', false), width: 130 },
    { ...text('Customer', 'Customer', posBills.customer), editable: false },
    readMoney('Subtotal', 'Subtotal', posBills.subtotal),
    readMoney('Discount', 'Discount', posBills.discount),
    readMoney('Tax', 'Tax', posBills.tax),
    readMoney('Total', 'Total', posBills.total),
    readMoney('Change', 'Change', posBills.change),
    { ...select('CashierId', 'Cashier', posBills.cashierId, 'User', false), width: 130 },
    locked(posBills.isLocked),
  ],
});

export const posBillLineResource = defineResource({
  apiName: 'PosBillLine',
  title: 'Bill lines',
  screen: { code: 'pos_bill_lines', uiUrl: '/sales/bill-lines', orderNo: 67 },
  table: posBillLines,
  permissions: readOnly(),
  defaultSort: [{ field: 'Id', dir: 'desc' }],
  options: { Bill: tableOptions(posBills, posBills.id, posBills.number) },
  scopes: { BillId: { field: 'BillId' } },
  ownRows: (userId) =>
    sql`exists (select 1 from ${posBills} where ${posBills.id} = ${posBillLines.billId} and ${posBills.cashierId} = ${userId})`,
  columns: [
    id(posBillLines.id),
    { ...select('BillId', 'Bill', posBillLines.billId, 'Bill', false), width: 110 },
    { ...text('Sku', 'SKU', posBillLines.sku, 32), editable: false, width: 120 },
    { ...text('Name', 'Item', posBillLines.name), editable: false, width: 220 },
    number('Quantity', 'Quantity', posBillLines.quantity),
    readMoney('UnitPrice', 'Unit price', posBillLines.unitPrice),
    readMoney('Discount', 'Discount', posBillLines.discount),
    { field: 'TaxRate', header: 'Tax %', type: 'percent', column: posBillLines.taxRate, width: 80 },
    readMoney('Tax', 'Tax', posBillLines.tax),
    readMoney('Total', 'Total', posBillLines.total),
    locked(posBillLines.isLocked),
  ],
});

export const posStockMovementResource = defineResource({
  apiName: 'PosStockMovement',
  title: 'Stock movements',
  screen: { code: 'pos_stock_movements', uiUrl: '/sales/stock-movements', orderNo: 68 },
  table: posStockMovements,
  permissions: readOnly(),
  defaultSort: [{ field: 'Id', dir: 'desc' }],
  options: {
    Product: productOptions,
    Location: locationOptions,
    Kind: staticOptions(MOVEMENT_KINDS),
    Bill: tableOptions(posBills, posBills.id, posBills.number),
    Order: tableOptions(posPurchaseOrders, posPurchaseOrders.id, posPurchaseOrders.reference),
  },
  columns: [
    id(posStockMovements.id),
    when('CreatedAt', 'Date', posStockMovements.createdAt),
    { ...select('ProductId', 'Product', posStockMovements.productId, 'Product', false), width: 220 },
    { ...select('LocationId', 'Location', posStockMovements.locationId, 'Location', false), width: 130 },
    { ...select('Kind', 'Kind', posStockMovements.kind, 'Kind', false), width: 110 },
    number('Quantity', 'Quantity', posStockMovements.quantity),
    { ...select('BillId', 'Bill', posStockMovements.billId, 'Bill', false), rules: { nullable: true } },
    {
      ...select('PurchaseOrderId', 'Order', posStockMovements.purchaseOrderId, 'Order', false),
      rules: { nullable: true },
    },
    { ...text('Note', 'Note', posStockMovements.note, 500), editable: false },
  ],
});

export const posStockLevelResource = defineResource({
  apiName: 'PosStockLevel',
  title: 'Stock levels',
  screen: { code: 'pos_stock_levels', uiUrl: '/sales/stock', orderNo: 69 },
  table: posStockLevels,
  permissions: readOnly(),
  defaultSort: [{ field: 'Name', dir: 'asc' }],
  options: { Location: locationOptions },
  scopes: {
    // The low-stock list: at or below the reorder level.
    Low: { where: (value) => (value === true ? sql`${posStockLevels.isLow}` : undefined) },
  },
  columns: [
    id(posStockLevels.id),
    { ...text('Sku', 'SKU', posStockLevels.sku, 32), editable: false, width: 120 },
    { ...text('Name', 'Name', posStockLevels.name), editable: false, filter: 'search', width: 220 },
    { ...select('LocationId', 'Location', posStockLevels.locationId, 'Location', false), width: 130 },
    number('Quantity', 'In stock', posStockLevels.quantity),
    number('ReorderLevel', 'Reorder at', posStockLevels.reorderLevel),
    readMoney('Cost', 'Unit cost', posStockLevels.cost),
    readMoney('Value', 'Stock value', posStockLevels.value),
    {
      field: 'IsLow',
      header: 'Low',
      type: 'checkbox',
      column: posStockLevels.isLow,
      filter: 'checkbox',
      width: 70,
    },
  ],
});

export const posSalesByDayResource = defineResource({
  apiName: 'PosSalesByDay',
  title: 'Sales per day',
  screen: { code: 'pos_sales_by_day', uiUrl: '/sales/by-day', orderNo: 70 },
  table: posSalesByDay,
  permissions: readOnly(),
  defaultSort: [{ field: 'Day', dir: 'desc' }],
  columns: [
    id(posSalesByDay.id),
    day(posSalesByDay.day),
    number('Bills', 'Bills', posSalesByDay.bills),
    number('Returns', 'Returns', posSalesByDay.returns),
    readMoney('Net', 'Net', posSalesByDay.net),
    readMoney('Tax', 'Tax', posSalesByDay.tax),
    readMoney('Total', 'Total', posSalesByDay.total),
  ],
});

export const posSalesByProductResource = defineResource({
  apiName: 'PosSalesByProduct',
  title: 'Sales per product',
  screen: { code: 'pos_sales_by_product', uiUrl: '/sales/by-product', orderNo: 71 },
  table: posSalesByProduct,
  permissions: readOnly(),
  defaultSort: [{ field: 'Total', dir: 'desc' }],
  columns: [
    id(posSalesByProduct.id),
    { ...text('Sku', 'SKU', posSalesByProduct.sku, 32), editable: false, width: 120 },
    { ...text('Name', 'Name', posSalesByProduct.name), editable: false, filter: 'search', width: 220 },
    number('Units', 'Units', posSalesByProduct.units),
    readMoney('Net', 'Net', posSalesByProduct.net),
    readMoney('Total', 'Total', posSalesByProduct.total),
  ],
});

export const posSalesByPaymentResource = defineResource({
  apiName: 'PosSalesByPayment',
  title: 'Takings per payment method',
  screen: { code: 'pos_sales_by_payment', uiUrl: '/sales/by-payment', orderNo: 72 },
  table: posSalesByPayment,
  permissions: readOnly(),
  defaultSort: [
    { field: 'Day', dir: 'desc' },
    { field: 'Method', dir: 'asc' },
  ],
  options: { Method: staticOptions(PAYMENT_METHODS) },
  columns: [
    id(posSalesByPayment.id),
    day(posSalesByPayment.day),
    { ...select('Method', 'Method', posSalesByPayment.method, 'Method', false), width: 110 },
    number('Payments', 'Payments', posSalesByPayment.payments),
    readMoney('Amount', 'Amount', posSalesByPayment.amount),
  ],
});

export const POS_RESOURCES = [
  posProductResource,
  posSupplierResource,
  posLocationResource,
  posPurchaseOrderResource,
  posPurchaseOrderLineResource,
  posBillResource,
  posBillLineResource,
  posStockMovementResource,
  posStockLevelResource,
  posSalesByDayResource,
  posSalesByProductResource,
  posSalesByPaymentResource,
];
