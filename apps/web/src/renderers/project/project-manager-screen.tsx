import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { api } from '../../api/api';
import { DATA_TEXT } from '../../i18n';
import type { ScreenRendererProps } from '../registry';
import { ScreenRenderer } from '../screen-renderer';
import { useScreenTree } from '../shared/use-screen-tree';
import { openProjectDialog } from './project-dialog';

type ProjectRow = { Id: number; Code: string; Name: string; Status: string; Color: string };

/** One project: its name and code, then its tabs (the screen's contents) scoped to it. */
function ProjectPage({ screen, params }: ScreenRendererProps) {
  const { t } = useTranslation([screen.screenCode, 'project']);
  const projectId = params.pj ?? '';
  const project = useQuery({
    queryKey: ['Project', 'Detail', projectId],
    queryFn: () => api.post<ProjectRow>('Project', 'Detail', { Id: Number(projectId) }, { silent: true }),
    enabled: /^\d+$/.test(projectId),
  });
  const tree = useScreenTree(screen);
  const queryClient = useQueryClient();
  const [reload, setReload] = useState(0);
  const add = async (name: 'new_task' | 'new_release') => {
    try {
      const saved = await openProjectDialog(name, { requestData: { ProjectId: Number(projectId) } });
      if (saved) {
        void queryClient.invalidateQueries();
        setReload((n) => n + 1);
      }
    } catch {
      // The API client has said why.
    }
  };
  if (!/^\d+$/.test(projectId) || project.isError) {
    return (
      <section className="container-fluid py-3">
        <p>{t('This project does not exist.')}</p>
        <Link to="/pj">{t('All projects')}</Link>
      </section>
    );
  }
  const tabs = tree.screen && {
    ...tree.screen,
    pageType: 'admin_tab',
    requestData: { ...tree.screen.requestData, ProjectId: Number(projectId) },
  };
  return (
    <section className="container-fluid py-3">
      <nav aria-label={t('Breadcrumb')}>
        <ol className="breadcrumb mb-2">
          <li className="breadcrumb-item">
            <Link to="/pj">{t('Projects')}</Link>
          </li>
          <li className="breadcrumb-item active" aria-current="page" {...DATA_TEXT}>
            {project.data?.Code ?? projectId}
          </li>
        </ol>
      </nav>
      <h1 className="h3 d-flex align-items-center gap-2">
        <span
          className="project-swatch"
          style={{ backgroundColor: project.data?.Color ?? '#057e38' }}
          aria-hidden="true"
        />
        {project.data?.Name ? <span {...DATA_TEXT}>{project.data.Name}</span> : t('Project')}
      </h1>
      <div className="d-flex flex-wrap gap-2 mb-2">
        <button type="button" className="btn btn-sm btn-primary" onClick={() => void add('new_task')}>
          <i className="bi bi-plus-lg me-1" aria-hidden="true" />
          {t('New task')}
        </button>
        <button
          type="button"
          className="btn btn-sm btn-outline-primary"
          onClick={() => void add('new_release')}
        >
          <i className="bi bi-plus-lg me-1" aria-hidden="true" />
          {t('New release')}
        </button>
      </div>
      {tabs && <ScreenRenderer key={reload} screen={tabs} params={params} embedded />}
    </section>
  );
}

/**
 * `prjmanager` (/pj and /pj/[pj]): the projects as cards, each opening its page; with a project in
 * the address, that project's page.
 */
export default function ProjectManagerScreen(props: ScreenRendererProps) {
  if (props.params.pj !== undefined) return <ProjectPage {...props} />;
  return <ProjectList {...props} />;
}

function ProjectList(props: ScreenRendererProps) {
  const { t } = useTranslation([props.screen.screenCode, 'project']);
  const navigate = useNavigate();
  const create = async () => {
    try {
      const saved = await openProjectDialog('new_project');
      if (saved && typeof saved.Id === 'number') void navigate(`/pj/${saved.Id}`);
    } catch {
      // The API client has said why.
    }
  };
  return (
    <section className="container-fluid py-3">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h1 className="h3 mb-0 me-auto">{t(props.screen.title)}</h1>
        <button type="button" className="btn btn-sm btn-primary" onClick={() => void create()}>
          <i className="bi bi-plus-lg me-1" aria-hidden="true" />
          {t('New project')}
        </button>
      </div>
      <ScreenRenderer
        screen={{ ...props.screen, pageType: 'admin_table_grid_card' }}
        params={props.params}
        embedded
      />
    </section>
  );
}
