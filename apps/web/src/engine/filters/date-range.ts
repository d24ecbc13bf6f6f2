import type { DateRangeValue } from '@panelwright/contract';
import { DATE_RANGE_PRESETS } from '@panelwright/contract/constants';
import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';

dayjs.extend(customParseFormat);

export type DateRangePreset = (typeof DATE_RANGE_PRESETS)[number];

/** The form of a date-range value (YYYY-MM-DD) and of its display (DD/MM/YYYY - DD/MM/YYYY). */
export const DATE_RANGE_VALUE_FORMAT = 'YYYY-MM-DD';
export const DATE_RANGE_DISPLAY_FORMAT = 'DD/MM/YYYY';
export const DATE_RANGE_DISPLAY_SEPARATOR = ' - ';

const day = (date: Dayjs) => date.format(DATE_RANGE_VALUE_FORMAT);
/** Weeks start on Monday, as in the product's locales (it-IT, vi). */
const startOfWeek = (date: Dayjs) => date.startOf('day').subtract((date.day() + 6) % 7, 'day');

/** The computed presets; 'Custom Range' is whatever the user picked. */
const PRESET_RANGES: Record<Exclude<DateRangePreset, 'Custom Range'>, (now: Dayjs) => [Dayjs, Dayjs]> = {
  Today: (now) => [now, now],
  Yesterday: (now) => [now.subtract(1, 'day'), now.subtract(1, 'day')],
  'This Week': (now) => [startOfWeek(now), startOfWeek(now).add(6, 'day')],
  'This Month': (now) => [now.startOf('month'), now.endOf('month')],
  'This Year': (now) => [now.startOf('year'), now.endOf('year')],
  'Last Month': (now) => [now.subtract(1, 'month').startOf('month'), now.subtract(1, 'month').endOf('month')],
};

export function isDateRangePreset(value: unknown): value is DateRangePreset {
  return typeof value === 'string' && (DATE_RANGE_PRESETS as readonly string[]).includes(value);
}

/** A date-range value read strictly: both ends YYYY-MM-DD real dates, put in order. Null otherwise. */
export function normalizeDateRange(value: unknown): DateRangeValue | null {
  if (typeof value !== 'object' || value === null) return null;
  const { start, end } = value as Record<string, unknown>;
  const from = dayjs(String(start), DATE_RANGE_VALUE_FORMAT, true);
  const to = dayjs(String(end), DATE_RANGE_VALUE_FORMAT, true);
  if (!from.isValid() || !to.isValid()) return null;
  return from.isAfter(to) ? { start: day(to), end: day(from) } : { start: day(from), end: day(to) };
}

/**
 * The range of a preset, from `now` (passed in so that it can be tested). 'Custom Range' gives the
 * custom range, put in order, or null when there is none.
 */
export function dateRangeForPreset(
  preset: DateRangePreset,
  now: Date | string | number,
  custom?: DateRangeValue,
): DateRangeValue | null {
  if (preset === 'Custom Range') return normalizeDateRange(custom);
  const [start, end] = PRESET_RANGES[preset](dayjs(now));
  return { start: day(start), end: day(end) };
}

/** The preset a range is, on `now`; 'Custom Range' when none matches. */
export function presetOfRange(range: DateRangeValue, now: Date | string | number): DateRangePreset {
  const match = DATE_RANGE_PRESETS.find((preset) => {
    if (preset === 'Custom Range') return false;
    const candidate = dateRangeForPreset(preset, now);
    return candidate?.start === range.start && candidate.end === range.end;
  });
  return match ?? 'Custom Range';
}

/** 'DD/MM/YYYY - DD/MM/YYYY'. */
export function formatDateRangeDisplay(range: DateRangeValue): string {
  const show = (text: string) => dayjs(text, DATE_RANGE_VALUE_FORMAT, true).format(DATE_RANGE_DISPLAY_FORMAT);
  return `${show(range.start)}${DATE_RANGE_DISPLAY_SEPARATOR}${show(range.end)}`;
}
