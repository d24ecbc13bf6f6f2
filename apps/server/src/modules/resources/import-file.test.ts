import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { readCsv } from './import-file';

/** What parsing the whole text at once gives (how the import read files before it read batches). */
function wholeParse(text: string) {
  const [header, ...rows] = Papa.parse<string[]>(text, {
    delimitersToGuess: [',', ';', '\t', '|'],
    skipEmptyLines: 'greedy',
  }).data;
  return { header: header?.map((cell) => cell.trim()), rows };
}

const files: Record<string, string> = {
  'commas, a final line break': 'SKU,Name\nA-1,One\nA-2,Two\n',
  'no final line break': 'SKU,Name\nA-1,One\nA-2,Two',
  'semicolons and CRLF': 'SKU;Name;Price\r\nA-1;One;"1,5"\r\nA-2;Two;2\r\n',
  'tabs and blank lines anywhere': '\n\nSKU\tName\n\nA-1\tOne\n \t \nA-2\tTwo\n\n\nA-3\tThree\n',
  'quoted line breaks, delimiters and quotes': [
    'SKU,Name,Notes',
    'A-1,"One, with a comma","a ""quoted"" word"',
    'A-2,"Two\non two lines",',
    'A-3,Three,"ends\r\nlater"',
    'A-4,Four,x',
  ].join('\n'),
  pipes: 'SKU|Name\nA-1|One|extra\nA-2\n',
  'a header only': 'SKU,Name\n',
  'no quotes at all, many rows': [
    'SKU,Name',
    ...Array.from({ length: 1234 }, (_, i) => `B-${i},Row ${i}`),
  ].join('\n'),
};

describe('readCsv', () => {
  for (const [name, text] of Object.entries(files)) {
    it(`reads ${name} in batches exactly as a whole parse does`, () => {
      const expected = wholeParse(text);
      const table = readCsv(text);
      expect(table.headers).toEqual(expected.header);
      expect(table.total).toBe(expected.rows.length);
      expect(table.preview).toEqual(expected.rows.slice(0, 10));
      for (const size of [1, 2, 3, 500]) {
        const batches = [...table.batches(size)];
        // Every batch full but the last, blank lines or not.
        expect(batches.slice(0, -1).every((batch) => batch.length === size)).toBe(true);
        expect((batches.at(-1)?.length ?? 1) > 0 && (batches.at(-1)?.length ?? 0) <= size).toBe(true);
        expect(batches.flat()).toEqual(expected.rows);
      }
      // Each reading starts from the first row again.
      expect([...table.batches(7)].flat()).toEqual(expected.rows);
    });
  }

  it('refuses a text without a header row', () => {
    expect(() => readCsv('\n \n')).toThrow(/no header row/);
  });
});
