import type { FieldValue, ListFilter } from '@panelwright/contract';
import dayjs from 'dayjs';
import { readableTextColor } from '../readable-color';
import { isTrueFlag, type Row, readText, valueText } from '../values';

// Kept here for the calendar's callers; it lives apart so that the theme colour does not load the calendar's rules.
export { readableTextColor };

/** Which row fields a calendar reads (`ScreenConfig.Calendar`). */
export type CalendarConfig = {
  fStart: string;
  fEnd: string;
  fTitle: string;
  fColor: string;
  fAllDay: string;
  initialView: 'dayGridMonth' | 'timeGridWeek' | 'timeGridDay';
  editable: boolean;
};

const VIEWS = ['dayGridMonth', 'timeGridWeek', 'timeGridDay'] as const;

export function readCalendarConfig(value: Record<string, unknown> | undefined): CalendarConfig {
  const view = readText(value?.initialView);
  return {
    fStart: readText(value?.fStart) ?? 'Start',
    fEnd: readText(value?.fEnd) ?? 'End',
    fTitle: readText(value?.fTitle) ?? 'Title',
    fColor: readText(value?.fColor) ?? 'Color',
    fAllDay: readText(value?.fAllDay) ?? 'AllDay',
    initialView: VIEWS.find((v) => v === view) ?? 'dayGridMonth',
    editable: value?.editable !== false,
  };
}

/** A row as a FullCalendar event input. A locked row cannot be dragged. */
export type CalendarEvent = {
  id: string;
  title: string;
  start: string;
  end?: string;
  allDay: boolean;
  backgroundColor?: string;
  borderColor?: string;
  textColor?: string;
  editable: boolean;
  extendedProps: { row: Row };
};

/** Rows as calendar events; rows without a start are left out. */
export function calendarEventsOf(rows: readonly Row[], config: CalendarConfig): CalendarEvent[] {
  return rows.flatMap((row) => {
    const start = readText(row[config.fStart]);
    if (!start) return [];
    const end = readText(row[config.fEnd]);
    const color = readText(row[config.fColor]);
    return [
      {
        id: valueText(row.Id),
        title: valueText(row[config.fTitle]),
        start,
        ...(end ? { end } : {}),
        allDay: isTrueFlag(row[config.fAllDay]),
        ...(color ? { backgroundColor: color, borderColor: color, textColor: readableTextColor(color) } : {}),
        editable: config.editable && !isTrueFlag(row.IsLocked),
        extendedProps: { row },
      },
    ];
  });
}

/**
 * The values UpdateFields saves after a drag or resize: the new start, and the new end when the event
 * has one, as ISO UTC times.
 */
export function rescheduleValues(config: CalendarConfig, start: Date, end: Date | null): FieldValue[] {
  const values: FieldValue[] = [{ FieldName: config.fStart, NewValue: start.toISOString() }];
  if (end) values.push({ FieldName: config.fEnd, NewValue: end.toISOString() });
  return values;
}

/** The List filter for the days a view shows (FullCalendar's end is exclusive; the filter's is not). */
export function visibleRangeFilter(config: CalendarConfig, start: Date, end: Date): ListFilter {
  return {
    FieldName: config.fStart,
    Type: 'daterange',
    Value: {
      start: dayjs(start).format('YYYY-MM-DD'),
      end: dayjs(end).subtract(1, 'millisecond').format('YYYY-MM-DD'),
    },
  };
}

/**
 * The times a new event starts with when a day is clicked: 09:00 to 10:00 on a day of the month
 * view (a day has no time), the clicked slot and an hour after it in the week and day views.
 */
export function newEventTimes(date: Date, allDay: boolean): { start: Date; end: Date } {
  const start = allDay ? dayjs(date).startOf('day').hour(9) : dayjs(date);
  return { start: start.toDate(), end: start.add(1, 'hour').toDate() };
}

/** The AddNew body of an event added on the calendar: its title, start and (optional) end. */
export function newEventBody(
  config: CalendarConfig,
  title: string,
  start: Date,
  end: Date | null,
): Record<string, string> {
  return {
    [config.fTitle]: title,
    [config.fStart]: start.toISOString(),
    ...(end ? { [config.fEnd]: end.toISOString() } : {}),
  };
}

/**
 * The values UpdateFields saves after an event was edited in its dialog: the title when it changed,
 * then the times (moving is one of the edits).
 */
export function editEventValues(
  config: CalendarConfig,
  row: Row,
  title: string,
  start: Date,
  end: Date | null,
): FieldValue[] {
  const values = rescheduleValues(config, start, end);
  return title !== valueText(row[config.fTitle])
    ? [{ FieldName: config.fTitle, NewValue: title }, ...values]
    : values;
}
