import type { ConfigScreen } from '@panelwright/contract';
import { type FormEvent, useId, useState } from 'react';
import Dropdown from 'react-bootstrap/Dropdown';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import type { CallFailure } from '../../../api/client';
import { copyCode, renameSaves, screenCodeProblem } from '../../../engine/studio/screens';
import { useStudioDraft } from '../draft';

/** Rename, duplicate or delete a screen, both into the draft (a deleted screen goes when the draft is published). */
export function ScreenActions({
  code,
  screen,
  disabled,
}: {
  code: string;
  screen: ConfigScreen;
  disabled: boolean;
}) {
  const { t } = useTranslation(['studio', 'common']);
  const [dialog, setDialog] = useState<'rename' | 'duplicate' | 'delete' | null>(null);
  return (
    <>
      <Dropdown align="end">
        <Dropdown.Toggle size="sm" variant="outline-secondary" disabled={disabled}>
          {t('More')}
        </Dropdown.Toggle>
        <Dropdown.Menu>
          <Dropdown.Item as="button" onClick={() => setDialog('rename')}>
            {t('Change the code')}
          </Dropdown.Item>
          <Dropdown.Item as="button" onClick={() => setDialog('duplicate')}>
            {t('Duplicate')}
          </Dropdown.Item>
          <Dropdown.Item as="button" className="text-danger" onClick={() => setDialog('delete')}>
            {t('Delete')}
          </Dropdown.Item>
        </Dropdown.Menu>
      </Dropdown>
      {dialog === 'rename' && <RenameDialog code={code} onClose={() => setDialog(null)} />}
      {dialog === 'duplicate' && (
        <DuplicateDialog code={code} screen={screen} onClose={() => setDialog(null)} />
      )}
      {dialog === 'delete' && <DeleteDialog code={code} screen={screen} onClose={() => setDialog(null)} />}
    </>
  );
}

function DuplicateDialog({
  code,
  screen,
  onClose,
}: {
  code: string;
  screen: ConfigScreen;
  onClose: () => void;
}) {
  const { t } = useTranslation(['studio', 'common']);
  const draft = useStudioDraft();
  const navigate = useNavigate();
  const id = useId();
  const [newCode, setNewCode] = useState(() => copyCode(code, Object.keys(draft.document.screens)));
  const [title, setTitle] = useState(() => t('{{title}} (copy)', { title: screen.title }));
  const [url, setUrl] = useState(() => (screen.uiUrl ? `${screen.uiUrl}-copy` : ''));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (draft.document.screens[newCode])
      return setError(t('There is a screen {{code}} already.', { code: newCode }));
    setBusy(true);
    try {
      await draft.save(['screens', newCode], { ...screen, title, uiUrl: url });
      toast.success(t('Saved to the draft.'));
      onClose();
      navigate(`/studio/screens/${newCode}`);
    } catch (failure) {
      setError((failure as CallFailure).description || (failure as CallFailure).msg);
      setBusy(false);
    }
  };
  return (
    <Modal show onHide={onClose} centered aria-labelledby={`${id}-title`}>
      <form onSubmit={submit}>
        <Modal.Header closeButton closeLabel={t('Close')}>
          <Modal.Title id={`${id}-title`} as="h2" className="h5">
            {t('Duplicate the screen')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {error && (
            <div className="alert alert-danger py-2" role="alert">
              {error}
            </div>
          )}
          <label className="form-label" htmlFor={`${id}-code`}>
            {t('Code')}
          </label>
          <input
            id={`${id}-code`}
            className="form-control font-monospace mb-2"
            value={newCode}
            required
            onChange={(event) => setNewCode(event.target.value.trim())}
          />
          <label className="form-label" htmlFor={`${id}-name`}>
            {t('Title')}
          </label>
          <input
            id={`${id}-name`}
            className="form-control mb-2"
            value={title}
            required
            maxLength={200}
            onChange={(event) => setTitle(event.target.value)}
          />
          <label className="form-label" htmlFor={`${id}-url`}>
            {t('Address')}
          </label>
          <input
            id={`${id}-url`}
            className="form-control font-monospace"
            value={url}
            onChange={(event) => setUrl(event.target.value.trim())}
          />
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
            {t('Cancel')}
          </button>
          <button
            type="submit"
            className="btn btn-primary"
            disabled={busy || newCode === '' || title.trim() === ''}
          >
            {t('Duplicate')}
          </button>
        </Modal.Footer>
      </form>
    </Modal>
  );
}

function RenameDialog({ code, onClose }: { code: string; onClose: () => void }) {
  const { t } = useTranslation(['studio', 'common']);
  const draft = useStudioDraft();
  const navigate = useNavigate();
  const id = useId();
  const [newCode, setNewCode] = useState(code);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const problem = newCode === code ? null : screenCodeProblem(newCode, Object.keys(draft.document.screens));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (problem || newCode === code) return;
    setBusy(true);
    try {
      for (const save of renameSaves(draft.document, code, newCode)) await draft.save(save.item, save.value);
      toast.success(t('Saved to the draft.'));
      onClose();
      navigate(`/studio/screens/${newCode}`);
    } catch (failure) {
      setError((failure as CallFailure).description || (failure as CallFailure).msg);
      setBusy(false);
    }
  };
  return (
    <Modal show onHide={onClose} centered aria-labelledby={`${id}-title`}>
      <form onSubmit={submit} noValidate>
        <Modal.Header closeButton closeLabel={t('Close')}>
          <Modal.Title id={`${id}-title`} as="h2" className="h5">
            {t('Change the code of {{code}}', { code })}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {error && (
            <div className="alert alert-danger py-2" role="alert">
              {error}
            </div>
          )}
          <label className="form-label" htmlFor={`${id}-code`}>
            {t('New code')}
          </label>
          <input
            id={`${id}-code`}
            className={`form-control font-monospace${problem ? ' is-invalid' : ''}`}
            value={newCode}
            required
            aria-invalid={problem ? true : undefined}
            aria-describedby={`${id}-hint${problem ? ` ${id}-problem` : ''}`}
            onChange={(event) => setNewCode(event.target.value.trim())}
          />
          {problem && (
            <div id={`${id}-problem`} className="invalid-feedback">
              {t(problem)}
            </div>
          )}
          <div id={`${id}-hint`} className="form-text">
            {t('Its parts and its texts move with it; its address stays the same.')}
          </div>
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
            {t('Cancel')}
          </button>
          <button
            type="submit"
            className="btn btn-primary"
            disabled={busy || Boolean(problem) || newCode === code}
          >
            {t('Change the code')}
          </button>
        </Modal.Footer>
      </form>
    </Modal>
  );
}

function DeleteDialog({
  code,
  screen,
  onClose,
}: {
  code: string;
  screen: ConfigScreen;
  onClose: () => void;
}) {
  const { t } = useTranslation(['studio', 'common']);
  const draft = useStudioDraft();
  const navigate = useNavigate();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    setBusy(true);
    try {
      await draft.save(['screens', code], null);
      toast.success(t('Saved to the draft.'));
      onClose();
      navigate('/studio/screens');
    } catch {
      // The API client has shown the reason.
      setBusy(false);
    }
  };
  return (
    <Modal show onHide={onClose} centered aria-labelledby={`${id}-title`}>
      <Modal.Header closeButton closeLabel={t('Close')}>
        <Modal.Title id={`${id}-title`} as="h2" className="h5">
          {t('Delete the screen {{title}}?', { title: screen.title })}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {t(
          'It goes from the draft now and from the product when the draft is published; the history keeps it, and Restore brings it back.',
        )}
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
          {t('Cancel')}
        </button>
        <button type="button" className="btn btn-danger" disabled={busy} onClick={() => void remove()}>
          {t('Delete')}
        </button>
      </Modal.Footer>
    </Modal>
  );
}
