import type ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { badRequest } from '../../lib/errors';
import type { FileCell } from './import-values';

/**
 * A file's table: its header row, how many data rows it has, the first of them, and all of them a
 * batch at a time. A CSV's rows are read from its text as each batch is asked for, so that an import
 * never holds more than one batch of parsed rows (100,000 rows as arrays of strings were tens of MB).
 */
export type FileTable = {
  headers: string[];
  total: number;
  /** The first data rows (up to `PREVIEW_ROWS`). */
  preview: FileCell[][];
  /** The data rows in order, at most `size` to a batch; each call reads them again from the start. */
  batches(size: number): Iterable<FileCell[][]>;
};

/** The most data rows one import reads. */
export const MAX_IMPORT_ROWS = 200_000;
/** The data rows a table keeps at hand for a preview. */
export const PREVIEW_ROWS = 10;

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

/**
 * Reads an uploaded table by its content, not its name: an xlsx workbook (a zip) or CSV text in
 * UTF-8, with or without a byte-order mark, with any delimiter (comma, semicolon, tab, pipe).
 */
export async function readTable(bytes: Buffer): Promise<FileTable> {
  if (bytes.length === 0) throw badRequest('file[]: the file is empty');
  if (ZIP_MAGIC.every((byte, index) => bytes[index] === byte)) return readWorkbook(bytes);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw badRequest('file[]: is neither an .xlsx workbook nor CSV text in UTF-8');
  }
  if (text.includes('\u0000')) throw badRequest('file[]: is neither an .xlsx workbook nor CSV text in UTF-8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  return readCsv(text);
}

/** A CSV text's table: the delimiter and line break guessed once, then its rows read batch by batch. */
export function readCsv(text: string): FileTable {
  const { delimiter, linebreak } = Papa.parse<string[]>(text, {
    delimitersToGuess: [',', ';', '\t', '|'],
    skipEmptyLines: 'greedy',
    preview: 1,
  }).meta;
  // Papa's own parser, `size` lines a call from where the last call stopped (`fastMode: false`: its
  // fast path splits the whole remaining text into lines on every call). The header row included.
  function* lines(size: number): Generator<string[][]> {
    let cursor = 0;
    while (cursor < text.length) {
      const parser = new Papa.Parser({
        delimiter,
        newline: linebreak as Papa.ParseConfig['newline'],
        preview: size,
        fastMode: false,
      });
      const result = parser.parse(text.slice(cursor), 0, false) as Papa.ParseResult<string[]>;
      if (result.meta.cursor <= 0) break;
      cursor += result.meta.cursor;
      // As Papa's `skipEmptyLines: 'greedy'`: a line of blanks and delimiters is no row.
      const kept = result.data.filter((row) => row.join('').trim() !== '');
      if (kept.length > 0) yield kept;
      if (!result.meta.truncated) break;
    }
  }
  // The data rows in batches of exactly `size` (the last one excepted), whatever lines were blank.
  function* rows(size: number): Generator<string[][]> {
    let header = true;
    let pending: string[][] = [];
    for (const batch of lines(size)) {
      if (header) {
        batch.shift();
        header = false;
      }
      pending = pending.length === 0 ? batch : pending.concat(batch);
      while (pending.length >= size) {
        yield pending.slice(0, size);
        pending = pending.slice(size);
      }
    }
    if (pending.length > 0) yield pending;
  }
  const [header]: string[][] = lines(1).next().value ?? [];
  if (!header) throw badRequest('file[]: has no header row');
  let total = 0;
  const preview: FileCell[][] = [];
  for (const batch of rows(BATCH_OF_COUNT)) {
    if (preview.length < PREVIEW_ROWS) preview.push(...batch.slice(0, PREVIEW_ROWS - preview.length));
    total += batch.length;
  }
  if (total > MAX_IMPORT_ROWS)
    throw badRequest(`file[]: has ${total} rows; an import reads at most ${MAX_IMPORT_ROWS}`);
  return {
    headers: header.map((cell) => cell.trim()),
    total,
    preview,
    batches: rows,
  };
}

/** Rows parsed at a time while a CSV's rows are counted. */
const BATCH_OF_COUNT = 2000;

/** Rows held in memory (a workbook is read whole), given as a table. */
function tableOf(headers: string[], rows: FileCell[][]): FileTable {
  return {
    headers,
    total: rows.length,
    preview: rows.slice(0, PREVIEW_ROWS),
    batches: function* (size) {
      for (let start = 0; start < rows.length; start += size) yield rows.slice(start, start + size);
    },
  };
}

async function readWorkbook(bytes: Buffer): Promise<FileTable> {
  // Loaded when a workbook arrives: exceljs is a twentieth of the server's start-up CPU.
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw badRequest('file[]: the workbook cannot be read');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet || sheet.rowCount === 0) throw badRequest('file[]: has no header row');
  if (sheet.rowCount - 1 > MAX_IMPORT_ROWS)
    throw badRequest(`file[]: has ${sheet.rowCount - 1} rows; an import reads at most ${MAX_IMPORT_ROWS}`);
  const width = sheet.getRow(1).cellCount;
  const headers: string[] = [];
  for (let column = 1; column <= width; column++) {
    headers.push(String(cellOf(sheet.getRow(1).getCell(column).value) ?? '').trim());
  }
  const rows: FileCell[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    if (number === 1) return;
    const cells: FileCell[] = [];
    for (let column = 1; column <= width; column++) cells.push(cellOf(row.getCell(column).value));
    if (cells.some((cell) => cell !== null && cell !== '')) rows.push(cells);
  });
  return tableOf(headers, rows);
}

/** An xlsx cell's value: formulas by their result, rich text and links by their text. */
function cellOf(value: ExcelJS.CellValue): FileCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value;
  if (typeof value === 'object') {
    if ('result' in value) return cellOf(value.result as ExcelJS.CellValue);
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('text' in value) return String(value.text);
    if ('error' in value) return null;
  }
  return null;
}
