import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ControlProps } from './registry';

const show = (value: unknown) =>
  value === null || value === undefined || value === ''
    ? ''
    : typeof value === 'string'
      ? value
      : JSON.stringify(value, null, 2);

/**
 * `json`: JSON text. The value is the parsed JSON while the text is valid JSON; invalid text is kept
 * as text (the server refuses it) and said so under the field.
 */
export function JsonControl(props: ControlProps) {
  const { t } = useTranslation(['forms', 'common']);
  const [text, setText] = useState(show(props.value));
  const [bad, setBad] = useState(false);
  const lastSent = useRef<unknown>(props.value);
  useEffect(() => {
    if (props.value !== lastSent.current) {
      lastSent.current = props.value;
      setText(show(props.value));
      setBad(false);
    }
  }, [props.value]);

  const change = (next: string) => {
    setText(next);
    let value: unknown = next;
    let invalid = false;
    if (next.trim() === '') value = null;
    else {
      try {
        value = JSON.parse(next);
      } catch {
        invalid = true;
      }
    }
    setBad(invalid);
    lastSent.current = value;
    props.onChange(value);
  };

  const messageId = `${props.id}-json`;
  return (
    <>
      <textarea
        id={props.id}
        className={`form-control font-monospace ${props.invalid || bad ? 'is-invalid' : ''}`}
        rows={4}
        spellCheck={false}
        value={text}
        disabled={props.disabled}
        aria-invalid={props.invalid || bad || undefined}
        aria-required={props.required || undefined}
        aria-describedby={[props.describedBy, bad ? messageId : ''].filter(Boolean).join(' ') || undefined}
        onChange={(e) => change(e.target.value)}
        onBlur={props.onCommit}
      />
      {bad && (
        <div id={messageId} className="invalid-feedback d-block">
          {t('This is not valid JSON.')}
        </div>
      )}
    </>
  );
}
