import type { FieldValue } from '@panelwright/contract';
import dayjs from 'dayjs';
import type { Row } from '../values';
import { type CalendarConfig, type CalendarEvent, calendarEventsOf, rescheduleValues } from '../widgets';

/** One kind of row on a project's schedule: where its date is, how it looks. */
export type ScheduleSource = {
  apiName: string;
  /** What an event of it is called (translated), before its title. */
  label: string;
  /** Days only (a due date, a release date) or times (a meeting). */
  allDay: boolean;
  color: string;
  config: CalendarConfig;
};

const base = { fColor: 'Color', fAllDay: 'AllDay', initialView: 'dayGridMonth', editable: true } as const;

/** `prj_schedule`: tasks by due date, releases by their date, meetings by their times. */
export const SCHEDULE_SOURCES: readonly ScheduleSource[] = [
  {
    apiName: 'Task',
    label: 'Task',
    allDay: true,
    color: '#0a58ca',
    config: { ...base, fStart: 'DueDate', fEnd: 'NoEnd', fTitle: 'Title' },
  },
  {
    apiName: 'Release',
    label: 'Release',
    allDay: true,
    color: '#6f42c1',
    config: { ...base, fStart: 'ReleaseDate', fEnd: 'NoEnd', fTitle: 'Version' },
  },
  {
    apiName: 'Meeting',
    label: 'Meeting',
    allDay: false,
    color: '#146c43',
    config: { ...base, fStart: 'StartsAt', fEnd: 'EndsAt', fTitle: 'Title' },
  },
];

/** A source's rows as events, their ids unique across the sources. */
export function scheduleEvents(
  source: ScheduleSource,
  rows: readonly Row[],
  label: (text: string) => string,
): CalendarEvent[] {
  return calendarEventsOf(rows, source.config).map((event) => ({
    ...event,
    id: `${source.apiName}-${event.id}`,
    title: `${label(source.label)}: ${event.title}`,
    allDay: source.allDay,
    backgroundColor: source.color,
    borderColor: source.color,
    textColor: '#ffffff',
  }));
}

/**
 * What a drag saves: a day-only date as YYYY-MM-DD of the day it was dropped on (never shifted by
 * the time zone), a meeting's start and end as ISO times.
 */
export function moveValues(source: ScheduleSource, start: Date, end: Date | null): FieldValue[] {
  if (source.allDay)
    return [{ FieldName: source.config.fStart, NewValue: dayjs(start).format('YYYY-MM-DD') }];
  return rescheduleValues(source.config, start, end);
}
