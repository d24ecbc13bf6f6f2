import type { ColumnMore } from '@panelwright/contract';
import { parseJsonText } from '../values';

/** Where a warning goes; console.warn by default, injectable for tests and the debug tools. */
export type Warn = (message: string) => void;

/** The options of a column and whether its `more` text could be read. */
export type ParsedColumnMore = { options: ColumnMore; valid: boolean };

/**
 * Parses a column's `Type.more` JSON text. Text that is not a JSON object disables the column's
 * options with one warning, so one bad column never stops the table from rendering.
 */
export function parseColumnMore(
  text: string | null | undefined,
  fieldName: string,
  warn: Warn = console.warn,
): ParsedColumnMore {
  if (text === null || text === undefined || text.trim() === '') return { options: {}, valid: true };
  const parsed = parseJsonText(text);
  if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
    return { options: parsed as ColumnMore, valid: true };
  }
  warn(`Column "${fieldName}": Type.more is not a valid JSON object; its options are ignored.`);
  return { options: {}, valid: false };
}
