import { type ChangeEvent, useId, useRef, useState } from 'react';
import { uploadFiles } from '../../api/resources';
import { acceptAttribute, checkUploadFile, UPLOAD_TEXTS } from '../../engine/upload';
import { useAppStore } from '../../state/app-store';

type PhotoUploadProps = {
  /** The accessible name of the button. */
  label: string;
  /** The uploaded file's link (`Data.Photos[0].FileUrl`). */
  onUploaded(url: string): void;
  disabled?: boolean;
  className?: string;
  /**
   * The caller's translate: a table draws one of these in each row of a photo column, and each
   * `useTranslation` of its own cost more than the rest of the row's cell.
   */
  t(key: string): string;
};

/**
 * Uploads one photo through `ProjectPhoto/FileUploadFile` (multipart, `file[]`). The type is checked
 * first against the first settings' `MediaAcceptedType`: 'File is not supported for upload' when none
 * is configured, 'File not supported. Supported files: ' and the list otherwise.
 */
export function PhotoUpload({ label, onUploaded, disabled, className, t }: PhotoUploadProps) {
  const accepted = useAppStore((state) => state.dataFirstSetting?.MediaAcceptedType);
  const input = useRef<HTMLInputElement>(null);
  const messageId = useId();
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const check = checkUploadFile(file, accepted);
    if (!check.ok) {
      // The list of types is data, the sentence before it a text of the product.
      const prefix = check.message.startsWith(UPLOAD_TEXTS.notSupportedPrefix);
      setMessage(
        prefix
          ? `${t(UPLOAD_TEXTS.notSupportedPrefix)}${check.message.slice(UPLOAD_TEXTS.notSupportedPrefix.length)}`
          : t(check.message),
      );
      return;
    }
    setMessage(null);
    setBusy(true);
    try {
      const url = (await uploadFiles([file])).Photos[0]?.FileUrl;
      if (url) onUploaded(url);
    } catch {
      // The API client has shown why.
    } finally {
      setBusy(false);
    }
  };

  return (
    <span className={className}>
      <input
        ref={input}
        type="file"
        className="visually-hidden"
        accept={acceptAttribute(accepted)}
        onChange={(event) => void onChange(event)}
        tabIndex={-1}
        aria-hidden="true"
        data-testid="photo-upload-input"
      />
      <button
        type="button"
        className="btn btn-sm btn-outline-secondary"
        onClick={() => input.current?.click()}
        disabled={disabled || busy}
        aria-label={label}
        aria-describedby={message ? messageId : undefined}
        title={label}
      >
        {busy ? (
          <span className="spinner-border spinner-border-sm" aria-hidden="true" />
        ) : (
          <i className="bi bi-upload" aria-hidden="true" />
        )}
      </button>
      {message && (
        <span id={messageId} className="d-block small text-danger" role="alert">
          {message}
        </span>
      )}
    </span>
  );
}
