import { describe, expect, it } from 'vitest';
import { filterTexts, foldText, pageOf, textRows } from './texts';

const shipped = {
  en: { common: { Items_one: '{{count}} item' } },
  vn: {
    common: { Login: 'Đăng nhập', Logout: 'Đăng xuất', Items_one: '{{count}} mục' },
    table: { Filter: 'Lọc' },
  },
};

describe('studio texts', () => {
  it('lists every key of either language by namespace, with the shipped and configured text of one', () => {
    const configured = { vn: { common: { Login: 'Vào hệ thống' }, studio: { History: 'Lịch sử' } } };
    expect(textRows(shipped, configured, 'vn')).toEqual([
      { namespace: 'common', key: 'Items_one', shipped: '{{count}} mục', configured: null },
      { namespace: 'common', key: 'Login', shipped: 'Đăng nhập', configured: 'Vào hệ thống' },
      { namespace: 'common', key: 'Logout', shipped: 'Đăng xuất', configured: null },
      { namespace: 'studio', key: 'History', shipped: null, configured: 'Lịch sử' },
      { namespace: 'table', key: 'Filter', shipped: 'Lọc', configured: null },
    ]);
  });

  it('ships an English text as its key unless the English file words it', () => {
    const rows = textRows(shipped, { en: { common: { Logout: 'Sign out' } } }, 'en');
    expect(rows.find((row) => row.key === 'Logout')).toMatchObject({
      shipped: 'Logout',
      configured: 'Sign out',
    });
    expect(rows.find((row) => row.key === 'Items_one')?.shipped).toBe('{{count}} item');
  });

  it('finds texts by key or by text, without regard to case or accents, in one namespace or all', () => {
    const rows = textRows(shipped, { vn: { table: { Filter: 'Bộ lọc' } } }, 'vn');
    expect(filterTexts(rows, { search: 'dang NHAP' }).map((row) => row.key)).toEqual(['Login']);
    expect(filterTexts(rows, { search: 'logout' }).map((row) => row.key)).toEqual(['Logout']);
    expect(filterTexts(rows, { search: 'bo loc' }).map((row) => row.key)).toEqual(['Filter']);
    expect(filterTexts(rows, { namespace: 'table' }).map((row) => row.key)).toEqual(['Filter']);
    expect(filterTexts(rows, { namespace: 'table', search: 'login' })).toEqual([]);
    expect(filterTexts(rows, {})).toHaveLength(rows.length);
  });

  it('keeps the texts missing in a language when asked: not shipped and not configured', () => {
    const configured = { vn: { studio: { Screens: 'Màn hình' } } };
    const rows = textRows(
      { ...shipped, en: { ...shipped.en, studio: { History: 'History', Screens: 'Screens' } } },
      configured,
      'vn',
    );
    expect(filterTexts(rows, { missingOnly: true }).map((row) => `${row.namespace}/${row.key}`)).toEqual([
      'studio/History',
    ]);
  });

  it('folds accents and đ for matching', () => {
    expect(foldText('Đăng Nhập')).toBe('dang nhap');
  });

  it('pages a list, clamping the page asked for', () => {
    const list = Array.from({ length: 120 }, (_, index) => index);
    expect(pageOf(list, 1, 50)).toMatchObject({ page: 1, pages: 3 });
    expect(pageOf(list, 3, 50).rows).toEqual(list.slice(100));
    expect(pageOf(list, 9, 50).page).toBe(3);
    expect(pageOf(list, 0, 50).page).toBe(1);
    expect(pageOf([], 1, 50)).toEqual({ rows: [], page: 1, pages: 1 });
  });
});
