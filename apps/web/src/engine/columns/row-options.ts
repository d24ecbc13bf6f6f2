import type { OptionItem } from '@panelwright/contract';
import { type Row, readText, valueText } from '../values';

/**
 * The options a row's cell offers: with the column's `optionsFor` (the field that picks them), those
 * whose `For` is that field's value in the row, and those that belong to every row (no `For`). A
 * permission grant's field lists offer the fields of its own screen only.
 */
export function optionsOfRow(options: readonly OptionItem[], row: Row, optionsFor: unknown): OptionItem[] {
  const field = readText(optionsFor);
  if (!field) return [...options];
  const owner = valueText(row[field]);
  return options.filter((option) => option.For === undefined || option.For === owner);
}
