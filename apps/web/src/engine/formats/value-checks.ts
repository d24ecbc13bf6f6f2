/** Default length of a shortened text (part 2 section 9). */
export const SHORT_TEXT_LENGTH = 50;
export const SHORT_TEXT_ENDING = '...';

/** Cuts a text longer than `count` characters to its first `count` characters followed by '...'. */
export function shortenText(text: string, count: number = SHORT_TEXT_LENGTH): string {
  const limit = Number.isInteger(count) && count > 0 ? count : SHORT_TEXT_LENGTH;
  const characters = Array.from(text);
  return characters.length > limit ? `${characters.slice(0, limit).join('')}${SHORT_TEXT_ENDING}` : text;
}

const TIME_TEXT = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** hh:mm (optionally :ss) with hour under 24 and minute (and second) under 60. */
export function isValidTimeText(text: unknown): boolean {
  if (typeof text !== 'string') return false;
  const match = TIME_TEXT.exec(text.trim());
  if (!match) return false;
  const [, hours, minutes, seconds] = match;
  return Number(hours) < 24 && Number(minutes) < 60 && (seconds === undefined || Number(seconds) < 60);
}

/** A colour input value: '#' and six hexadecimal digits, 7 characters in all. */
export function isValidColorText(text: unknown): boolean {
  return typeof text === 'string' && /^#[0-9a-fA-F]{6}$/.test(text);
}

const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ])/;

/** Text starting with a real yyyy-mm-dd date (a time may follow). */
export function isValidDateText(text: unknown): boolean {
  if (typeof text !== 'string') return false;
  const match = DATE_TEXT.exec(text.trim());
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  if (month < 1 || month > 12 || day < 1) return false;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth;
}
