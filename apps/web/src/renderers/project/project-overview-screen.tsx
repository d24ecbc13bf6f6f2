import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../api/api';
import { formatDateTime } from '../../engine/formats';
import { DATA_TEXT } from '../../i18n';
import type { ScreenRendererProps } from '../registry';
import { ProjectOverview } from './alias-screen';
import { type HistoryEntry, RecordHistory } from './record-history';

type Activity = {
  History: HistoryEntry[];
  Related: {
    Tasks: { Status: string; Count: number }[];
    Releases: { Id: number; Version: string; Name: string; Status: string }[];
    Members: { UserName: string; Role: string }[];
    Meetings: { Id: number; Title: string; StartsAt: string }[];
  };
};

/** The words of the task statuses and member roles, as the option lists call them. */
const STATUS_TEXT: Record<string, string> = { todo: 'To do', doing: 'Doing', review: 'Review', done: 'Done' };
const ROLE_TEXT: Record<string, string> = {
  owner: 'Owner',
  developer: 'Developer',
  tester: 'Tester',
  viewer: 'Viewer',
};

/**
 * `prj_info`: the project of the address as one record (every field editable in place), with its
 * related rows (tasks by status, releases, members, the next meetings) and its history.
 */
export default function ProjectOverviewScreen(props: ScreenRendererProps) {
  const { t } = useTranslation([props.screen.screenCode, 'project']);
  const id = Number(props.screen.requestData.ProjectId);
  const activity = useQuery({
    queryKey: ['ProjectActivity', id],
    queryFn: () => api.post<Activity>('Project', 'Activity', { Id: id }, { silent: true }),
    enabled: Number.isSafeInteger(id) && id > 0,
  });
  const data = activity.data;
  return (
    <div className="project-overview">
      <ProjectOverview {...props} />
      {data && (
        <div className="row g-3 mt-1">
          <section className="col-12 col-lg-6" aria-labelledby="project-related">
            <h2 id="project-related" className="h5">
              {t('Related')}
            </h2>
            <dl className="mb-0">
              <dt>{t('Tasks')}</dt>
              <dd>
                {data.Related.Tasks.map(
                  (row) => `${t(STATUS_TEXT[row.Status] ?? row.Status)}: ${row.Count}`,
                ).join(' · ') || '—'}
              </dd>
              <dt>{t('Releases')}</dt>
              <dd {...DATA_TEXT}>
                {data.Related.Releases.map((release) => `${release.Version} ${release.Name}`.trim()).join(
                  ', ',
                ) || '—'}
              </dd>
              <dt>{t('Members')}</dt>
              <dd>
                {data.Related.Members.length === 0
                  ? '—'
                  : data.Related.Members.map((member, index) => (
                      <span key={`${member.UserName}-${member.Role}`}>
                        {index > 0 && ', '}
                        <span {...DATA_TEXT}>{member.UserName}</span> (
                        {t(ROLE_TEXT[member.Role] ?? member.Role)})
                      </span>
                    ))}
              </dd>
              <dt>{t('Next meetings')}</dt>
              <dd>
                {data.Related.Meetings.length === 0 ? (
                  '—'
                ) : (
                  <ul className="list-unstyled mb-0">
                    {data.Related.Meetings.map((meeting) => (
                      <li key={meeting.Id}>
                        <span {...DATA_TEXT}>{formatDateTime(meeting.StartsAt)}</span>{' '}
                        <span {...DATA_TEXT}>{meeting.Title}</span>
                      </li>
                    ))}
                  </ul>
                )}
              </dd>
            </dl>
            <Link to="/dailytasks">{t('Daily tasks')}</Link>
          </section>
          <div className="col-12 col-lg-6">
            <RecordHistory entries={data.History} headingId="project-history" />
          </div>
        </div>
      )}
    </div>
  );
}
