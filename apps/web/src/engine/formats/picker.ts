import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { isValidTimeText } from './value-checks';

dayjs.extend(customParseFormat);

/** flatpickr formats of the pickers: d/m/Y and d/m/Y H:i (part 1 section 9), times H:i (24-hour). */
export const PICKER_FORMATS = { date: 'd/m/Y', datetime: 'd/m/Y H:i', time: 'H:i' } as const;
export type PickerKind = keyof typeof PICKER_FORMATS;

/** The ISO forms the pickers read and write: a date, a local date-time without zone, a time. */
export const ISO_FORMATS = { date: 'YYYY-MM-DD', datetime: 'YYYY-MM-DDTHH:mm:ss', time: 'HH:mm' } as const;

/** flatpickr tokens and their dayjs equivalents. */
const FLATPICKR_TO_DAYJS: Record<string, string> = {
  d: 'DD',
  j: 'D',
  m: 'MM',
  n: 'M',
  Y: 'YYYY',
  y: 'YY',
  H: 'HH',
  G: 'hh',
  h: 'h',
  i: 'mm',
  S: 'ss',
  s: 's',
  K: 'A',
  M: 'MMM',
  F: 'MMMM',
  D: 'ddd',
  l: 'dddd',
};

/** Converts a flatpickr format to a dayjs one; other characters are kept literally. */
export function flatpickrToDayjsFormat(format: string): string {
  let result = '';
  for (let i = 0; i < format.length; i++) {
    const char = format.charAt(i);
    if (char === '\\' && i + 1 < format.length) {
      result += `[${format.charAt(i + 1)}]`;
      i++;
      continue;
    }
    const token = FLATPICKR_TO_DAYJS[char];
    result += token ?? (/[A-Za-z]/.test(char) ? `[${char}]` : char);
  }
  return result;
}

/** ISO text ('2024-03-05', '2024-03-05T14:30:00') to the picker's display text, or '' when invalid. */
export function isoToPickerText(iso: unknown, kind: PickerKind): string {
  if (typeof iso !== 'string' || iso.trim() === '') return '';
  if (kind === 'time') return isValidTimeText(iso) ? iso.trim().slice(0, 5) : '';
  const date = dayjs(iso.trim());
  return date.isValid() ? date.format(flatpickrToDayjsFormat(PICKER_FORMATS[kind])) : '';
}

/** The picker's display text back to ISO text, or null when it is not a valid date (strict). */
export function pickerTextToIso(text: unknown, kind: PickerKind): string | null {
  if (typeof text !== 'string' || text.trim() === '') return null;
  const date = dayjs(text.trim(), flatpickrToDayjsFormat(PICKER_FORMATS[kind]), true);
  return date.isValid() ? date.format(ISO_FORMATS[kind]) : null;
}

/**
 * The date a picker's text stands for in a flatpickr format, read strictly: '31/02/2024' is no date
 * (flatpickr's own reading rolls it over into March), and neither is a partial text.
 */
export function readPickerText(text: string, flatpickrFormat: string): Date | null {
  const date = dayjs(text.trim(), flatpickrToDayjsFormat(flatpickrFormat), true);
  return date.isValid() ? date.toDate() : null;
}
