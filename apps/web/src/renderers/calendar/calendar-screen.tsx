import './calendar.scss';
import type { DatesSetArg, EventClickArg, EventDropArg } from '@fullcalendar/core';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin, { type EventResizeDoneArg } from '@fullcalendar/interaction';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import type { ListResult } from '@panelwright/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { type FormEvent, useMemo, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { fetchScreenData, updateResourceFields } from '../../api/screen-data';
import { type Row, readObject } from '../../engine/values';
import {
  calendarEventsOf,
  readCalendarConfig,
  rescheduleValues,
  visibleRangeFilter,
} from '../../engine/widgets';
import type { ScreenRendererProps } from '../registry';
import { ScreenFailed, ScreenFrame, ScreenSpinner } from '../shared/screen-state';
import { useScreenTree } from '../shared/use-screen-tree';

type Moving = { row: Row; title: string; start: Date; end: Date | null };

const LOCAL = 'YYYY-MM-DDTHH:mm';

/** The keyboard way to move an event: its start and end as date-time fields. */
function RescheduleDialog({
  moving,
  onSave,
  onClose,
}: {
  moving: Moving;
  onSave: (start: Date, end: Date | null) => Promise<boolean>;
  onClose: () => void;
}) {
  const { t } = useTranslation(['forms', 'common']);
  const [start, setStart] = useState(dayjs(moving.start).format(LOCAL));
  const [end, setEnd] = useState(moving.end ? dayjs(moving.end).format(LOCAL) : '');
  const [error, setError] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const from = dayjs(start, LOCAL);
    const to = end ? dayjs(end, LOCAL) : null;
    if (!from.isValid() || (to && (!to.isValid() || to.isBefore(from)))) {
      setError(t('The end must come after the start.'));
      return;
    }
    if (await onSave(from.toDate(), to ? to.toDate() : null)) onClose();
  };
  return (
    <Modal show onHide={onClose} centered aria-labelledby="reschedule-title">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Modal.Header closeButton closeLabel={t('Close')}>
          <Modal.Title id="reschedule-title">{t('Move {{title}}', { title: moving.title })}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <div className="mb-3">
            <label htmlFor="reschedule-start" className="form-label">
              {t('Start')}
            </label>
            <input
              id="reschedule-start"
              type="datetime-local"
              className="form-control"
              value={start}
              onChange={(e) => setStart(e.target.value)}
            />
          </div>
          <div className="mb-1">
            <label htmlFor="reschedule-end" className="form-label">
              {t('End')}
            </label>
            <input
              id="reschedule-end"
              type="datetime-local"
              className="form-control"
              value={end}
              onChange={(e) => setEnd(e.target.value)}
            />
          </div>
          {error && (
            <div className="text-danger small" role="alert">
              {error}
            </div>
          )}
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
            {t('Cancel')}
          </button>
          <button type="submit" className="btn btn-primary">
            {t('Save')}
          </button>
        </Modal.Footer>
      </form>
    </Modal>
  );
}

/**
 * A calendar (`calendar`) over a resource: month, week and day views of `{APIName}/List` (the rows
 * whose start falls in the days shown). Dragging or resizing an event, or moving it in the dialog
 * that opens on Enter or a click, saves the new times through `{APIName}/UpdateFields`.
 */
export default function CalendarScreen({ screen: given, embedded }: ScreenRendererProps) {
  const { screen, pending, failed } = useScreenTree(given);
  const { t } = useTranslation([given.screenCode, 'forms', 'common']);
  const queryClient = useQueryClient();
  const [range, setRange] = useState<{ start: Date; end: Date } | null>(null);
  const [moving, setMoving] = useState<Moving | null>(null);
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

  const onMove = async (info: EventDropArg | EventResizeDoneArg) => {
    const row = info.event.extendedProps.row as Row;
    if (!info.event.start || !(await save(row, info.event.start, info.event.end))) info.revert();
  };

  const onClick = (info: EventClickArg) => {
    info.jsEvent.preventDefault();
    if (!info.event.start || !info.event.startEditable) return;
    setMoving({
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
            headerToolbar={{
              left: 'prev,next today',
              center: 'title',
              right: 'dayGridMonth,timeGridWeek,timeGridDay',
            }}
            // Words rather than icon fonts, which FullCalendar marks as images without a name.
            buttonIcons={false}
            buttonText={{
              prev: t('Previous'),
              next: t('Next'),
              today: t('Today'),
              month: t('Month'),
              week: t('Week'),
              day: t('Day'),
            }}
            buttonHints={{ prev: t('Previous'), next: t('Next'), today: t('Today') }}
            firstDay={1}
            height="auto"
            editable={config.editable}
            eventInteractive
            eventTimeFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
            events={events}
            datesSet={(arg: DatesSetArg) =>
              setRange((current) =>
                current &&
                current.start.getTime() === arg.start.getTime() &&
                current.end.getTime() === arg.end.getTime()
                  ? current
                  : { start: arg.start, end: arg.end },
              )
            }
            eventDrop={(info) => void onMove(info)}
            eventResize={(info) => void onMove(info)}
            eventClick={onClick}
          />
        </div>
      )}
      {moving && (
        <RescheduleDialog
          moving={moving}
          onSave={(start, end) => save(moving.row, start, end)}
          onClose={() => setMoving(null)}
        />
      )}
    </ScreenFrame>
  );
}
