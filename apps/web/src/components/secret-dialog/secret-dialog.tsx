import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openModal } from '../modal-host/modal-store';

function SecretValue({ value, message }: { value: string; message: string | undefined }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      // No clipboard (an insecure origin, a refused permission): the value stays selectable.
      setCopied(false);
    }
  };
  return (
    <div>
      {message && <p className="mb-3">{message}</p>}
      <div className="input-group">
        <output className="form-control font-monospace fs-5 user-select-all" aria-label={t('Value')}>
          {value}
        </output>
        <button type="button" className="btn btn-outline-secondary" onClick={() => void copy()}>
          <i className={`bi ${copied ? 'bi-check2' : 'bi-clipboard'} me-1`} aria-hidden="true" />
          {copied ? t('Copied') : t('Copy')}
        </button>
      </div>
      <p className="small text-body-secondary mt-2 mb-0" role="status">
        {copied ? t('Copied to the clipboard.') : t('It is shown only this once.')}
      </p>
    </div>
  );
}

/**
 * A value an action's answer shows once (a temporary password, a key): in a dialog that stays until
 * closed, with a Copy button, never in a toast that vanishes.
 */
export function showSecret(title: string, secret: { value: string; message: string | undefined }): void {
  void openModal({
    type: 'component',
    size: 'xm',
    title,
    render: () => <SecretValue value={secret.value} message={secret.message} />,
  });
}
