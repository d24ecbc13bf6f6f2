import { isTrueFlag } from '../../engine/values';
import type { ControlProps } from './registry';

function Check(props: ControlProps & { asSwitch: boolean }) {
  return (
    <div className={`form-check ${props.asSwitch ? 'form-switch' : ''}`}>
      <input
        id={props.id}
        type="checkbox"
        role={props.asSwitch ? 'switch' : undefined}
        className={`form-check-input ${props.invalid ? 'is-invalid' : ''}`}
        checked={isTrueFlag(props.value)}
        disabled={props.disabled}
        aria-invalid={props.invalid || undefined}
        aria-describedby={props.describedBy}
        onChange={(e) => props.onChange(e.target.checked)}
      />
      <label className="form-check-label" htmlFor={props.id}>
        {props.label}
        {props.required && (
          <span className="text-danger" aria-hidden="true">
            {' *'}
          </span>
        )}
      </label>
    </div>
  );
}

/** `checkbox`: true or false. */
export function CheckboxControl(props: ControlProps) {
  return <Check {...props} asSwitch={false} />;
}

/** `switch`: true or false, drawn as a switch. */
export function SwitchControl(props: ControlProps) {
  return <Check {...props} asSwitch />;
}
