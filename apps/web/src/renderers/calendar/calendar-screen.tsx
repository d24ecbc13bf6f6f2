import './calendar.scss';
import type { DatesSetArg, EventClickArg, EventDropArg } from '@fullcalendar/core';
import viLocale from '@fullcalendar/core/locales/vi';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin, { type DateClickArg, type EventResizeDoneArg } from '@fullcalendar/interaction';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import type { ListResult } from '@panelwright/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { type FormEvent, useMemo, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { isCallFailure } from '../../api/client';
import { addResourceRecord } from '../../api/resources';
import { fetchScreenData, updateResourceFields } from '../../api/screen-data';
import { DatePicker } from '../../components/date-picker/date-picker';
import { useGuardedClose } from '../../components/use-unsaved-changes';
import { formatCalendarDay, ISO_FORMATS, isoToPickerText, pickerTextToIso } from '../../engine/formats';
import { type Row, readObject } from '../../engine/values';
import {
  calendarEventsOf,
  editEventValues,
  newEventBody,
  newEventTimes,
  readCalendarConfig,
  rescheduleValues,
  visibleRangeFilter,
} from '../../engine/widgets';
import { DATA_TEXT_ATTRIBUTE } from '../../i18n';
import type { ScreenRendererProps } from '../registry';
import { ScreenFailed, ScreenFrame, ScreenSpinner } from '../shared/screen-state';
import { useScreenTree } from '../shared/use-screen-tree';

/** A new event starts without a title. */
const NO_TITLE = '';

/** The event a dialog adds (no row yet) or edits. */
type Editing = { row: Row | null; title: string; start: Date; end: Date | null };

/** A moment as the date-time picker shows it (d/m/Y H:i), and back. */
const pickerText = (date: Date | null) =>
  date ? isoToPickerText(dayjs(date).format(ISO_FORMATS.datetime), 'datetime') : '';
const pickerDate = (text: string) => {
  const iso = pickerTextToIso(text, 'datetime');
  return iso ? dayjs(iso).toDate() : null;
};

/**
 * The event dialog: a new event on a clicked day, or a clicked event opened for editing, its title
 * and its times (moving it is changing them; dragging does the same with the mouse). The dates are
 * date-time fields (dd/mm/yyyy hh:mm), so the keyboard can do everything the mouse can.
 */
function EventDialog({
  editing,
  onSave,
  onClose,
}: {
  editing: Editing;
  onSave: (title: string, start: Date, end: Date | null) => Promise<string | null>;
  onClose: () => void;
}) {
  const { t } = useTranslation(['forms', 'common']);
  const [title, setTitle] = useState(editing.title);
  const [start, setStart] = useState(pickerText(editing.start));
  const [end, setEnd] = useState(pickerText(editing.end));
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  const adding = editing.row === null;
  const dismiss = useGuardedClose(
    title !== editing.title || start !== pickerText(editing.start) || end !== pickerText(editing.end),
    onClose,
  );
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const from = pickerDate(start);
    const to = end.trim() === '' ? null : pickerDate(end);
    if (title.trim() === '') {
      setError(t('Enter a title.'));
      return;
    }
    if (!from || (end.trim() !== '' && !to)) {
      setError(t('Enter a date and time as dd/mm/yyyy hh:mm'));
      return;
    }
    if (to && to < from) {
      setError(t('The end must come after the start.'));
      return;
    }
    setSaving(true);
    const failure = await onSave(title.trim(), from, to);
    setSaving(false);
    if (failure === null) onClose();
    else setError(failure);
  };
  const heading = adding ? t('New event') : t('Edit {{title}}', { title: editing.title });
  return (
    <Modal show onHide={dismiss} centered aria-labelledby="event-dialog-title">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Modal.Header closeButton closeLabel={t('Close')}>
          <Modal.Title id="event-dialog-title">{heading}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <div className="mb-3">
            <label htmlFor="event-title" className="form-label">
              {t('Title')}
            </label>
            <input
              id="event-title"
              className="form-control"
              value={title}
              maxLength={200}
              onChange={(e) => setTitle(e.currentTarget.value)}
            />
          </div>
          <fieldset>
            {!adding && <legend className="fs-6 fw-semibold">{t('Move')}</legend>}
            <div className="mb-3">
              <label htmlFor="event-start" className="form-label">
                {t('Start')}
              </label>
              <DatePicker
                id="event-start"
                kind="datetime"
                className="form-control"
                placeholder="dd/mm/yyyy hh:mm"
                text={start}
                onPickerClose={({ text }) => setStart(text)}
                onInput={(e) => setStart(e.currentTarget.value)}
              />
            </div>
            <div className="mb-1">
              <label htmlFor="event-end" className="form-label">
                {t('End')}
              </label>
              <DatePicker
                id="event-end"
                kind="datetime"
                className="form-control"
                placeholder="dd/mm/yyyy hh:mm"
                text={end}
                onPickerClose={({ text }) => setEnd(text)}
                onInput={(e) => setEnd(e.currentTarget.value)}
              />
            </div>
          </fieldset>
          {error && (
            <div className="text-danger small" role="alert">
              {error}
            </div>
          )}
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-outline-secondary" onClick={dismiss}>
            {t('Cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={saving}>
            {adding ? t('Add') : t('Save')}
          </button>
        </Modal.Footer>
      </form>
    </Modal>
  );
}

/**
 * What every calendar of the product shares: words rather than icon fonts (FullCalendar marks those as
 * images without a name), the texts in the page's language, dates and events marked as data for the
 * pseudo-locale check, Monday first, its own height.
 */
export function sharedCalendarProps(
  t: (key: string, options?: Record<string, unknown>) => string,
  language: string,
) {
  return {
    buttonIcons: false as const,
    buttonText: {
      prev: t('Previous'),
      next: t('Next'),
      today: t('Today'),
      month: t('Month'),
      week: t('Week'),
      day: t('Day'),
    },
    buttonHints: {
      prev: t('Previous'),
      next: t('Next'),
      today: t('Today'),
      month: t('Month view'),
      week: t('Week view'),
      day: t('Day view'),
    },
    ...(language === 'vn' ? { locale: viLocale } : {}),
    allDayText: t('All day'),
    moreLinkText: (count: number) => t('+{{count}} more', { count }),
    dayHeaderDidMount: (arg: { el: HTMLElement }) => arg.el.setAttribute(DATA_TEXT_ATTRIBUTE, ''),
    eventDidMount: (arg: { el: HTMLElement }) => arg.el.setAttribute(DATA_TEXT_ATTRIBUTE, ''),
    dayCellDidMount: (arg: { el: HTMLElement }) => arg.el.setAttribute(DATA_TEXT_ATTRIBUTE, ''),
    firstDay: 1,
    height: 'auto',
  };
}

/** The title of the calendar's toolbar (a month or a week, in the page's language) is data. */
function markCalendarTitle(): void {
  requestAnimationFrame(() => {
    for (const title of document.querySelectorAll('.calendar-screen .fc-toolbar-title'))
      title.setAttribute(DATA_TEXT_ATTRIBUTE, '');
  });
}

/** The dates a calendar shows, which its data call asks for. */
export type CalendarRange = { start: Date; end: Date };

/**
 * A calendar's `datesSet`: marks its title as data and keeps the shown range, the same object while
 * the dates stay, so that the data query is not asked again for an unchanged view.
 */
export function followCalendarRange(
  setRange: (change: (current: CalendarRange | null) => CalendarRange | null) => void,
) {
  return (arg: DatesSetArg) => {
    markCalendarTitle();
    setRange((current) =>
      current &&
      current.start.getTime() === arg.start.getTime() &&
      current.end.getTime() === arg.end.getTime()
        ? current
        : { start: arg.start, end: arg.end },
    );
  };
}

/** Week and day views head each column with the weekday and the day before the month (Mon 04/03). */
export const DAY_HEADINGS = {
  dayHeaderFormat: (arg: { date: { year: number; month: number; day: number } }) =>
    formatCalendarDay(arg.date.year, arg.date.month, arg.date.day),
};

/**
 * A calendar (`calendar`) over a resource: month, week and day views of `{APIName}/List` (the rows
 * whose start falls in the days shown). Clicking an empty day (or the New event button) adds an event
 * there through `{APIName}/AddNew`; clicking an event (or Enter on it) opens it for editing, its title
 * and times; dragging or resizing moves it. Changes are saved through `{APIName}/UpdateFields`.
 */
export default function CalendarScreen({ screen: given, embedded }: ScreenRendererProps) {
  const { screen, pending, failed } = useScreenTree(given);
  const { t, i18n } = useTranslation([given.screenCode, 'forms']);
  const queryClient = useQueryClient();
  const [range, setRange] = useState<CalendarRange | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const config = useMemo(
    () =>
      readCalendarConfig(
        readObject(screen?.configs?.screenConfig.Calendar) ?? readObject(screen?.config.Calendar),
      ),
    [screen],
  );
  const apiName = screen?.apiName ?? '';
  const filter = range ? visibleRangeFilter(config, range.start, range.end) : null;
  const queryKey = ['CalendarEvents', apiName, screen?.apiMethod, screen?.requestData, filter];
  const list = useQuery({
    queryKey,
    queryFn: () =>
      fetchScreenData<ListResult>(apiName, screen?.apiMethod ?? 'List', {
        Page: 1,
        PageSize: 1000,
        Filters: filter ? [filter] : [],
        RequestData: screen?.requestData,
      }),
    enabled: apiName !== '' && filter !== null,
    placeholderData: keepPreviousData,
  });
  const events = useMemo(() => calendarEventsOf(list.data?.Data ?? [], config), [list.data, config]);

  /** Saves new times; the row the server answers replaces the old one, so a second move is not stale. */
  const save = async (row: Row, start: Date, end: Date | null): Promise<boolean> => {
    try {
      const updated = await updateResourceFields(apiName, {
        Id: row.Id as number,
        ...(typeof row.IM_ReturnTime === 'string' ? { IM_ReturnTime: row.IM_ReturnTime } : {}),
        RequestData: screen?.requestData,
        Values: rescheduleValues(config, start, end),
      });
      queryClient.setQueryData<ListResult>(queryKey, (old) =>
        old ? { ...old, Data: old.Data.map((r) => (r.Id === row.Id ? { ...r, ...updated } : r)) } : old,
      );
      toast.success(t('Saved'));
      void queryClient.invalidateQueries({ queryKey: ['CalendarEvents', apiName] });
      return true;
    } catch {
      return false;
    }
  };

  const messageOf = (failure: unknown) =>
    isCallFailure(failure) ? failure.description || failure.msg : t('Something went wrong');

  /** The dialog's save: AddNew or UpdateFields; answers the server's refusal, or null when saved. */
  const saveDialog = async (
    row: Row | null,
    title: string,
    start: Date,
    end: Date | null,
  ): Promise<string | null> => {
    const answer = row
      ? await updateResourceFields(
          apiName,
          {
            Id: row.Id as number,
            ...(typeof row.IM_ReturnTime === 'string' ? { IM_ReturnTime: row.IM_ReturnTime } : {}),
            RequestData: screen?.requestData,
            Values: editEventValues(config, row, title, start, end),
          },
          { hideError: true },
        ).then(
          () => null,
          (failure: unknown) => messageOf(failure),
        )
      : await addResourceRecord(apiName, {
          ...newEventBody(config, title, start, end),
          RequestData: screen?.requestData,
        }).then(
          () => null,
          (failure: unknown) => messageOf(failure),
        );
    if (answer !== null) return answer;
    toast.success(t('Saved'));
    await queryClient.invalidateQueries({ queryKey: ['CalendarEvents', apiName] });
    return null;
  };

  const onDateClick = (info: DateClickArg) => {
    if (!config.editable) return;
    const { start, end } = newEventTimes(info.date, info.allDay);
    setEditing({ row: null, title: NO_TITLE, start, end });
  };

  const onMove = async (info: EventDropArg | EventResizeDoneArg) => {
    const row = info.event.extendedProps.row as Row;
    if (!info.event.start || !(await save(row, info.event.start, info.event.end))) info.revert();
  };

  const onClick = (info: EventClickArg) => {
    info.jsEvent.preventDefault();
    if (!info.event.start || !info.event.startEditable) return;
    setEditing({
      row: info.event.extendedProps.row as Row,
      title: info.event.title,
      start: info.event.start,
      end: info.event.end,
    });
  };

  return (
    <ScreenFrame title={t(given.title)} embedded={embedded}>
      {pending ? (
        <ScreenSpinner />
      ) : failed || !screen || list.isError ? (
        <ScreenFailed />
      ) : (
        <div className="calendar-screen" aria-busy={list.isFetching}>
          <FullCalendar
            plugins={[dayGridPlugin, timeGridPlugin, interactionPlugin]}
            initialView={config.initialView}
            customButtons={
              config.editable
                ? {
                    newEvent: {
                      text: t('New event'),
                      click: () => {
                        const { start, end } = newEventTimes(new Date(), true);
                        setEditing({ row: null, title: NO_TITLE, start, end });
                      },
                    },
                  }
                : {}
            }
            headerToolbar={{
              left: config.editable ? 'prev,next today newEvent' : 'prev,next today',
              center: 'title',
              right: 'dayGridMonth,timeGridWeek,timeGridDay',
            }}
            {...sharedCalendarProps((key, options) => t(key, options ?? {}), i18n.language)}
            editable={config.editable}
            eventInteractive
            eventTimeFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
            slotLabelFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
            views={{ timeGridWeek: DAY_HEADINGS, timeGridDay: DAY_HEADINGS }}
            events={events}
            datesSet={followCalendarRange(setRange)}
            eventDrop={(info) => void onMove(info)}
            eventResize={(info) => void onMove(info)}
            eventClick={onClick}
            dateClick={onDateClick}
          />
        </div>
      )}
      {editing && (
        <EventDialog
          editing={editing}
          onSave={(title, start, end) => saveDialog(editing.row, title, start, end)}
          onClose={() => setEditing(null)}
        />
      )}
    </ScreenFrame>
  );
}
