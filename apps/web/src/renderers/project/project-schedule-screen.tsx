import '../calendar/calendar.scss';
import type { EventClickArg, EventDropArg } from '@fullcalendar/core';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin, { type EventResizeDoneArg } from '@fullcalendar/interaction';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import type { ListResult } from '@panelwright/contract';
import { keepPreviousData, useQueries, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { fetchScreenData, updateResourceFields } from '../../api/screen-data';
import {
  moveValues,
  SCHEDULE_SOURCES,
  type ScheduleSource,
  scheduleEvents,
} from '../../engine/projects/schedule';
import type { Row } from '../../engine/values';
import { visibleRangeFilter } from '../../engine/widgets';
import {
  type CalendarRange,
  DAY_HEADINGS,
  followCalendarRange,
  sharedCalendarProps,
} from '../calendar/calendar-screen';
import type { ScreenRendererProps } from '../registry';
import { openProjectDialog } from './project-dialog';

/**
 * `prj_schedule`: a project's tasks by due date, its releases and its meetings on one calendar.
 * Dragging an event writes its new date (or a meeting's times) through UpdateFields of its resource;
 * a task opens its task item dialog, where the keyboard changes its due date.
 */
export default function ProjectScheduleScreen({ screen }: ScreenRendererProps) {
  const { t, i18n } = useTranslation([screen.screenCode, 'project', 'forms']);
  const queryClient = useQueryClient();
  const [range, setRange] = useState<CalendarRange | null>(null);
  const projectId = screen.requestData.ProjectId;
  const queries = useQueries({
    queries: SCHEDULE_SOURCES.map((source) => {
      const filter = range ? visibleRangeFilter(source.config, range.start, range.end) : null;
      return {
        queryKey: ['Schedule', source.apiName, projectId, filter],
        queryFn: () =>
          fetchScreenData<ListResult>(source.apiName, 'List', {
            Page: 1,
            PageSize: 1000,
            Filters: filter ? [filter] : [],
            RequestData: { ProjectId: projectId },
          }),
        enabled: filter !== null,
        placeholderData: keepPreviousData,
      };
    }),
  });
  const events = useMemo(
    () =>
      SCHEDULE_SOURCES.flatMap((source, index) =>
        scheduleEvents(source, queries[index]?.data?.Data ?? [], (text) => t(text)).map((event) => ({
          ...event,
          extendedProps: { ...event.extendedProps, source },
        })),
      ),
    [queries, t],
  );

  const onMove = async (info: EventDropArg | EventResizeDoneArg) => {
    const row = info.event.extendedProps.row as Row;
    const source = info.event.extendedProps.source as ScheduleSource;
    if (!info.event.start) return info.revert();
    try {
      await updateResourceFields(source.apiName, {
        Id: row.Id as number,
        ...(typeof row.IM_ReturnTime === 'string' ? { IM_ReturnTime: row.IM_ReturnTime } : {}),
        RequestData: { ProjectId: projectId },
        Values: moveValues(source, info.event.start, info.event.end),
      });
      toast.success(t('Saved'));
    } catch {
      info.revert();
    }
    void queryClient.invalidateQueries({ queryKey: ['Schedule', source.apiName] });
  };

  const onClick = (info: EventClickArg) => {
    info.jsEvent.preventDefault();
    const source = info.event.extendedProps.source as ScheduleSource;
    const row = info.event.extendedProps.row as Row;
    if (source.apiName !== 'Task') return;
    void openProjectDialog('task_item', { id: row.Id as number })
      .then((saved) => {
        if (saved) void queryClient.invalidateQueries({ queryKey: ['Schedule', 'Task'] });
      })
      .catch(() => undefined);
  };

  return (
    <div className="calendar-screen project-schedule" aria-busy={queries.some((q) => q.isFetching)}>
      <ul className="list-inline small mb-2" aria-label={t('Legend')}>
        {SCHEDULE_SOURCES.map((source) => (
          <li key={source.apiName} className="list-inline-item">
            <span
              className="d-inline-block rounded me-1 align-middle"
              style={{ width: 12, height: 12, backgroundColor: source.color }}
              aria-hidden="true"
            />
            {t(source.label)}
          </li>
        ))}
      </ul>
      <FullCalendar
        plugins={[dayGridPlugin, timeGridPlugin, interactionPlugin]}
        initialView="dayGridMonth"
        headerToolbar={{ left: 'prev,next today', center: 'title', right: 'dayGridMonth,timeGridWeek' }}
        {...sharedCalendarProps((key, options) => t(key, options ?? {}), i18n.language)}
        editable
        eventInteractive
        eventTimeFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
        events={events}
        views={{ timeGridWeek: DAY_HEADINGS }}
        datesSet={followCalendarRange(setRange)}
        eventDrop={(info) => void onMove(info)}
        eventResize={(info) => void onMove(info)}
        eventClick={onClick}
      />
    </div>
  );
}
