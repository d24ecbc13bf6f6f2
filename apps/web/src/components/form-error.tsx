import { useTexts } from '../texts';

const FORM_NAMESPACES = ['forms', 'common'] as const;

/** A field's message under it, read out when it appears. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <div id={id} className="invalid-feedback d-block" role="alert">
      {message}
    </div>
  );
}

/** The server's or the form's own error under a form, read out when it appears. */
export function FormError({ message }: { message: string }) {
  const { t } = useTexts(FORM_NAMESPACES);
  if (!message) return null;
  // The server words its messages in the caller's language already; a text of ours is a key.
  return (
    <div className="text-danger mt-3 small" role="alert" style={{ whiteSpace: 'pre-line' }}>
      {t(message)}
    </div>
  );
}
