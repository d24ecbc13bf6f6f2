import { CONFIG_FORMAT, type ConfigDocument, type ConfigScreen } from '@panelwright/contract';
import { describe, expect, it } from 'vitest';
import {
  addressParams,
  blankScreen,
  columnOrder,
  copyCode,
  dropField,
  fillAddress,
  headerButtons,
  issuesByScreenField,
  matchesScreen,
  moveField,
  optionValue,
  parseRequestData,
  renameSaves,
  rolesOpeningByDefault,
  screenCodeProblem,
  screenGroups,
  textSaves,
  withColumnSetting,
  withHeaderButtons,
  withOptionValue,
  withScreenGrant,
} from './screens';

const screen = (title: string, uiUrl: string, parent: string | null = null): ConfigScreen => ({
  title,
  uiUrl,
  uiType: 'table',
  apiName: '',
  apiMethod: 'List',
  type: '',
  parent,
  orderNo: 0,
  isPublic: false,
  isEnabled: true,
  config: {},
  requestData: {},
  screenConfig: {},
  uiTypeContents: null,
  columns: {},
  columnOrder: [],
});

const entry = (name: string, url: string, children: ConfigDocument['menus']['side'] = []) => ({
  code: name.toLowerCase(),
  name,
  url,
  icon: '',
  newWindow: false,
  isEnabled: true,
  children,
});

const document: ConfigDocument = {
  format: CONFIG_FORMAT,
  screens: {
    products: screen('Products', '/data/products'),
    orders: screen('Orders', '/data/orders'),
    audit: screen('Audit log', '/audit'),
    ordersTab: screen('Order lines', '', 'orders'),
  },
  menus: {
    side: [
      entry('Sales', '', [entry('Orders', '/data/orders'), entry('Products', '/data/products')]),
      entry('Home', '/home'),
    ],
    app: [],
  },
  translations: {},
  roles: {},
  settings: {},
};

describe('the studio’s list of screens', () => {
  it('groups screens under the side menu’s group that opens them, then those no entry opens, without parts', () => {
    expect(screenGroups(document).map((group) => [group.group, group.screens.map((s) => s.code)])).toEqual([
      ['Sales', ['products', 'orders']],
      [null, ['audit']],
    ]);
  });

  it('finds screens by every word typed, in title, code or address', () => {
    expect(screenGroups(document, 'aud').flatMap((group) => group.screens.map((s) => s.code))).toEqual([
      'audit',
    ]);
    expect(
      matchesScreen({ code: 'orders', title: 'Orders', uiType: 'table', uiUrl: '/data/orders' }, 'data ord'),
    ).toBe(true);
    expect(screenGroups(document, 'nothing like it')).toEqual([]);
  });
});

describe('column order', () => {
  it('takes the configured order, then the declared fields it does not name, and drops unknown ones', () => {
    expect(columnOrder(['A', 'B', 'C', 'D'], ['C', 'Gone', 'A'])).toEqual(['C', 'A', 'B', 'D']);
  });

  it('moves a field by places, kept within the list, and drops it on another', () => {
    expect(moveField(['A', 'B', 'C'], 'C', -1)).toEqual(['A', 'C', 'B']);
    expect(moveField(['A', 'B', 'C'], 'A', -1)).toEqual(['A', 'B', 'C']);
    expect(moveField(['A', 'B', 'C'], 'A', 1000)).toEqual(['B', 'C', 'A']);
    expect(dropField(['A', 'B', 'C', 'D'], 'D', 'B')).toEqual(['A', 'D', 'B', 'C']);
    expect(dropField(['A', 'B', 'C', 'D'], 'A', 'C')).toEqual(['B', 'C', 'A', 'D']);
  });
});

describe('column settings', () => {
  it('sets a column’s settings, and an emptied column is no longer configured', () => {
    const set = withColumnSetting(screen('P', '/p'), 'Price', { header: 'Unit price', width: 140 });
    expect(set.columns).toEqual({ Price: { header: 'Unit price', width: 140 } });
    const back = withColumnSetting(set, 'Price', { header: undefined, width: undefined });
    expect(back.columns).toEqual({});
  });

  it('sets and clears nested options, removing groups left empty', () => {
    const more = withOptionValue(undefined, ['button', 'color'], '#057e38');
    expect(more).toEqual({ button: { color: '#057e38' } });
    expect(optionValue(more, ['button', 'color'])).toBe('#057e38');
    const withMessage = withOptionValue(more, ['confirmMsg'], 'Sure?');
    expect(withMessage).toEqual({ button: { color: '#057e38' }, confirmMsg: 'Sure?' });
    expect(
      withOptionValue(withOptionValue(withMessage, ['button', 'color'], ''), ['confirmMsg'], ''),
    ).toBeUndefined();
    // false is kept: `canShow: false` hides, where leaving it out shows.
    expect(withOptionValue(undefined, ['canShow'], false)).toEqual({ canShow: false });
    expect(withOptionValue({ canShow: false }, ['canShow'], undefined)).toBeUndefined();
  });
});

describe('a copy’s code', () => {
  it('takes the first free one', () => {
    expect(copyCode('products', ['products'])).toBe('products-copy');
    expect(copyCode('products', ['products', 'products-copy', 'products-copy-2'])).toBe('products-copy-3');
  });
});

describe('a screen made from nothing', () => {
  it('starts switched on, private and with nothing configured', () => {
    const made = blankScreen({
      title: 'Suppliers',
      uiUrl: '/suppliers/[id]',
      uiType: 'table',
      apiName: 'Supplier',
      requestData: { Status: 1 },
    });
    expect(made).toEqual({
      ...screen('Suppliers', '/suppliers/[id]'),
      apiName: 'Supplier',
      requestData: { Status: 1 },
    });
  });

  it('refuses an empty, malformed or taken code', () => {
    expect(screenCodeProblem('', [])).toBe('Give the screen a code.');
    expect(screenCodeProblem('has space', [])).toBe('A code is 1 to 64 letters, digits, - or _.');
    expect(screenCodeProblem('products', ['products'])).toBe('There is a screen with this code already.');
    expect(screenCodeProblem('suppliers', ['products'])).toBeNull();
  });

  it('reads request data as a JSON object only', () => {
    expect(parseRequestData('')).toEqual({ value: {} });
    expect(parseRequestData('{"Status": 1}')).toEqual({ value: { Status: 1 } });
    expect(parseRequestData('[1]')).toEqual({
      problem: 'Request data is a JSON object, such as {"Status": 1}.',
    });
    expect(parseRequestData('{Status: 1')).toEqual({
      problem: 'This is not JSON: check the quotes, commas and braces.',
    });
  });

  it('puts the server’s issues under the field they concern', () => {
    expect(
      issuesByScreenField('orders', [
        { Path: 'screens.orders.uiUrl', Message: 'must be a path such as /orders' },
        { Path: 'screens.orders.uiUrl', Message: 'second' },
        { Path: 'screens.orders.screenConfig.Header', Message: 'is required' },
        { Path: 'screens.orders', Message: 'whole' },
      ]),
    ).toEqual({ uiUrl: 'must be a path such as /orders', screenConfig: 'is required', '': 'whole' });
  });
});

describe('texts of a screen per language', () => {
  it('saves the changed texts only, and removes an emptied one', () => {
    expect(
      textSaves(
        'vn',
        'orders',
        { Orders: 'Đơn', Name: 'Tên' },
        { Orders: 'Đơn hàng', Name: ' ', Total: 'Tổng' },
      ),
    ).toEqual([
      { item: ['translations', 'vn', 'orders', 'Orders'], value: 'Đơn hàng' },
      { item: ['translations', 'vn', 'orders', 'Name'], value: null },
      { item: ['translations', 'vn', 'orders', 'Total'], value: 'Tổng' },
    ]);
    expect(textSaves('vn', 'orders', { Orders: 'Đơn' }, { Orders: 'Đơn' })).toEqual([]);
  });
});

const openGrant = {
  list: true,
  detail: false,
  add: false,
  edit: false,
  delete: false,
  export: false,
  actions: [],
  hiddenFields: [],
  editFields: [],
  rowRule: 'all' as const,
};

describe('renaming a screen', () => {
  it('moves the screen, its parts, its texts and its grants, and removes the old code last', () => {
    const document: ConfigDocument = {
      format: CONFIG_FORMAT,
      screens: { orders: screen('Orders', '/orders'), lines: screen('Lines', '', 'orders') },
      menus: { side: [], app: [] },
      translations: { vn: { orders: { Orders: 'Đơn hàng' } } },
      roles: { staff: { name: 'Staff', description: '', isAdmin: false, grants: { orders: openGrant } } },
      settings: {},
    };
    expect(renameSaves(document, 'orders', 'sales')).toEqual([
      { item: ['screens', 'sales'], value: document.screens.orders },
      { item: ['screens', 'lines'], value: { ...document.screens.lines, parent: 'sales' } },
      { item: ['translations', 'vn', 'sales', 'Orders'], value: 'Đơn hàng' },
      { item: ['translations', 'vn', 'orders', 'Orders'], value: null },
      {
        item: ['roles', 'staff'],
        value: { name: 'Staff', description: '', isAdmin: false, grants: { sales: openGrant } },
      },
      { item: ['screens', 'orders'], value: null },
    ]);
    expect(renameSaves(document, 'orders', 'orders')).toEqual([]);
  });
});

describe('a screen’s address in the preview', () => {
  it('names its [param] parts and fills them, 1 where no value is given', () => {
    expect(addressParams('/buying/[group]/[id]')).toEqual(['group', 'id']);
    expect(addressParams('/products')).toEqual([]);
    expect(fillAddress('/buying/[group]/[id]', { group: 'fresh food' })).toBe('/buying/fresh%20food/1');
  });
});

describe('who may open a new screen', () => {
  const grant = { list: true, detail: true, add: false, edit: false, delete: false, export: false };
  const more = { actions: [], hiddenFields: [], editFields: [], rowRule: 'all' as const };
  const roles = {
    admin: { name: 'Admin', description: '', isAdmin: true, grants: {} },
    staff: { name: 'Staff', description: '', isAdmin: false, grants: { Product: { ...grant, ...more } } },
    viewer: {
      name: 'Viewer',
      description: '',
      isAdmin: false,
      grants: { Product: { ...grant, list: false, ...more } },
    },
  };

  it('offers the roles that may list its resource, never the administrators', () => {
    expect(rolesOpeningByDefault(roles, 'Product')).toEqual(['staff']);
    expect(rolesOpeningByDefault(roles, '')).toEqual([]);
  });

  it('grants opening the screen by its code and keeps the other grants', () => {
    const granted = withScreenGrant(roles.viewer, 'buying');
    expect(granted.grants.Product).toEqual(roles.viewer.grants.Product);
    expect(granted.grants.buying).toMatchObject({ list: true, edit: false, rowRule: 'all' });
  });
});

describe('the buttons of a screen’s header', () => {
  it('reads, replaces and removes them, keeping the rest of the header', () => {
    const plain = screen('P', '/p');
    expect(headerButtons(plain)).toEqual([]);
    const one = withHeaderButtons(plain, [{ title: 'Reorder', api: { name: 'Reorder' } }]);
    expect(one.screenConfig).toEqual({
      Header: { buttonList: [{ title: 'Reorder', api: { name: 'Reorder' } }] },
    });
    expect(headerButtons(one)).toEqual([{ title: 'Reorder', api: { name: 'Reorder' } }]);
    expect(withHeaderButtons(one, []).screenConfig).toEqual({});
    const titled = { ...plain, screenConfig: { Header: { title: 'Stock' } } } as ConfigScreen;
    expect(withHeaderButtons(withHeaderButtons(titled, [{ title: 'A' }]), []).screenConfig).toEqual({
      Header: { title: 'Stock' },
    });
  });
});
