import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../api/api';
import { DATA_TEXT } from '../../i18n';
import type { ScreenRendererProps } from '../registry';
import { ScreenRenderer } from '../screen-renderer';
import { useScreenTree } from '../shared/use-screen-tree';

type ProjectRow = { Id: number; Code: string; Name: string; Status: string; Color: string };

/** One project: its name and code, then its tabs (the screen's contents) scoped to it. */
function ProjectPage({ screen, params }: ScreenRendererProps) {
  const { t } = useTranslation([screen.screenCode, 'project', 'common']);
  const projectId = params.pj ?? '';
  const project = useQuery({
    queryKey: ['Project', 'Detail', projectId],
    queryFn: () => api.post<ProjectRow>('Project', 'Detail', { Id: Number(projectId) }, { silent: true }),
    enabled: /^\d+$/.test(projectId),
  });
  const tree = useScreenTree(screen);
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
      {tabs && <ScreenRenderer screen={tabs} params={params} embedded />}
    </section>
  );
}

/**
 * `prjmanager` (/pj and /pj/[pj]): the projects as cards, each opening its page; with a project in
 * the address, that project's page.
 */
export default function ProjectManagerScreen(props: ScreenRendererProps) {
  const { t } = useTranslation([props.screen.screenCode, 'project', 'common']);
  if (props.params.pj !== undefined) return <ProjectPage {...props} />;
  return (
    <section className="container-fluid py-3">
      <h1 className="h3">{t(props.screen.title)}</h1>
      <ScreenRenderer
        screen={{ ...props.screen, pageType: 'admin_table_grid_card' }}
        params={props.params}
        embedded
      />
    </section>
  );
}
