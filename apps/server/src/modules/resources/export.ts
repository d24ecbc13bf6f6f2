import ExcelJS from 'exceljs';
import type { Column } from './registry';

export type OptionTexts = Map<string, Map<string, string>>;

/**
 * Writes rows to an .xlsx file with exceljs's streaming writer, so that memory stays flat however many
 * rows there are. Each cell is formatted by its column type's entry of the column-type map.
 */
export async function writeWorkbook(
  path: string,
  sheetName: string,
  columns: Column[],
  batches: AsyncIterable<Record<string, unknown>[]>,
  optionTexts: OptionTexts,
): Promise<number> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: path,
    useSharedStrings: false,
    useStyles: true,
  });
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column) => ({
    header: column.header,
    key: column.field,
    width: column.kind.excel.width ?? Math.min(Math.max(Math.round((column.width ?? 120) / 7), 8), 60),
    style: column.kind.excel.numFmt ? { numFmt: column.kind.excel.numFmt } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  const textOf = columns.map((column) => {
    const texts = column.source ? optionTexts.get(column.source) : undefined;
    return (value: unknown) => texts?.get(String(value)) ?? String(value);
  });
  const formats = columns.flatMap((column, index) =>
    column.kind.excel.numFmt ? [[index, column.kind.excel.numFmt] as const] : [],
  );
  let count = 0;
  for await (const rows of batches) {
    for (const row of rows) {
      const added = sheet.addRow(
        columns.map((column, index) => column.kind.excel.value(row[column.field], textOf[index] ?? String)),
      );
      // The streaming writer does not carry a column's style to its cells.
      for (const [index, format] of formats) added.getCell(index + 1).numFmt = format;
      added.commit();
      count += 1;
    }
  }
  sheet.commit();
  await workbook.commit();
  return count;
}
