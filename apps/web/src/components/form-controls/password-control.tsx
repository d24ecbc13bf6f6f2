import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { valueText } from '../../engine/values';
import type { ControlProps } from './registry';

/** `password`: hidden text with a show/hide toggle; never filled in by the browser's saved passwords. */
export function PasswordControl(props: ControlProps) {
  const { t } = useTranslation(['forms', 'common']);
  const [shown, setShown] = useState(false);
  return (
    <div className="input-group has-validation">
      <input
        id={props.id}
        type={shown ? 'text' : 'password'}
        autoComplete="new-password"
        className={`form-control ${props.invalid ? 'is-invalid' : ''}`}
        value={valueText(props.value)}
        placeholder={props.placeholder}
        disabled={props.disabled}
        aria-invalid={props.invalid || undefined}
        aria-required={props.required || undefined}
        aria-describedby={props.describedBy}
        onChange={(e) => props.onChange(e.target.value)}
        onBlur={props.onCommit}
      />
      <button
        type="button"
        className="btn btn-outline-secondary"
        aria-pressed={shown}
        aria-label={shown ? t('Hide password') : t('Show password')}
        disabled={props.disabled}
        onClick={() => setShown((s) => !s)}
      >
        <i className={`bi ${shown ? 'bi-eye-slash' : 'bi-eye'}`} aria-hidden="true" />
      </button>
    </div>
  );
}
