import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { publishConfigDraft } from '../../api/configuration';
import { ChangeList } from './change-list';
import { LossConfirmation } from './collections/loss-confirmation';
import { type StudioDraft, useStudioDraft } from './draft';
import { useDraftCheck } from './json/draft-check';

/** The studio's draft bar: how much the draft changes, and the way to review, publish or drop it. */
export function DraftBar() {
  const { t } = useTranslation(['studio', 'common']);
  const draft = useStudioDraft();
  const [open, setOpen] = useState(false);
  const count = draft.changes.length;
  return (
    <div className="studio-draft-bar">
      <span className={count > 0 ? 'studio-draft-count' : 'text-secondary'} aria-live="polite">
        {count > 0 ? t('Draft: {{count}} changes', { count }) : t('No changes in the draft')}
      </span>
      <button
        type="button"
        className="btn btn-primary btn-sm"
        disabled={count === 0}
        onClick={() => setOpen(true)}
      >
        <i className="bi bi-upload me-1" aria-hidden="true" />
        {t('Review and publish')}
      </button>
      {open && <PublishDialog draft={draft} onClose={() => setOpen(false)} />}
    </div>
  );
}

function PublishDialog({ draft, onClose }: { draft: StudioDraft; onClose: () => void }) {
  const { t } = useTranslation(['studio', 'common']);
  const queryClient = useQueryClient();
  const messageId = useId();
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  // Stored values the publish deletes (collections' fields) need their names typed first.
  const [losses, setLosses] = useState<{ confirm: string[]; complete: boolean }>({
    confirm: [],
    complete: false,
  });
  // The same rules a publish applies, asked first: a draft that breaks one cannot be sent.
  const check = useDraftCheck(draft);
  const publish = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || message.trim() === '' || !check.publishable || !losses.complete) return;
    setBusy(true);
    try {
      const version = await publishConfigDraft(message.trim(), losses.confirm);
      await queryClient.invalidateQueries({ queryKey: ['Configuration'] });
      toast.success(t('Version {{id}} is live.', { id: version.Id }));
      onClose();
    } catch {
      // The API client has shown the reason (a rule the draft breaks, named with its place).
      setBusy(false);
    }
  };
  const discard = async () => {
    setBusy(true);
    try {
      await draft.discard();
      toast.info(t('The draft was discarded.'));
      onClose();
    } catch {
      setBusy(false);
    }
  };
  return (
    <Modal show onHide={onClose} centered size="lg" scrollable aria-labelledby="studio-publish-title">
      <form onSubmit={publish} className="d-contents">
        <Modal.Header closeButton closeLabel={t('Close')}>
          <Modal.Title id="studio-publish-title" as="h2" className="h5">
            {t('Publish the draft')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <h3 className="h6 text-secondary">{t('What changes')}</h3>
          <ChangeList changes={draft.changes} empty={t('No changes in the draft')} />
          {check.issues.length > 0 && (
            <div className="alert alert-danger mt-3 mb-0" role="alert">
              <p className="mb-1">{t('The draft cannot be published until these are fixed:')}</p>
              <ul className="mb-0">
                {check.issues.map((issue) => (
                  <li key={`${issue.Path}:${issue.Message}`}>
                    <code>{issue.Path}</code> {issue.Message}
                  </li>
                ))}
              </ul>
            </div>
          )}
          <LossConfirmation
            changes={draft.changes.length}
            onChange={(confirm, complete) => setLosses({ confirm, complete })}
          />
          <label className="form-label mt-3" htmlFor={messageId}>
            {t('Message')}
          </label>
          <input
            id={messageId}
            className="form-control"
            value={message}
            maxLength={500}
            required
            placeholder={t('What this version changes, for the history')}
            onChange={(event) => setMessage(event.target.value)}
          />
        </Modal.Body>
        <Modal.Footer className="justify-content-between">
          {confirmDiscard ? (
            <span className="d-flex align-items-center gap-2">
              <span>{t('Discard every change of the draft?')}</span>
              <button
                type="button"
                className="btn btn-danger btn-sm"
                onClick={() => void discard()}
                disabled={busy}
              >
                {t('Discard')}
              </button>
              <button type="button" className="btn btn-link btn-sm" onClick={() => setConfirmDiscard(false)}>
                {t('Keep')}
              </button>
            </span>
          ) : (
            <button type="button" className="btn btn-outline-danger" onClick={() => setConfirmDiscard(true)}>
              {t('Discard the draft')}
            </button>
          )}
          <span className="d-flex gap-2">
            <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
              {t('Cancel')}
            </button>
            <button
              type="submit"
              className="btn btn-primary"
              disabled={busy || message.trim() === '' || !check.publishable || !losses.complete}
            >
              {t('Publish')}
            </button>
          </span>
        </Modal.Footer>
      </form>
    </Modal>
  );
}
