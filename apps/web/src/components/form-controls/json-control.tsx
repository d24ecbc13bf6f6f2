import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatJsonText, JSON_ERROR_MESSAGES, readJsonText } from '../../engine/formats';
import type { ControlProps } from './registry';

/**
 * `json`: JSON text, shown formatted. The value is the parsed JSON while the text is valid JSON;
 * invalid text is kept as text and the field names the line and column of the mistake, so the form
 * refuses to send it. Leaving the field formats valid JSON.
 */
export function JsonControl(props: ControlProps) {
  const { t } = useTranslation(['forms', 'common']);
  const [text, setText] = useState(() => formatJsonText(props.value));
  const lastSent = useRef<unknown>(props.value);
  useEffect(() => {
    if (props.value !== lastSent.current) {
      lastSent.current = props.value;
      setText(formatJsonText(props.value));
    }
  }, [props.value]);

  const change = (next: string) => {
    setText(next);
    let value: unknown = null;
    let problem: string | undefined;
    if (next.trim() !== '') {
      const reading = readJsonText(next);
      if (reading.ok) value = reading.value;
      else {
        value = next;
        const { reason, ...place } = reading.error;
        problem = t(JSON_ERROR_MESSAGES[reason], place);
      }
    }
    props.reportProblem(problem);
    lastSent.current = value;
    props.onChange(value);
  };

  return (
    <textarea
      id={props.id}
      className={`form-control font-monospace ${props.invalid ? 'is-invalid' : ''}`}
      rows={Math.min(12, Math.max(4, text.split('\n').length))}
      spellCheck={false}
      value={text}
      placeholder={props.placeholder}
      disabled={props.disabled}
      aria-invalid={props.invalid || undefined}
      aria-required={props.required || undefined}
      aria-describedby={props.describedBy}
      onChange={(e) => change(e.target.value)}
      onBlur={() => {
        const reading = text.trim() === '' ? null : readJsonText(text);
        if (reading?.ok && typeof reading.value === 'object' && reading.value !== null)
          setText(JSON.stringify(reading.value, null, 2));
        props.onCommit();
      }}
    />
  );
}
