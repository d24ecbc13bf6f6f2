import type { OptionItem } from '@panelwright/contract';
import type { FormControl } from '../../engine/forms';
import { controlFor } from '../form-controls';

export type FormFieldProps = {
  id: string;
  control: FormControl;
  value: unknown;
  options: OptionItem[];
  label: string;
  placeholder: string | undefined;
  disabled: boolean;
  /** The message under the field (required, or the server's rule); the field is invalid with one. */
  message: string | undefined;
  loading: boolean;
  onChange: (value: unknown) => void;
  onCommit: () => void;
  /** The control says its text is no value of its type (or is fine again). */
  reportProblem: (message: string | undefined) => void;
};

/** One field of a form: its label (or legend), the control of its type and its message. */
export function FormField(props: FormFieldProps) {
  const definition = controlFor(props.control.type);
  const Control = definition.component;
  const messageId = `${props.id}-message`;
  const invalid = props.message !== undefined;
  const required = props.control.required === true;
  const marker = required ? (
    <span className="text-danger" aria-hidden="true">
      {' *'}
    </span>
  ) : null;
  const control = (
    <Control
      id={props.id}
      control={props.control}
      value={props.value}
      onChange={props.onChange}
      onCommit={props.onCommit}
      reportProblem={props.reportProblem}
      disabled={props.disabled}
      invalid={invalid}
      required={required}
      describedBy={invalid ? messageId : undefined}
      options={props.options}
      label={props.label}
      placeholder={props.placeholder}
    />
  );
  const message = invalid && (
    <div id={messageId} className="invalid-feedback d-block">
      {props.message}
    </div>
  );
  const spinner = props.loading && (
    <span className="spinner-border spinner-border-sm ms-2 text-secondary" aria-hidden="true" />
  );
  const className = `form-field mb-3 ${invalid ? 'has-error' : ''}`;

  if (definition.labelling === 'legend') {
    return (
      <fieldset
        className={className}
        data-field={props.control.fieldName}
        aria-busy={props.loading || undefined}
      >
        <legend className="form-label fs-6 mb-1">
          {props.label}
          {marker}
          {spinner}
        </legend>
        {control}
        {message}
      </fieldset>
    );
  }
  return (
    <div className={className} data-field={props.control.fieldName} aria-busy={props.loading || undefined}>
      {definition.labelling === 'label' && (
        <label htmlFor={props.id} className="form-label" id={`${props.id}-label`}>
          {props.label}
          {marker}
          {spinner}
        </label>
      )}
      {definition.labelling === 'labelledby' && (
        <div className="form-label" id={`${props.id}-label`}>
          {props.label}
          {marker}
          {spinner}
        </div>
      )}
      {control}
      {message}
    </div>
  );
}
