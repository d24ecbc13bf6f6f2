import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../engine/formats';
import { DATA_TEXT } from '../../i18n';

/** One entry of a record's history (the audit log), newest first. */
export type HistoryEntry = { At: string; Action: string; UserName: string; Changes: { Field: string }[] };

/** What the history says of an audit action. */
const ACTION_TEXT: Record<string, string> = {
  record_create: 'Created',
  record_update: 'Changed',
  task_comment: 'Commented',
};

/** The column headers of the fields, as the history names them. */
const FIELD_TEXT: Record<string, string> = {
  ProjectId: 'Project',
  Title: 'Title',
  Status: 'Status',
  Priority: 'Priority',
  AssigneeId: 'Assignee',
  DueDate: 'Due',
  EstimateHours: 'Estimate (h)',
  SpentHours: 'Spent (h)',
  ReleaseId: 'Release',
  Description: 'Description',
  IsLocked: 'Locked',
  AssigneeIds: 'Assigned users',
  WatcherIds: 'Watchers',
  NotifyChoice: 'Notify me of',
  OwnerId: 'Owner',
  StartDate: 'Start',
  EndDate: 'End',
  Color: 'Colour',
  Name: 'Name',
  Code: 'Code',
};

/** A record's history section: who did what and when, and which fields changed. */
export function RecordHistory({ entries, headingId }: { entries: HistoryEntry[]; headingId: string }) {
  const { t } = useTranslation(['project', 'common']);
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="h5">
        {t('History')}
      </h2>
      <ol className="list-unstyled mb-0">
        {entries.map((entry, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the history is read whole, newest first
          <li key={index} className="small border-bottom py-1">
            <span className="text-body-secondary">{formatDateTime(entry.At)}</span>{' '}
            <span {...DATA_TEXT}>{entry.UserName}</span> {t(ACTION_TEXT[entry.Action] ?? entry.Action)}
            {entry.Changes.length > 0 && (
              <span className="text-body-secondary">
                {': '}
                {entry.Changes.map((change) => t(FIELD_TEXT[change.Field] ?? change.Field)).join(', ')}
              </span>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
