import { categories } from '../../../db/schema';
import { defineResource, permissions } from '../define';

/** Demo resource: product categories, also the `Category` option list of products. */
export const categoryResource = defineResource({
  apiName: 'Category',
  title: 'Categories',
  screen: { code: 'categories', uiUrl: '/data/categories', orderNo: 20 },
  table: categories,
  permissions: permissions(['Options', 'List', 'Detail', 'Export']),
  defaultSort: [{ field: 'Name', dir: 'asc' }],
  columns: [
    {
      field: 'Name',
      header: 'Name',
      type: 'text',
      column: categories.name,
      editable: true,
      searchable: true,
      filter: 'text',
      rules: { required: true, maxLength: 100 },
      width: 220,
    },
    {
      field: 'Code',
      header: 'Code',
      type: 'text',
      column: categories.code,
      editable: true,
      searchable: true,
      rules: {
        required: true,
        maxLength: 20,
        pattern: /^[A-Z0-9_-]{2,20}$/,
        patternMessage: 'must be 2 to 20 capitals, digits, - or _',
      },
      width: 120,
    },
    {
      field: 'Color',
      header: 'Colour',
      type: 'color',
      column: categories.color,
      editable: true,
      rules: { required: true },
      default: '#6c757d',
      width: 90,
    },
    {
      field: 'Description',
      header: 'Description',
      type: 'textarea',
      column: categories.description,
      editable: true,
      searchable: true,
      rules: { maxLength: 2000 },
      more: { configDisplay: { showShortText: true, countShort: 60 } },
    },
    { field: 'IsLocked', header: 'Locked', type: 'checkbox', column: categories.isLocked, width: 70 },
  ],
});
