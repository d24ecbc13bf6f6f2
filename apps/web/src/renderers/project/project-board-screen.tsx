import type { OptionItem } from '@panelwright/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type DragEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../api/api';
import { isCallFailure } from '../../api/client';
import { notify } from '../../components/notify';
import { formatDate } from '../../engine/formats';
import { optionText } from '../../engine/option-text';
import { onDataChanged } from '../../state/live-events';
import type { ScreenRendererProps } from '../registry';
import { openProjectDialog } from './project-dialog';

type TaskCard = {
  Id: number;
  Title: string;
  Status: string;
  Priority: string;
  AssigneeId: number | null;
  DueDate: string | null;
  IM_ReturnTime: string;
  IsLocked: boolean;
};

type Board = { tasks: TaskCard[]; statuses: OptionItem[]; users: OptionItem[]; priorities: OptionItem[] };

/** The most tasks a board shows; a project with more belongs in the tasks table. */
const BOARD_LIMIT = 500;

async function loadBoard(apiName: string, requestData: Record<string, unknown>): Promise<Board> {
  const [options, list] = await Promise.all([
    api.post<Record<string, unknown>>(apiName, 'Options', { RequestData: requestData }),
    api.post<{ Data: TaskCard[] }>(apiName, 'List', {
      Page: 1,
      PageSize: BOARD_LIMIT,
      RequestData: requestData,
    }),
  ]);
  return {
    tasks: list.Data,
    statuses: (options.StatusList as OptionItem[] | undefined) ?? [],
    users: (options.UserList as OptionItem[] | undefined) ?? [],
    priorities: (options.PriorityList as OptionItem[] | undefined) ?? [],
  };
}

/**
 * `prj_flow`: the project's tasks as a board, a column per status. A card moves by dragging it to
 * another column or, from the keyboard, with its "Move to" list; the change goes through
 * UpdateFields, so locks and stale writes are refused as everywhere else.
 */
export default function ProjectBoardScreen({ screen }: ScreenRendererProps) {
  const { t } = useTranslation([screen.screenCode, 'project']);
  const queryClient = useQueryClient();
  const key = ['Board', screen.apiName, screen.requestData];
  const board = useQuery({ queryKey: key, queryFn: () => loadBoard(screen.apiName, screen.requestData) });
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<string | null>(null);

  useEffect(
    () =>
      onDataChanged((event) => {
        if (event.APIName === screen.apiName)
          void queryClient.invalidateQueries({ queryKey: ['Board', screen.apiName] });
      }),
    [queryClient, screen.apiName],
  );

  const move = async (task: TaskCard, status: string) => {
    if (task.Status === status) return;
    try {
      const row = await api.post<TaskCard>(
        screen.apiName,
        'UpdateFields',
        {
          Id: task.Id,
          Values: [{ FieldName: 'Status', NewValue: status }],
          IM_ReturnTime: task.IM_ReturnTime,
          RequestData: screen.requestData,
        },
        { hideError: true },
      );
      queryClient.setQueryData<Board>(key, (current) =>
        current
          ? { ...current, tasks: current.tasks.map((item) => (item.Id === row.Id ? row : item)) }
          : current,
      );
    } catch (failure) {
      notify(
        isCallFailure(failure) ? (failure.description ?? failure.msg) : t('Something went wrong'),
        'error',
      );
      void queryClient.invalidateQueries({ queryKey: key });
    }
  };

  const edit = async (task: TaskCard, name: 'task_item' | 'task_user_setting') => {
    try {
      if (await openProjectDialog(name, { id: task.Id }))
        void queryClient.invalidateQueries({ queryKey: key });
    } catch {
      // The API client has said why.
    }
  };

  if (board.isPending)
    return <div className="spinner-border text-primary m-3" role="status" aria-label={t('Loading')} />;
  if (!board.data) return null;
  const textOf = (list: OptionItem[], value: unknown) =>
    list.find((item) => item.Value === value)?.Text ?? '';
  const drop = (status: string) => (event: DragEvent) => {
    event.preventDefault();
    setOver(null);
    const task = board.data.tasks.find((item) => item.Id === dragged);
    setDragged(null);
    if (task) void move(task, status);
  };

  return (
    <div className="project-board">
      {board.data.statuses.map((status) => {
        const value = String(status.Value);
        const cards = board.data.tasks.filter((task) => task.Status === value);
        return (
          <section
            key={value}
            className={`project-board-column card ${over === value ? 'border-primary' : ''}`}
            aria-labelledby={`board-${value}`}
            data-status={value}
            onDragOver={(event) => {
              event.preventDefault();
              setOver(value);
            }}
            onDragLeave={() => setOver(null)}
            onDrop={drop(value)}
          >
            <h2 id={`board-${value}`} className="h6 card-header d-flex justify-content-between">
              <span>{optionText(status, t)}</span>
              <span className="badge text-bg-secondary">{cards.length}</span>
            </h2>
            <ul className="list-unstyled p-2 mb-0">
              {cards.map((task) => (
                <li
                  key={task.Id}
                  className="card mb-2 project-board-card"
                  draggable={!task.IsLocked}
                  onDragStart={() => setDragged(task.Id)}
                  data-task={task.Id}
                >
                  <div className="card-body p-2">
                    <Link to={`/dailytasks/${task.Id}`} className="fw-semibold d-block">
                      {task.Title}
                    </Link>
                    <div className="small text-secondary">
                      {[
                        textOf(board.data.users, task.AssigneeId),
                        task.DueDate ? formatDate(task.DueDate) : '',
                        t(textOf(board.data.priorities, task.Priority)),
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </div>
                    <div className="d-flex gap-1 mt-1">
                      <button
                        type="button"
                        className="btn btn-sm btn-outline-secondary py-0"
                        aria-label={t('Edit {{task}}', { task: task.Title })}
                        title={t('Task item')}
                        onClick={() => void edit(task, 'task_item')}
                      >
                        <i className="bi bi-pencil" aria-hidden="true" />
                      </button>
                      <button
                        type="button"
                        className="btn btn-sm btn-outline-secondary py-0"
                        aria-label={t('Users of {{task}}', { task: task.Title })}
                        title={t('Task user setting')}
                        onClick={() => void edit(task, 'task_user_setting')}
                      >
                        <i className="bi bi-people" aria-hidden="true" />
                      </button>
                    </div>
                    <label className="visually-hidden" htmlFor={`move-${task.Id}`}>
                      {t('Move {{task}} to', { task: task.Title })}
                    </label>
                    <select
                      id={`move-${task.Id}`}
                      className="form-select form-select-sm mt-1"
                      value={task.Status}
                      disabled={task.IsLocked}
                      onChange={(e) => void move(task, e.target.value)}
                    >
                      {board.data.statuses.map((option) => (
                        <option key={String(option.Value)} value={String(option.Value)}>
                          {optionText(option, t)}
                        </option>
                      ))}
                    </select>
                  </div>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
