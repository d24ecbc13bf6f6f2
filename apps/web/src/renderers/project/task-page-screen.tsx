import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScreenRendererProps } from '../registry';
import { TaskPage } from './alias-screen';
import { openProjectDialog } from './project-dialog';

/**
 * `prj_dailytask_detail` (/dailytasks/[taskid]): the one task, its fields editable in place, with its
 * task item and task user setting dialogs; no list chrome around it.
 */
export default function TaskPageScreen(props: ScreenRendererProps) {
  const { t } = useTranslation([props.screen.screenCode, 'project', 'common']);
  const id = Number(props.params.taskid);
  const [reload, setReload] = useState(0);
  const open = async (name: 'task_item' | 'task_user_setting') => {
    try {
      if (await openProjectDialog(name, { id })) setReload((n) => n + 1);
    } catch {
      // The API client has said why.
    }
  };
  return (
    <div className="project-task-page">
      <TaskPage key={reload} {...props} />
      {Number.isSafeInteger(id) && id > 0 && (
        <div className="container-fluid d-flex flex-wrap gap-2 mb-3">
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
      )}
    </div>
  );
}
