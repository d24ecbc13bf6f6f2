import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { api } from '../../api/api';
import { ConfigForm } from '../../components/config-form/config-form';
import { formatDateTime } from '../../engine/formats';
import type { FormScreenConfig } from '../../engine/forms';
import { DATA_TEXT } from '../../i18n';
import type { ScreenRendererProps } from '../registry';
import { TaskPage } from './alias-screen';
import { openProjectDialog } from './project-dialog';
import { type HistoryEntry, RecordHistory } from './record-history';

type Activity = {
  Comments: {
    Id: number;
    Body: string;
    At: string;
    UserName: string;
    File: { Name: string; Url: string } | null;
  }[];
  History: HistoryEntry[];
  Related: {
    Project: { Id: number; Code: string; Name: string } | null;
    Release: { Id: number; Version: string; Name: string } | null;
    Assigned: string[];
    Watchers: string[];
    SameRelease: { Id: number; Title: string; Status: string }[];
  };
};

const COMMENT_FORM: FormScreenConfig = {
  controls: [
    { fieldName: 'Body', label: 'Comment', type: 'textarea' },
    { fieldName: 'FileUrl', label: 'Attach a file', type: 'file' },
  ],
  submitText: 'Post',
};

/**
 * `prj_dailytask_detail` (/dailytasks/[taskid]): the one task, its fields editable in place, with its
 * task item and task user setting dialogs, its related rows, comments with attachments and its
 * history from the audit log; no list chrome around it.
 */
export default function TaskPageScreen(props: ScreenRendererProps) {
  const { t } = useTranslation([props.screen.screenCode, 'project']);
  const id = Number(props.params.taskid);
  const valid = Number.isSafeInteger(id) && id > 0;
  const queryClient = useQueryClient();
  const [reload, setReload] = useState(0);
  const activity = useQuery({
    queryKey: ['TaskActivity', id],
    queryFn: () => api.post<Activity>('Task', 'Activity', { Id: id }, { silent: true }),
    enabled: valid,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['TaskActivity', id] });
  const open = async (name: 'task_item' | 'task_user_setting') => {
    try {
      if (await openProjectDialog(name, { id })) {
        setReload((n) => n + 1);
        refresh();
      }
    } catch {
      // The API client has said why.
    }
  };
  const translate = useMemo(() => (text: string) => t(text), [t]);
  const data = activity.data;
  return (
    <div className="project-task-page">
      <TaskPage key={reload} {...props} />
      {valid && (
        <div className="container-fluid pb-3">
          <div className="d-flex flex-wrap gap-2 mb-3">
            <button
              type="button"
              className="btn btn-sm btn-outline-primary"
              onClick={() => void open('task_item')}
            >
              <i className="bi bi-pencil me-1" aria-hidden="true" />
              {t('Task item')}
            </button>
            <button
              type="button"
              className="btn btn-sm btn-outline-primary"
              onClick={() => void open('task_user_setting')}
            >
              <i className="bi bi-people me-1" aria-hidden="true" />
              {t('Task user setting')}
            </button>
          </div>
          {data && (
            <div className="row g-3">
              <section className="col-12 col-lg-4" aria-labelledby="task-related">
                <h2 id="task-related" className="h5">
                  {t('Related')}
                </h2>
                <dl className="mb-0">
                  {data.Related.Project && (
                    <>
                      <dt>{t('Project')}</dt>
                      <dd>
                        <Link to={`/pj/${data.Related.Project.Id}`} {...DATA_TEXT}>
                          {data.Related.Project.Code} · {data.Related.Project.Name}
                        </Link>
                      </dd>
                    </>
                  )}
                  {data.Related.Release && (
                    <>
                      <dt>{t('Release')}</dt>
                      <dd {...DATA_TEXT}>
                        {data.Related.Release.Version} {data.Related.Release.Name}
                      </dd>
                    </>
                  )}
                  <dt>{t('Assigned to')}</dt>
                  <dd {...DATA_TEXT}>{data.Related.Assigned.join(', ') || '—'}</dd>
                  <dt>{t('Watched by')}</dt>
                  <dd {...DATA_TEXT}>{data.Related.Watchers.join(', ') || '—'}</dd>
                </dl>
                {data.Related.SameRelease.length > 0 && (
                  <>
                    <h3 className="h6 mt-2">{t('Other tasks of this release')}</h3>
                    <ul className="mb-0">
                      {data.Related.SameRelease.map((task) => (
                        <li key={task.Id}>
                          <Link to={`/dailytasks/${task.Id}`} {...DATA_TEXT}>
                            {task.Title}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  </>
                )}
              </section>
              <section className="col-12 col-lg-4" aria-labelledby="task-comments">
                <h2 id="task-comments" className="h5">
                  {t('Comments')}
                </h2>
                {data.Comments.length === 0 ? (
                  <p className="text-body-secondary">{t('No comments yet.')}</p>
                ) : (
                  <ul className="list-unstyled">
                    {data.Comments.map((comment) => (
                      <li key={comment.Id} className="border-bottom py-2" data-comment={comment.Id}>
                        <div className="small text-body-secondary">
                          <span {...DATA_TEXT}>{comment.UserName}</span> · {formatDateTime(comment.At)}
                        </div>
                        {comment.Body && (
                          <p className="mb-1" style={{ whiteSpace: 'pre-line' }} {...DATA_TEXT}>
                            {comment.Body}
                          </p>
                        )}
                        {comment.File && (
                          <a href={comment.File.Url} download {...DATA_TEXT}>
                            <i className="bi bi-paperclip me-1" aria-hidden="true" />
                            {comment.File.Name}
                          </a>
                        )}
                      </li>
                    ))}
                  </ul>
                )}
                <h3 className="h6">{t('Add a comment')}</h3>
                <ConfigForm
                  config={COMMENT_FORM}
                  apiName=""
                  translate={translate}
                  idPrefix="task-comment"
                  clearAfterSubmit
                  send={async (body) => {
                    const form = body.DataForm as { Body?: string; FileUrl?: string };
                    const envelope = await api.call<{ Msg?: string }>({
                      path: 'Task',
                      name: 'AddComment',
                      body: {
                        Id: id,
                        Body: form.Body ?? '',
                        ...(form.FileUrl ? { FileUrl: form.FileUrl } : {}),
                      },
                      hideError: true,
                    });
                    toast.success(t(envelope.Msg || 'Saved.'));
                    refresh();
                  }}
                />
              </section>
              <div className="col-12 col-lg-4">
                <RecordHistory entries={data.History} headingId="task-history" />
              </div>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
