import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DATA_TEXT } from '../../texts';
import { useModalControls } from '../modal-host/modal-context';
import { openModal } from '../modal-host/modal-store';

/** A value shown once: what it is (`label`, 'Value' unless named) and why to copy it now (`message`). */
export type Secret = { value: string; message: string | undefined; label?: string };

function SecretValue({ value, message, label }: Secret) {
  const { t } = useTranslation();
  const modal = useModalControls();
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
        {/* A read-only field, not an <output>: that is a live region, and the value is no news to
            announce; the line under it is the dialog's one status. A textarea, so that a long value
            wraps on a phone instead of scrolling out of sight. */}
        <textarea
          className="form-control font-monospace fs-5 text-break"
          style={{ resize: 'none' }}
          readOnly
          rows={Math.min(4, Math.max(1, Math.ceil(value.length / 30)))}
          value={value}
          aria-label={label ?? t('Value')}
          onFocus={(event) => event.currentTarget.select()}
          {...DATA_TEXT}
        />
        <button type="button" className="btn btn-outline-secondary" onClick={() => void copy()}>
          <i className={`bi ${copied ? 'bi-check2' : 'bi-clipboard'} me-1`} aria-hidden="true" />
          {copied ? t('Copied') : t('Copy')}
        </button>
      </div>
      <p className="small text-body-secondary mt-2 mb-0" role="status">
        {copied ? t('Copied to the clipboard.') : t('It is shown only this once.')}
      </p>
      {modal && (
        <div className="d-flex justify-content-end mt-3">
          <button type="button" className="btn btn-primary" onClick={() => modal.close()}>
            {t('Done')}
          </button>
        </div>
      )}
    </div>
  );
}

/**
 * A value an action's answer shows once (a temporary password, a new API key): in a dialog that stays
 * until closed, with a Copy button, never in a toast that vanishes. The one way the product shows a
 * secret.
 */
export function showSecret(title: string, secret: Secret): void {
  void openModal({
    type: 'component',
    size: 'xm',
    title,
    render: () => <SecretValue {...secret} />,
  });
}
