import type ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { badRequest } from '../../lib/errors';
import type { FileCell } from './import-values';

/** A file's table: its header row and its data rows (cells as the file holds them). */
export type FileTable = { headers: string[]; rows: FileCell[][] };

/** The most data rows one import reads. */
export const MAX_IMPORT_ROWS = 200_000;

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
  const parsed = Papa.parse<string[]>(text, {
    delimitersToGuess: [',', ';', '\t', '|'],
    skipEmptyLines: 'greedy',
  });
  const [header, ...rows] = parsed.data;
  if (!header) throw badRequest('file[]: has no header row');
  if (rows.length > MAX_IMPORT_ROWS)
    throw badRequest(`file[]: has ${rows.length} rows; an import reads at most ${MAX_IMPORT_ROWS}`);
  return { headers: header.map((cell) => cell.trim()), rows };
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
  return { headers, rows };
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
