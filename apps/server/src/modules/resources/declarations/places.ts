import { places } from '../../../db/schema';
import { defineResource, permissions, staticOptions } from '../define';

export const PLACE_CATEGORIES = [
  { Value: 'office', Text: 'Office' },
  { Value: 'warehouse', Text: 'Warehouse' },
  { Value: 'shop', Text: 'Shop' },
];

/** Resource `Place`: the markers of the map screen. */
export const placeResource = defineResource({
  apiName: 'Place',
  title: 'Places',
  screen: { code: 'places', uiUrl: '/data/places', orderNo: 40 },
  table: places,
  permissions: permissions(['Options', 'List', 'Detail', 'Export']),
  defaultSort: [{ field: 'Name', dir: 'asc' }],
  options: { Category: staticOptions(PLACE_CATEGORIES) },
  columns: [
    { field: 'Id', header: 'ID', type: 'readonly', column: places.id, width: 70 },
    {
      field: 'Name',
      header: 'Name',
      type: 'text',
      column: places.name,
      editable: true,
      searchable: true,
      filter: 'search',
      rules: { required: true, maxLength: 200 },
      width: 200,
    },
    {
      field: 'Category',
      header: 'Category',
      type: 'select',
      column: places.category,
      source: 'Category',
      editable: true,
      filter: 'select',
      rules: { required: true },
      default: 'office',
    },
    {
      field: 'Latitude',
      header: 'Latitude',
      type: 'number',
      column: places.latitude,
      editable: true,
      rules: { required: true, min: -90, max: 90 },
      more: { format: '0.[000000]' },
    },
    {
      field: 'Longitude',
      header: 'Longitude',
      type: 'number',
      column: places.longitude,
      editable: true,
      rules: { required: true, min: -180, max: 180 },
      more: { format: '0.[000000]' },
    },
    {
      field: 'Address',
      header: 'Address',
      type: 'text',
      column: places.address,
      editable: true,
      searchable: true,
      rules: { maxLength: 300 },
    },
    { field: 'IsLocked', header: 'Locked', type: 'checkbox', column: places.isLocked, width: 70 },
  ],
});
