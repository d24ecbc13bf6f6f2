import { isValidColorText } from '../../engine/formats';
import { DATA_TEXT } from '../../i18n';
import type { ControlProps } from './registry';

/** `color`: a `#rrggbb` colour from the browser's picker, its code shown beside it. */
export function ColorControl(props: ControlProps) {
  const value = typeof props.value === 'string' && isValidColorText(props.value) ? props.value : '#000000';
  return (
    <div className="d-flex align-items-center gap-2">
      <input
        id={props.id}
        type="color"
        className={`form-control form-control-color ${props.invalid ? 'is-invalid' : ''}`}
        value={value}
        disabled={props.disabled}
        aria-invalid={props.invalid || undefined}
        aria-describedby={props.describedBy}
        onChange={(e) => props.onChange(e.target.value)}
      />
      <code aria-hidden="true" {...DATA_TEXT}>
        {typeof props.value === 'string' ? props.value : ''}
      </code>
    </div>
  );
}
