import { isEmptyValue } from '../values';
import { isControlShown } from './conditions';
import type { FormControl, FormValues } from './form-types';

/** The warning toast of a submit with empty required fields. */
export const REQUIRED_FIELDS_WARNING = 'Please fill out all required fields.';

export type FormValidation = {
  valid: boolean;
  /** The fields marked invalid. */
  invalidFields: string[];
  /** Per invalid field, its `msgInvalid` when it has one. */
  messages: Record<string, string>;
  /** The toast to show, when invalid. */
  warning: string | undefined;
};

/**
 * On submit, every shown required control whose value is null or empty (blank text, empty list) is
 * invalid and nothing is submitted. Hidden controls are not checked: nobody can fill them.
 */
export function validateRequiredFields(controls: readonly FormControl[], values: FormValues): FormValidation {
  const invalid = controls.filter(
    (control) =>
      control.required === true && isControlShown(control, values) && isEmptyValue(values[control.fieldName]),
  );
  const messages: Record<string, string> = {};
  for (const control of invalid) {
    if (control.msgInvalid) messages[control.fieldName] = control.msgInvalid;
  }
  return {
    valid: invalid.length === 0,
    invalidFields: invalid.map((control) => control.fieldName),
    messages,
    warning: invalid.length === 0 ? undefined : REQUIRED_FIELDS_WARNING,
  };
}

/** An invalid mark clears once its field has a value. */
export function clearInvalidOnChange(
  invalidFields: readonly string[],
  fieldName: string,
  value: unknown,
): string[] {
  return isEmptyValue(value) ? [...invalidFields] : invalidFields.filter((field) => field !== fieldName);
}
