import { describe, expect, it } from 'vitest';
import { menuPlacement } from './menus';

describe('the default side menu', () => {
  it('puts each screen in its group', () => {
    expect(menuPlacement('/data/products').group).toBe('group-data');
    expect(menuPlacement('/calendar').group).toBe('group-data');
    expect(menuPlacement('/pj').group).toBe('group-projects');
    expect(menuPlacement('/data/tasks').group).toBe('group-projects');
    expect(menuPlacement('/dashboard').group).toBe('group-reports');
    expect(menuPlacement('/reports/sales').group).toBe('group-reports');
    expect(menuPlacement('/demo/table').group).toBe('group-demos');
    expect(menuPlacement('/file-manager').group).toBe('group-admin');
    expect(menuPlacement('/pos').group).toBe('group-sales');
    expect(menuPlacement('/sales/bills').group).toBe('group-sales');
    expect(menuPlacement('/anything-new').group).toBe('group-data');
  });

  it('gives every seeded screen its own icon', () => {
    const paths = [
      '/data/products',
      '/data/categories',
      '/data/events',
      '/data/places',
      '/data/sales',
      '/calendar',
      '/map',
      '/workspace',
      '/pj',
      '/dailytasks',
      '/data/projects',
      '/data/tasks',
      '/data/releases',
      '/data/environments',
      '/data/api-tests',
      '/data/members',
      '/dashboard',
      '/reports/sales',
      '/demo/formcontrol',
      '/demo/form',
      '/demo/survey',
      '/demo/buttonlist',
      '/demo/tablecell',
      '/demo/tabletotal',
      '/demo/tablefilter',
      '/demo/table',
      '/demo/myui',
      '/demo/libs',
      '/demo/demo_dashboard_one',
      '/demo/demo_chartjs',
      '/demo/demo_ggchart',
      '/2react-style',
      '/file-manager',
      '/pos',
      '/sales/products',
      '/sales/suppliers',
      '/sales/locations',
      '/sales/purchase-orders',
      '/sales/purchase-order-lines',
      '/sales/bills',
      '/sales/bill-lines',
      '/sales/stock-movements',
      '/sales/stock',
      '/sales/by-day',
      '/sales/by-product',
      '/sales/by-payment',
      '/sales/low-stock',
    ];
    const icons = paths.map((path) => menuPlacement(path).icon);
    expect(new Set(icons).size).toBe(paths.length);
  });
});
