import { type FormEvent, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { useGuardedClose } from '../../components/use-unsaved-changes';

/** A dialog asking for a name (a new folder, or a rename). */
export function NameDialog({
  title,
  initial,
  submitText,
  onSubmit,
  onClose,
}: {
  title: string;
  initial: string;
  submitText: string;
  onSubmit: (name: string) => Promise<boolean>;
  onClose: () => void;
}) {
  const { t } = useTranslation(['forms', 'common']);
  const [name, setName] = useState(initial);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const dismiss = useGuardedClose(name !== initial, onClose);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') {
      setError(t('Please enter a name.'));
      return;
    }
    setBusy(true);
    const done = await onSubmit(name.trim());
    setBusy(false);
    if (done) onClose();
  };
  return (
    <Modal show onHide={dismiss} centered aria-labelledby="name-dialog-title">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Modal.Header closeButton closeLabel={t('Close')}>
          <Modal.Title id="name-dialog-title">{title}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <label htmlFor="name-dialog-input" className="form-label">
            {t('Name')}
          </label>
          <input
            id="name-dialog-input"
            className={`form-control ${error ? 'is-invalid' : ''}`}
            value={name}
            maxLength={120}
            // biome-ignore lint/a11y/noAutofocus: the dialog exists to type the name
            autoFocus
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'name-dialog-error' : undefined}
            onFocus={(e) => {
              // Select the name without its extension, as file managers do.
              const dot = e.target.value.lastIndexOf('.');
              e.target.setSelectionRange(0, dot > 0 ? dot : e.target.value.length);
            }}
            onChange={(e) => {
              setName(e.target.value);
              setError('');
            }}
          />
          {error && (
            <div id="name-dialog-error" className="invalid-feedback d-block">
              {error}
            </div>
          )}
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-outline-secondary" onClick={dismiss}>
            {t('Cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {submitText}
          </button>
        </Modal.Footer>
      </form>
    </Modal>
  );
}
