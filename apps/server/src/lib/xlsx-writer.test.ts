import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { columnLetters, escapeXml, writeXlsx, type XlsxCell } from './xlsx-writer';

const folder = mkdtempSync(join(tmpdir(), 'pw-xlsx-'));
let files = 0;

async function* inBatches(rows: XlsxCell[][], size = 2): AsyncIterable<XlsxCell[][]> {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

/** Writes a workbook and reads it back with exceljs, a reader written by others. */
async function roundTrip(columns: { header: string; width?: number; numFmt?: string }[], rows: XlsxCell[][]) {
  const path = join(folder, `book-${files++}.xlsx`);
  const written = await writeXlsx(
    path,
    'Products: all/some',
    columns.map((c) => ({ width: 12, ...c })),
    inBatches(rows),
  );
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(path);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  return { written, sheet };
}

describe('writeXlsx', () => {
  it('writes a sheet that another reader opens: header, every kind of cell, formats and a frozen header', async () => {
    const when = new Date(Date.UTC(2024, 4, 1, 10, 30));
    const { written, sheet } = await roundTrip(
      [
        { header: 'Name' },
        { header: 'Price', numFmt: '#,##0.00' },
        { header: 'Active' },
        { header: 'Day', numFmt: 'yyyy-mm-dd' },
        { header: 'Site' },
      ],
      [
        [
          'Tea & <biscuits> "fine"',
          1234.5,
          true,
          when,
          { text: 'example', hyperlink: 'https://example.com/?a="1"&b=2' },
        ],
        [null, -0.25, false, null, 'plain'],
        ['=1+1 stays text', 0, null, new Date(Date.UTC(1900, 2, 1)), null],
      ],
    );
    expect(written).toBe(3);
    expect(sheet.name).toBe('Products  all some');
    expect(sheet.getRow(1).values).toEqual([undefined, 'Name', 'Price', 'Active', 'Day', 'Site']);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const first = sheet.getRow(2);
    expect(first.getCell(1).value).toBe('Tea & <biscuits> "fine"');
    expect(first.getCell(2).value).toBe(1234.5);
    expect(first.getCell(2).numFmt).toBe('#,##0.00');
    expect(first.getCell(3).value).toBe(true);
    expect(first.getCell(4).value).toEqual(when);
    expect(first.getCell(4).numFmt).toBe('yyyy-mm-dd');
    expect(first.getCell(5).value).toMatchObject({
      formula: 'HYPERLINK("https://example.com/?a=""1""&b=2","example")',
    });
    expect(sheet.getRow(3).getCell(1).value).toBeNull();
    expect(sheet.getRow(3).getCell(2).value).toBe(-0.25);
    expect(sheet.getRow(3).getCell(3).value).toBe(false);
    expect(sheet.getRow(4).getCell(1).value).toBe('=1+1 stays text');
    expect(sheet.getRow(4).getCell(4).value).toEqual(new Date(Date.UTC(1900, 2, 1)));
  });

  it('names columns past Z as Excel does', () => {
    expect([0, 25, 26, 27, 51, 52, 701, 702].map(columnLetters)).toEqual([
      'A',
      'Z',
      'AA',
      'AB',
      'AZ',
      'BA',
      'ZZ',
      'AAA',
    ]);
  });

  it('drops the characters XML cannot hold and escapes the rest', () => {
    expect(escapeXml('a\u0000b\u0008c\u000bd\te\nf<&>"\'')).toBe('abcd\te\nf&lt;&amp;&gt;&quot;&apos;');
  });

  it('gives back any text and number it was given, across many rows and columns (property)', async () => {
    const text = fc.string({ unit: 'grapheme', maxLength: 40 }).filter((s) => s.trim() === s && s !== '');
    const cell = fc.oneof(
      text,
      fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e12, max: 1e12 }),
      fc.boolean(),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(cell, { minLength: 30, maxLength: 30 }), { minLength: 1, maxLength: 20 }),
        async (rows) => {
          const columns = Array.from({ length: 30 }, (_, i) => ({ header: `C${i}` }));
          const { sheet } = await roundTrip(columns, rows);
          rows.forEach((row, r) => {
            row.forEach((value, c) => {
              const read = sheet.getRow(r + 2).getCell(c + 1).value;
              expect(read).toEqual(typeof value === 'number' && Object.is(value, -0) ? 0 : value);
            });
          });
        },
      ),
      { numRuns: 25 },
    );
  });
});
