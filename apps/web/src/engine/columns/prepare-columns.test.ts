import { afterEach, describe, expect, it, vi } from 'vitest';
import { columnDef } from '../testing/columns';
import { parseColumnMore } from './column-more';
import {
  columnIndex,
  columnWidthStyle,
  parseHeader,
  prepareColumn,
  prepareColumns,
  SPECIAL_COLUMNS,
  specialColumnWidthStyle,
} from './prepare-columns';
import { resolveCell } from './resolve-cell';

afterEach(() => vi.restoreAllMocks());

describe('Type.more', () => {
  it('parses the JSON text of the options', () => {
    expect(parseColumnMore('{"canShow":false}', 'F')).toEqual({ options: { canShow: false }, valid: true });
    expect(parseColumnMore(undefined, 'F')).toEqual({ options: {}, valid: true });
    expect(parseColumnMore('  ', 'F')).toEqual({ options: {}, valid: true });
  });

  it('disables the options of invalid JSON with exactly one console warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const result = parseColumnMore('{canShow: false', 'Price');
    expect(result).toEqual({ options: {}, valid: false });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toContain('Price');
  });

  it('refuses JSON that is not an object', () => {
    const warn = vi.fn();
    expect(parseColumnMore('[1,2]', 'F', warn).valid).toBe(false);
    expect(parseColumnMore('3', 'F', warn).valid).toBe(false);
    expect(parseColumnMore('null', 'F', warn).valid).toBe(false);
    expect(warn).toHaveBeenCalledTimes(3);
  });

  it('still renders a table with a broken column: one warning, the other columns keep their options', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const columns = prepareColumns({
      Broken: columnDef({ fieldName: 'Broken', Index: 1, more: '{oops' }),
      Hidden: columnDef({ fieldName: 'Hidden', Index: 2, more: { canShow: false } }),
    });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(columns.map((c) => c.fieldName)).toEqual(['Broken', 'Hidden']);
    const row = { Broken: 'x', Hidden: 'y' };
    const [broken, hidden] = columns.map((c) => resolveCell(c, row));
    expect(broken?.visibility.visible).toBe(true);
    expect(broken?.display.text).toBe('x');
    expect(hidden?.visibility.visible).toBe(false);
    expect(warn).toHaveBeenCalledTimes(1);
  });
});

describe('headers', () => {
  it('takes plain text as it is', () => {
    expect(parseHeader('Price')).toEqual({ text: 'Price', config: undefined });
    expect(parseHeader('{not json')).toEqual({ text: '{not json', config: undefined });
    expect(parseHeader(undefined).text).toBe('');
  });

  it('takes the header key of JSON text', () => {
    expect(parseHeader('{"header":"Giá","tooltip":"VAT"}')).toEqual({
      text: 'Giá',
      config: { header: 'Giá', tooltip: 'VAT' },
    });
    expect(parseHeader('{"title":"x"}').text).toBe('');
    expect(prepareColumn(columnDef({ Header: '{"header":"Total"}' })).header).toBe('Total');
  });
});

describe('column order and special columns', () => {
  it('orders columns by Index, keeping the server order on ties, delete at 1000 and remove at 999', () => {
    const columns = prepareColumns({
      Del: columnDef({ fieldName: 'Del', type: 'delete', Index: 0 }),
      B: columnDef({ fieldName: 'B', Index: 5 }),
      Rem: columnDef({ fieldName: 'Rem', type: 'remove', Index: 2000 }),
      A: columnDef({ fieldName: 'A', Index: 1 }),
      A2: columnDef({ fieldName: 'A2', Index: 1 }),
      Late: columnDef({ fieldName: 'Late', Index: 999.5 }),
    });
    expect(columns.map((c) => c.fieldName)).toEqual(['A', 'A2', 'B', 'Rem', 'Late', 'Del']);
    expect(columns.find((c) => c.fieldName === 'Del')?.index).toBe(1000);
    expect(columns.find((c) => c.fieldName === 'Rem')?.index).toBe(999);
  });

  it('leaves out hidden columns unless asked', () => {
    const columns = { A: columnDef({ fieldName: 'A' }), B: columnDef({ fieldName: 'B', CanShow: false }) };
    expect(prepareColumns(columns).map((c) => c.fieldName)).toEqual(['A']);
    expect(prepareColumns(columns, { includeHidden: true }).map((c) => c.fieldName)).toEqual(['A', 'B']);
  });

  it('takes the field name from the key when the definition has none, and accepts a list', () => {
    expect(prepareColumns({ Key: columnDef({ fieldName: '' }) })[0]?.fieldName).toBe('Key');
    expect(prepareColumns([columnDef({ fieldName: 'X' })])[0]?.fieldName).toBe('X');
  });

  it('defaults the cell type to readonly', () => {
    expect(prepareColumn(columnDef({ type: '' })).cellType).toBe('readonly');
  });

  it('treats a missing Index as 0', () => {
    expect(columnIndex({ Index: Number.NaN, Type: { type: 'text' } })).toBe(0);
  });

  it('gives the special columns fixed widths of 30 to 40 px', () => {
    for (const kind of Object.keys(SPECIAL_COLUMNS) as (keyof typeof SPECIAL_COLUMNS)[]) {
      const { width } = specialColumnWidthStyle(kind);
      expect(width).toBeGreaterThanOrEqual(30);
      expect(width).toBeLessThanOrEqual(40);
    }
    expect(columnWidthStyle(prepareColumn(columnDef({ type: 'delete', Width: 200 })))).toEqual({
      width: 40,
      minWidth: 40,
      maxWidth: 40,
    });
    expect(columnWidthStyle(prepareColumn(columnDef({ Width: 200 })))).toEqual({ width: 200 });
    expect(columnWidthStyle(prepareColumn(columnDef({ Width: null })))).toEqual({});
    // A select cell is a drop-down, not the 30 px row-selection column.
    expect(columnWidthStyle(prepareColumn(columnDef({ type: 'select', Width: 150 })))).toEqual({
      width: 150,
    });
    expect(columnWidthStyle(prepareColumn(columnDef({ type: 'expand', Width: 150 })))).toEqual({
      width: 150,
    });
  });
});
