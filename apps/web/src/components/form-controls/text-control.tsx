import { valueText } from '../../engine/values';
import type { ControlProps } from './registry';

/** `text`: one line of text. */
export function TextControl(props: ControlProps) {
  return (
    <input
      id={props.id}
      type="text"
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
  );
}
