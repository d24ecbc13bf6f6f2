import type { ConfigVersionSummary } from '@panelwright/contract';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import {
  compareConfigVersions,
  fetchConfigHistory,
  fetchConfigVersion,
  restoreConfigVersion,
} from '../../api/configuration';
import { formatDateTime } from '../../engine/formats';
import { DATA_TEXT } from '../../i18n';
import { ChangeList } from './change-list';

const PAGE_SIZE = 50;

/** What made a version, in words. */
const KIND_TEXTS: Record<ConfigVersionSummary['Kind'], string> = {
  shipped: 'Shipped with the product',
  publish: 'Published',
  apply: 'Applied from a file',
  restore: 'Restored',
  upgrade: 'Upgrade',
  change: 'Changed outside the studio',
};

const HISTORY_KEY = ['Configuration', 'History'] as const;

/** /studio/history: every published version, what each changed, any two compared, and Restore. */
export function HistoryPage() {
  const { t } = useTranslation(['studio', 'common']);
  const queryClient = useQueryClient();
  const history = useInfiniteQuery({
    queryKey: HISTORY_KEY,
    queryFn: ({ pageParam }) => fetchConfigHistory(pageParam, PAGE_SIZE),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length * PAGE_SIZE < last.Total ? pages.length + 1 : undefined),
  });
  const versions = history.data?.pages.flatMap((page) => page.Data) ?? [];
  const latest = versions[0]?.Id;
  const [chosen, setChosen] = useState<number | null>(null);
  const selected = chosen ?? latest ?? null;
  const [restoring, setRestoring] = useState<ConfigVersionSummary | null>(null);

  if (history.isPending) {
    return <div className="spinner-border text-primary m-4" role="status" aria-label={t('Loading')} />;
  }
  if (history.isError) return <p className="text-danger">{t('The history could not be loaded.')}</p>;

  const restored = async (version: ConfigVersionSummary) => {
    setRestoring(null);
    await queryClient.invalidateQueries({ queryKey: HISTORY_KEY });
    setChosen(version.Id);
    toast.success(t('Version {{id}} is live.', { id: version.Id }));
  };

  return (
    <div className="studio-history">
      <section className="studio-history-list" aria-labelledby="studio-versions-title">
        <h2 id="studio-versions-title" className="h6 text-secondary text-uppercase mb-2">
          {t('Versions')}
        </h2>
        <div className="list-group">
          {versions.map((version) => (
            <button
              key={version.Id}
              type="button"
              className={`list-group-item list-group-item-action studio-version${version.Id === selected ? ' active' : ''}`}
              aria-current={version.Id === selected ? 'true' : undefined}
              onClick={() => setChosen(version.Id)}
            >
              <span className="d-flex justify-content-between gap-2">
                <strong>{t('Version {{id}}', { id: version.Id })}</strong>
                <small className="studio-version-time">{formatDateTime(version.CreatedAt)}</small>
              </span>
              <span className="d-block text-truncate" {...DATA_TEXT}>
                {version.Message}
              </span>
              <small className="studio-version-meta">
                {t(KIND_TEXTS[version.Kind])}
                {version.CreatedBy ? (
                  <>
                    {' · '}
                    <span {...DATA_TEXT}>{version.CreatedBy}</span>
                  </>
                ) : null}
                {' · '}
                {t('{{count}} changes', { count: version.ChangeCount })}
              </small>
            </button>
          ))}
        </div>
        {history.hasNextPage && (
          <button
            type="button"
            className="btn btn-outline-secondary btn-sm mt-2"
            onClick={() => void history.fetchNextPage()}
            disabled={history.isFetchingNextPage}
          >
            {t('Older versions')}
          </button>
        )}
      </section>
      {selected !== null && (
        <VersionDetail
          id={selected}
          versions={versions}
          isLatest={selected === latest}
          onRestore={(version) => setRestoring(version)}
        />
      )}
      {restoring && (
        <RestoreDialog version={restoring} onClose={() => setRestoring(null)} onRestored={restored} />
      )}
    </div>
  );
}

function VersionDetail({
  id,
  versions,
  isLatest,
  onRestore,
}: {
  id: number;
  versions: readonly ConfigVersionSummary[];
  isLatest: boolean;
  onRestore: (version: ConfigVersionSummary) => void;
}) {
  const { t } = useTranslation(['studio', 'common']);
  const compareId = useId();
  const [against, setAgainst] = useState<number | null>(null);
  const detail = useQuery({
    queryKey: ['Configuration', 'Version', id],
    queryFn: () => fetchConfigVersion(id),
  });
  const compared = useQuery({
    queryKey: ['Configuration', 'Compare', against, id],
    queryFn: () => compareConfigVersions(against as number, id),
    enabled: against !== null,
  });
  if (!detail.data) {
    return (
      <section className="studio-history-detail">
        <div className="spinner-border text-primary" role="status" aria-label={t('Loading')} />
      </section>
    );
  }
  const version = detail.data.Version;
  const changes = against === null ? detail.data.Changes : (compared.data?.Changes ?? []);
  return (
    <section className="studio-history-detail" aria-labelledby="studio-version-title">
      <header className="studio-version-header">
        <div>
          <h2 id="studio-version-title" className="h4 mb-1">
            {t('Version {{id}}', { id: version.Id })}
          </h2>
          <p className="mb-1" {...DATA_TEXT}>
            {version.Message}
          </p>
          <p className="text-secondary small mb-0">
            {t(KIND_TEXTS[version.Kind])}
            {version.RestoredFrom !== null && ` (${t('from version {{id}}', { id: version.RestoredFrom })})`}
            {version.CreatedBy && (
              <>
                {' · '}
                <span {...DATA_TEXT}>{version.CreatedBy}</span>
              </>
            )}
            {' · '}
            {formatDateTime(version.CreatedAt)}
          </p>
        </div>
        <button
          type="button"
          className="btn btn-outline-primary"
          disabled={isLatest}
          title={isLatest ? t('This version is live.') : undefined}
          onClick={() => onRestore(version)}
        >
          <i className="bi bi-arrow-counterclockwise me-1" aria-hidden="true" />
          {t('Restore this version')}
        </button>
      </header>
      <div className="studio-compare">
        <label className="form-label mb-0" htmlFor={compareId}>
          {t('Show')}
        </label>
        <select
          id={compareId}
          className="form-select form-select-sm"
          value={against === null ? '' : String(against)}
          onChange={(event) => setAgainst(event.target.value === '' ? null : Number(event.target.value))}
        >
          <option value="">{t('What this version changed')}</option>
          {versions
            .filter((other) => other.Id !== version.Id)
            .map((other) => (
              <option key={other.Id} value={other.Id}>
                {t('Changes from version {{id}} to this one', { id: other.Id })}
              </option>
            ))}
        </select>
      </div>
      {against !== null && compared.isPending ? (
        <div
          className="spinner-border spinner-border-sm text-primary"
          role="status"
          aria-label={t('Loading')}
        />
      ) : (
        <ChangeList
          changes={changes}
          empty={
            version.Kind === 'shipped' && against === null
              ? t('The configuration the product shipped with: the first version.')
              : t('No differences.')
          }
        />
      )}
    </section>
  );
}

function RestoreDialog({
  version,
  onClose,
  onRestored,
}: {
  version: ConfigVersionSummary;
  onClose: () => void;
  onRestored: (version: ConfigVersionSummary) => void;
}) {
  const { t } = useTranslation(['studio', 'common']);
  const [message, setMessage] = useState(() => t('Restore version {{id}}', { id: version.Id }));
  const [busy, setBusy] = useState(false);
  const messageId = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || message.trim() === '') return;
    setBusy(true);
    try {
      onRestored(await restoreConfigVersion(version.Id, message.trim()));
    } catch {
      // The API client has shown the reason.
      setBusy(false);
    }
  };
  return (
    <Modal show onHide={onClose} centered aria-labelledby="studio-restore-title">
      <form onSubmit={submit}>
        <Modal.Header closeButton closeLabel={t('Close')}>
          <Modal.Title id="studio-restore-title" as="h2" className="h5">
            {t('Restore version {{id}}', { id: version.Id })}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p>
            {t(
              'Its configuration is published again as a new version; the versions since stay in the history.',
            )}
          </p>
          <label className="form-label" htmlFor={messageId}>
            {t('Message')}
          </label>
          <input
            id={messageId}
            className="form-control"
            value={message}
            maxLength={500}
            required
            onChange={(event) => setMessage(event.target.value)}
          />
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
            {t('Cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy || message.trim() === ''}>
            {t('Restore')}
          </button>
        </Modal.Footer>
      </form>
    </Modal>
  );
}
