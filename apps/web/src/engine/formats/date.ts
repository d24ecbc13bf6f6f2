import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { isValidDateText } from './value-checks';

dayjs.extend(customParseFormat);

/** Default dayjs patterns of part 1 section 9. */
export const DATE_FORMATS = {
  date: 'DD-MMMYY',
  datetime: 'DD-MMMYY HH:mm',
  time: 'HH:mm',
} as const;

/** A day's heading in the calendar's week and day views: the weekday, then the day before the month. */
export const CALENDAR_DAY_HEADER_FORMAT = 'ddd DD/MM';

/** The heading of a calendar day (month 0 to 11, as calendars count). */
export function formatCalendarDay(year: number, month: number, day: number): string {
  return dayjs(new Date(year, month, day)).format(CALENDAR_DAY_HEADER_FORMAT);
}

const TIME_OF_DAY = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;

/**
 * A date from a cell value (ISO text starting with a real yyyy-mm-dd date, epoch milliseconds, Date),
 * or null. Other text is not guessed at: the browser reads '12' as December 2001, and dayjs rolls
 * 2024-13-45 over into 2025.
 */
export function toDayjs(value: unknown): Dayjs | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string' && !isValidDateText(value)) return null;
  if (typeof value !== 'string' && typeof value !== 'number' && !(value instanceof Date)) return null;
  const parsed = dayjs(typeof value === 'string' ? value.trim() : value);
  return parsed.isValid() ? parsed : null;
}

/** Formats a date or date-time value; text that is not a date is shown as it is. */
export function formatDate(value: unknown, pattern: string = DATE_FORMATS.date): string {
  const date = toDayjs(value);
  if (date) return date.format(pattern);
  return value === null || value === undefined ? '' : String(value);
}

export function formatDateTime(value: unknown, pattern: string = DATE_FORMATS.datetime): string {
  return formatDate(value, pattern);
}

/** A time cell holds either a time of day ('08:30', '08:30:00') or a full date-time. */
export function formatTime(value: unknown, pattern: string = DATE_FORMATS.time): string {
  if (typeof value === 'string') {
    const match = TIME_OF_DAY.exec(value.trim());
    if (match) {
      const [, hours = '0', minutes = '0', seconds = '0'] = match;
      const time = dayjs().startOf('day').hour(Number(hours)).minute(Number(minutes)).second(Number(seconds));
      return time.format(pattern);
    }
  }
  return formatDate(value, pattern);
}
