import { writeXlsx } from '../../lib/xlsx-writer';
import type { Column } from './registry';

/** The texts of option values, by option list and value. */
export type OptionTexts = Map<string, Map<string, string>>;

/**
 * Rows read together, with the texts of their options: a short list's whole, a list that grows
 * (a relation's other side) read for this batch's values only.
 */
export type ExportBatch = { rows: Record<string, unknown>[]; texts: OptionTexts };

/**
 * Writes rows to an .xlsx file as they arrive (see lib/xlsx-writer), so that memory stays flat however
 * many rows there are. Each cell is formatted by its column type's entry of the column-type map; an
 * option's cell (a relation's too) holds its text, not its value; the header row says each column's
 * header in the reader's language (`say`).
 */
export async function writeWorkbook(
  path: string,
  sheetName: string,
  columns: Column[],
  batches: AsyncIterable<ExportBatch>,
  say: (text: string) => string,
): Promise<number> {
  const cells = async function* () {
    for await (const { rows, texts } of batches) {
      const textOf = columns.map((column) => {
        const known = column.source ? texts.get(column.source) : undefined;
        return (value: unknown) => known?.get(String(value)) ?? String(value);
      });
      yield rows.map((row) =>
        columns.map((column, index) => column.kind.excel.value(row[column.field], textOf[index] ?? String)),
      );
    }
  };
  return writeXlsx(
    path,
    sheetName,
    columns.map((column) => ({
      header: say(column.header),
      width: column.kind.excel.width ?? Math.min(Math.max(Math.round((column.width ?? 120) / 7), 8), 60),
      numFmt: column.kind.excel.numFmt,
    })),
    cells(),
  );
}

/**
 * The distinct values of a batch's rows in the columns of one option list (each item of a list
 * column), as the rows hold them.
 */
export function optionValuesOf(
  rows: readonly Record<string, unknown>[],
  columns: readonly Column[],
): unknown[] {
  const values = new Map<string, unknown>();
  for (const row of rows) {
    for (const column of columns) {
      const value = row[column.field];
      if (value === null || value === undefined || value === '') continue;
      const items = column.kind.list && typeof value === 'string' ? value.split(',') : [value];
      for (const item of items) if (!values.has(String(item))) values.set(String(item), item);
    }
  }
  return [...values.values()];
}
