import type { OptionItem } from '@panelwright/contract';
import { isCalendarDate, optionWithValue, parseDateTime } from './column-types';
import type { Column } from './registry';

/** A cell as a file holds it: CSV cells are text, xlsx cells are typed. */
export type FileCell = string | number | boolean | Date | null;

export type CellReading = { ok: true; value: unknown } | { ok: false; message: string };

/** How the product shows values, for reading them back as shown. */
export type ReadOptions = {
  /** Minutes, as JavaScript's getTimezoneOffset(): a shown date and time is local to the caller. */
  timezoneOffset: number;
  /** The column's options, where it has a list. */
  options?: OptionItem[] | undefined;
};

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** `1,234.5`, `1234.5`, `-12`, `12.5%`, `$ 1,234.00`, and `1.234,5` where the grouping says so. */
export function readNumber(text: string): number | null {
  let clean = text.trim().replace(/^[$€£₫]\s*|\s*[$€£₫đ]$|\s*(VND|USD|EUR)$/gi, '');
  clean = clean.replace(/%$/, '').replace(/[\s\u00a0]/g, '');
  if (clean === '') return null;
  if (/^[-+]?\d{1,3}(,\d{3})+(\.\d+)?$/.test(clean)) clean = clean.replace(/,/g, '');
  else if (/^[-+]?\d{1,3}(\.\d{3})+(,\d+)?$/.test(clean) || /^[-+]?\d+,\d+$/.test(clean))
    clean = clean.replace(/\./g, '').replace(',', '.');
  if (!/^[-+]?(\d+(\.\d*)?|\.\d+)$/.test(clean)) return null;
  const value = Number(clean);
  return Number.isFinite(value) ? value : null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A calendar day from the way the product shows dates (`05-Mar24`, `05-Mar-2024`), ISO
 * (`2024-03-05`, a date and time) or day first (`05/03/2024`), as YYYY-MM-DD; null if none.
 */
export function readDate(text: string): string | null {
  const value = text.trim();
  if (isCalendarDate(value)) return value;
  const iso = /^(\d{4}-\d{2}-\d{2})[T ]/.exec(value);
  if (iso?.[1] && isCalendarDate(iso[1])) return iso[1];
  const shown = /^(\d{1,2})[-\s]([A-Za-z]{3})[-\s]?(\d{2}|\d{4})$/.exec(value);
  if (shown) {
    const month = MONTHS.indexOf((shown[2] ?? '').toLowerCase());
    const year = (shown[3] ?? '').length === 2 ? 2000 + Number(shown[3]) : Number(shown[3]);
    const day = `${year}-${pad(month + 1)}-${pad(Number(shown[1]))}`;
    return month >= 0 && isCalendarDate(day) ? day : null;
  }
  const dayFirst = /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})$/.exec(value);
  if (dayFirst) {
    const day = `${dayFirst[3]}-${pad(Number(dayFirst[2]))}-${pad(Number(dayFirst[1]))}`;
    return isCalendarDate(day) ? day : null;
  }
  return null;
}

/** A date and time as shown (`05-Mar24 14:30`, local to the caller) or ISO, as UTC ISO; null if none. */
export function readDateTime(text: string, timezoneOffset: number): string | null {
  const value = text.trim();
  const iso = parseDateTime(value);
  if (iso !== null) return iso;
  const shown = /^(.+?)\s+(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  const day = shown ? readDate(shown[1] ?? '') : readDate(value);
  if (!day) return null;
  const [hours, minutes, seconds] = shown ? [shown[2], shown[3], shown[4] ?? '0'].map(Number) : [0, 0, 0];
  if ((hours ?? 0) > 23 || (minutes ?? 0) > 59 || (seconds ?? 0) > 59) return null;
  const local = Date.parse(`${day}T${pad(hours ?? 0)}:${pad(minutes ?? 0)}:${pad(seconds ?? 0)}Z`);
  return new Date(local + timezoneOffset * 60_000).toISOString();
}

const TRUE_TEXT = new Set(['true', '1', 'yes', 'y', 'x', '✓', 'có', 'co', 'đúng']);
const FALSE_TEXT = new Set(['false', '0', 'no', 'n', '', 'không', 'khong', 'sai']);

const fold = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .trim();

/** The option a file's text names: by its value, or its text as shown (case and accents aside). */
export function namedOption(text: string, options: OptionItem[]): OptionItem | undefined {
  const exact = optionWithValue(options, text);
  if (exact) return exact;
  const folded = fold(text);
  return options.find((option) => fold(option.Text) === folded || fold(String(option.Value)) === folded);
}

/** An option's value from its value or its text as shown; the text itself when it names none. */
function optionValue(text: string, options: OptionItem[]): unknown {
  const named = namedOption(text, options);
  return named ? named.Value : text;
}

const asText = (cell: FileCell): string => {
  if (cell instanceof Date) return cell.toISOString();
  return cell === null ? '' : String(cell);
};

const listItems = (text: string) =>
  text
    .split(/[,;]/)
    .map((item) => item.trim())
    .filter((item) => item !== '');

/** The texts of a cell that `readCell` reads as options of the column (none for other columns). */
export function optionTexts(column: Column, cell: FileCell): string[] {
  if (cell === null || cell instanceof Date) return [];
  const text = String(cell).trim();
  if (text === '') return [];
  if (column.kind.family === 'select') return [text];
  return column.kind.family === 'multiselect' ? listItems(text) : [];
}

const fail = (message: string): CellReading => ({ ok: false, message });

/**
 * A file's cell as the value AddNew would take for the column: read as the product shows it (and as
 * ISO); the column's own rules check it afterwards. An empty cell is no value.
 */
export function readCell(column: Column, cell: FileCell, options: ReadOptions): CellReading {
  if (cell === null || (typeof cell === 'string' && cell.trim() === ''))
    return { ok: true, value: undefined };
  const family = column.kind.family;
  const text = asText(cell);
  switch (family) {
    case 'number': {
      if (typeof cell === 'number') return { ok: true, value: cell };
      const value = readNumber(text);
      return value === null ? fail(`${text.slice(0, 40)} is not a number`) : { ok: true, value };
    }
    case 'boolean': {
      if (typeof cell === 'boolean') return { ok: true, value: cell };
      const folded = fold(text);
      if (TRUE_TEXT.has(folded)) return { ok: true, value: true };
      if (FALSE_TEXT.has(folded)) return { ok: true, value: false };
      return fail(`${text.slice(0, 40)} is not yes or no`);
    }
    case 'date': {
      if (cell instanceof Date) return { ok: true, value: cell.toISOString().slice(0, 10) };
      const value = readDate(text);
      return value === null ? fail(`${text.slice(0, 40)} is not a date`) : { ok: true, value };
    }
    case 'datetime': {
      if (cell instanceof Date) return { ok: true, value: cell.toISOString() };
      const value = readDateTime(text, options.timezoneOffset);
      return value === null ? fail(`${text.slice(0, 40)} is not a date and time`) : { ok: true, value };
    }
    case 'select':
      return { ok: true, value: options.options ? optionValue(text.trim(), options.options) : text.trim() };
    case 'multiselect': {
      const items = listItems(text);
      return {
        ok: true,
        value: options.options ? items.map((item) => optionValue(item, options.options ?? [])) : items,
      };
    }
    case 'json': {
      try {
        return { ok: true, value: JSON.parse(text) };
      } catch {
        return fail('is not JSON');
      }
    }
    default:
      return { ok: true, value: typeof cell === 'number' && family === 'text' ? String(cell) : text };
  }
}

/** A header or field name folded for comparison: case, accents, spaces and punctuation aside. */
export function headerKey(text: string): string {
  return fold(text).replace(/[^a-z0-9]/g, '');
}
