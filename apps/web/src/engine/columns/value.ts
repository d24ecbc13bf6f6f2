import type { CellContext } from './cell-context';

export type CellValue = { valueField: string; value: unknown; text: unknown };

/** `fValue` and `fText`: which field the cell shows and edits, and the text shown for its value. */
export function resolveValue({ valueField, value, text }: CellContext): CellValue {
  return { valueField, value, text };
}
