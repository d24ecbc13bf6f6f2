import { writeXlsx } from '../../lib/xlsx-writer';
import type { Column } from './registry';

export type OptionTexts = Map<string, Map<string, string>>;

/**
 * Writes rows to an .xlsx file as they arrive (see lib/xlsx-writer), so that memory stays flat however
 * many rows there are. Each cell is formatted by its column type's entry of the column-type map; the
 * header row says each column's header in the reader's language (`say`).
 */
export async function writeWorkbook(
  path: string,
  sheetName: string,
  columns: Column[],
  batches: AsyncIterable<Record<string, unknown>[]>,
  optionTexts: OptionTexts,
  say: (text: string) => string,
): Promise<number> {
  const textOf = columns.map((column) => {
    const texts = column.source ? optionTexts.get(column.source) : undefined;
    return (value: unknown) => texts?.get(String(value)) ?? String(value);
  });
  const cells = async function* () {
    for await (const rows of batches) {
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
