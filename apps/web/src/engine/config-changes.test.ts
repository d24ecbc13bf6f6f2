import type { ConfigChange } from '@panelwright/contract';
import { describe, expect, it } from 'vitest';
import { groupChanges, VALUE_TEXT_MAX, valueText } from './config-changes';

const change = (path: string[], op: ConfigChange['op'], before?: unknown, after?: unknown): ConfigChange => ({
  kind: 'option',
  item: path[1] ?? '',
  path,
  op,
  ...(before === undefined ? {} : { before }),
  ...(after === undefined ? {} : { after }),
});

describe('groupChanges', () => {
  it('groups changes by their item and says what changed inside it', () => {
    const groups = groupChanges([
      change(
        ['screens', 'products', 'columns', 'Price', 'more', 'button', 'color'],
        'change',
        'primary',
        '#ff0000',
      ),
      change(['screens', 'products', 'title'], 'change', 'Products', 'Goods'),
      change(['menus', 'side', 'home', 'name'], 'change', 'Home', 'Start'),
      change(['menus', 'side', 'group-data', 'order'], 'change', ['a', 'b'], ['b', 'a']),
      change(['translations', 'vn', 'common', 'Login'], 'add', undefined, 'Đăng nhập'),
      change(['roles', 'staff', 'grants', 'Product', 'delete'], 'change', false, true),
      change(['settings', 'uiAppConfig', 'siteName'], 'change', 'Admin', 'Shop'),
    ]);
    expect(groups.map((g) => [g.title.text, g.title.values])).toEqual([
      ['Screen {{code}}', { code: 'products' }],
      ['Side menu', undefined],
      ['Texts in {{language}}: {{namespace}}', { language: 'Tiếng Việt', namespace: 'common' }],
      ['Role {{code}}', { code: 'staff' }],
      ['Settings', undefined],
    ]);
    expect(groups[0]?.lines).toEqual([
      {
        op: 'change',
        target: {
          text: 'Column {{field}}: {{option}}',
          values: { field: 'Price', option: 'more.button.color' },
        },
        before: 'primary',
        after: '#ff0000',
      },
      {
        op: 'change',
        target: { text: '{{field}}', values: { field: 'title' } },
        before: 'Products',
        after: 'Goods',
      },
    ]);
    expect(groups[1]?.lines.map((l) => l.target)).toEqual([
      { text: 'Entry {{entry}}: {{field}}', values: { entry: 'home', field: 'name' } },
      { text: 'Order of the entries under {{entry}}', values: { entry: 'group-data' } },
    ]);
    expect(groups[2]?.lines).toEqual([
      { op: 'add', target: { text: '{{key}}', values: { key: 'Login' } }, after: 'Đăng nhập' },
    ]);
    expect(groups[3]?.lines[0]?.target).toEqual({
      text: 'Grant on {{target}}: {{field}}',
      values: { target: 'Product', field: 'delete' },
    });
  });

  it('names a whole screen or role by its title, and lists what an added column holds', () => {
    const [screen, role] = groupChanges([
      change(['screens', 'orders'], 'add', undefined, { title: 'Orders', uiUrl: '/orders' }),
      change(['screens', 'orders', 'columns', 'Price'], 'add', undefined, {
        header: 'Unit price',
        more: { button: { color: 'success' } },
      }),
      change(['roles', 'auditor'], 'remove', { name: 'Auditor', grants: {} }),
    ]);
    expect(screen?.lines.map((l) => [l.op, l.target.text, l.target.values, l.after])).toEqual([
      ['add', 'The screen', undefined, 'Orders'],
      ['add', 'Column {{field}}: {{option}}', { field: 'Price', option: 'header' }, 'Unit price'],
      ['add', 'Column {{field}}: {{option}}', { field: 'Price', option: 'more.button.color' }, 'success'],
    ]);
    expect(role?.lines).toEqual([{ op: 'remove', target: { text: 'The role' }, before: 'Auditor' }]);
  });
});

describe('valueText', () => {
  it('writes texts as they are and other values as JSON, cutting long ones', () => {
    expect(valueText('Goods')).toBe('Goods');
    expect(valueText(false)).toBe('false');
    expect(valueText({ width: 90 })).toBe('{"width":90}');
    expect(valueText('x'.repeat(500))).toHaveLength(VALUE_TEXT_MAX);
    expect(valueText(undefined)).toBe('');
  });
});

describe('groupChanges of collections', () => {
  it('heads a collection’s changes with its name and says which field changed', () => {
    const groups = groupChanges([
      change(['Collections', 'Customer'], 'add', undefined, {
        APIName: 'Customer',
        Title: { en: 'Customers' },
      }),
      change(['Collections', 'Supplier', 'Fields', 'Email', 'Unique'], 'change', false, true),
      change(['Collections', 'Supplier', 'Fields', 'Phone'], 'remove', { Name: 'Phone', Type: 'text' }),
    ]);
    expect(groups.map((g) => [g.title.text, g.title.values])).toEqual([
      ['Collection {{name}}', { name: 'Customer' }],
      ['Collection {{name}}', { name: 'Supplier' }],
    ]);
    expect(groups[0]?.lines).toEqual([{ op: 'add', target: { text: 'The collection' }, after: 'Customers' }]);
    expect(groups[1]?.lines.map((line) => [line.op, line.target.text, line.target.values])).toEqual([
      ['change', 'Field {{field}}: {{option}}', { field: 'Email', option: 'Unique' }],
      ['remove', 'Field {{field}}: {{option}}', { field: 'Phone', option: 'Name' }],
      ['remove', 'Field {{field}}: {{option}}', { field: 'Phone', option: 'Type' }],
    ]);
  });
});
