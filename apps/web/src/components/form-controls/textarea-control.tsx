import { valueText } from '../../engine/values';
import type { ControlProps } from './registry';

/** `textarea`: several lines of text (`more.rows`, 3 by default). */
export function TextareaControl(props: ControlProps) {
  const rows = typeof props.control.more?.rows === 'number' ? props.control.more.rows : 3;
  return (
    <textarea
      id={props.id}
      className={`form-control ${props.invalid ? 'is-invalid' : ''}`}
      rows={rows}
      value={valueText(props.value)}
      placeholder={props.placeholder}
      disabled={props.disabled}
      aria-invalid={props.invalid || undefined}
      aria-required={props.required || undefined}
      aria-describedby={props.describedBy}
      onChange={(e) => props.onChange(e.target.value)}
      onBlur={props.onCommit}
    />
  );
}
