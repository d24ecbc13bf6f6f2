import { isEmptyValue, sameValue, splitCommaList } from '../values';
import type { Condition, ConditionOp, FormControl, FormValues } from './form-types';

const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : splitCommaList(value));
const fieldItems = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]);
const isIn = (fieldValue: unknown, list: unknown) =>
  fieldItems(fieldValue).some((item) => asList(list).some((candidate) => sameValue(item, candidate)));

/**
 * One test per operator. Values compare by their text form (5 equals '5'); `in` and `notIn` take a
 * list or a comma list, and a multi-value field is in the list when any of its values is.
 */
export const CONDITION_OPS: Record<ConditionOp, (fieldValue: unknown, conditionValue: unknown) => boolean> = {
  eq: (fieldValue, value) => sameValue(fieldValue, value),
  ne: (fieldValue, value) => !sameValue(fieldValue, value),
  in: (fieldValue, value) => isIn(fieldValue, value),
  notIn: (fieldValue, value) => !isIn(fieldValue, value),
  empty: (fieldValue) => isEmptyValue(fieldValue),
  notEmpty: (fieldValue) => !isEmptyValue(fieldValue),
};

/** Whether a condition holds on the form's values; an unknown operator never holds. */
export function conditionHolds(condition: Condition, values: FormValues): boolean {
  const test = Object.hasOwn(CONDITION_OPS, condition.op) ? CONDITION_OPS[condition.op] : undefined;
  return test ? test(values[condition.fieldName], condition.value) : false;
}

/** A control is shown only when all its `conditionShow` conditions hold and none of its `hide` ones. */
export function isControlShown(control: FormControl, values: FormValues): boolean {
  const showWhen = control.conditionShow ?? [];
  const hideWhen = control.hide ?? [];
  return (
    showWhen.every((condition) => conditionHolds(condition, values)) &&
    !hideWhen.some((condition) => conditionHolds(condition, values))
  );
}

/** A control is disabled when its configuration says so, or the whole form is. */
export function isControlDisabled(control: FormControl, formDisabled = false): boolean {
  return formDisabled || control.disabled === true;
}

/** The controls shown for the current values. */
export function shownControls(controls: readonly FormControl[], values: FormValues): FormControl[] {
  return controls.filter((control) => isControlShown(control, values));
}
