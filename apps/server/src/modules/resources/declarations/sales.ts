import { sales } from '../../../db/schema';
import { defineResource, permissions, staticOptions } from '../define';

export const SALE_REGIONS = [
  { Value: 'north', Text: 'North' },
  { Value: 'central', Text: 'Central' },
  { Value: 'south', Text: 'South' },
];

export const SALE_CHANNELS = [
  { Value: 'shop', Text: 'Shop' },
  { Value: 'online', Text: 'Online' },
  { Value: 'partner', Text: 'Partner' },
];

/** Resource `Sale`: the rows of the sales report, and what the charts and dashboards count. */
export const saleResource = defineResource({
  apiName: 'Sale',
  title: 'Sales',
  screen: { code: 'sales', uiUrl: '/data/sales', orderNo: 50 },
  table: sales,
  permissions: permissions(['Options', 'List', 'Detail', 'AddNew', 'Export']),
  defaultSort: [
    { field: 'SoldOn', dir: 'desc' },
    { field: 'Id', dir: 'desc' },
  ],
  options: { Region: staticOptions(SALE_REGIONS), Channel: staticOptions(SALE_CHANNELS) },
  columns: [
    { field: 'Id', header: 'ID', type: 'readonly', column: sales.id, width: 70 },
    {
      field: 'SoldOn',
      header: 'Date',
      type: 'date',
      column: sales.soldOn,
      editable: true,
      filter: 'daterange',
      rules: { required: true },
      width: 110,
      more: { dateFormat: 'DD-MMMYY' },
    },
    {
      field: 'Region',
      header: 'Region',
      type: 'select',
      column: sales.region,
      source: 'Region',
      editable: true,
      filter: 'select',
      rules: { required: true },
      width: 110,
    },
    {
      field: 'Channel',
      header: 'Channel',
      type: 'select',
      column: sales.channel,
      source: 'Channel',
      editable: true,
      filter: 'select',
      rules: { required: true },
      default: 'shop',
      width: 110,
    },
    {
      field: 'Customer',
      header: 'Customer',
      type: 'text',
      column: sales.customer,
      editable: true,
      searchable: true,
      filter: 'search',
      rules: { maxLength: 200 },
      width: 200,
    },
    {
      field: 'Quantity',
      header: 'Quantity',
      type: 'number',
      column: sales.quantity,
      editable: true,
      rules: { min: 1, max: 100_000, integer: true },
      default: 1,
      width: 90,
      more: { format: '0,0' },
    },
    {
      field: 'Amount',
      header: 'Amount',
      type: 'money',
      column: sales.amount,
      editable: true,
      rules: { min: 0, max: 10_000_000 },
      default: 0,
      width: 120,
      more: { format: '0,0.[00]' },
    },
    { field: 'IsLocked', header: 'Locked', type: 'checkbox', column: sales.isLocked, width: 70 },
  ],
});
