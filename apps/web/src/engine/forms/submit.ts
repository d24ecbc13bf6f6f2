import type { ApiConfig } from '@panelwright/contract';
import { type ApiCallPlan, buildApiCall } from '../columns/api-config';
import { splitMultiSelect } from '../formats/multi-select';
import { hasValue, readObject } from '../values';
import type { FormConfig, FormControl, FormValues } from './form-types';

/** The values a form starts with: each control's `default`, then the record's own values. */
export function initialFormValues(controls: readonly FormControl[], data: FormValues = {}): FormValues {
  const values: FormValues = {};
  for (const control of controls) {
    if (control.default !== undefined) values[control.fieldName] = control.default;
  }
  for (const [field, value] of Object.entries(data)) {
    if (hasValue(value)) values[field] = value;
  }
  return values;
}

/** A multi-select control's value as a list, split by its separator (comma by default). */
export function controlValueList(control: FormControl, value: unknown): string[] {
  return splitMultiSelect(value, control.separator);
}

/** The submit body: `{DefaultValues, DataForm}`. */
export function buildFormSubmitBody(
  values: FormValues,
  defaultValues: Record<string, unknown> = {},
): { DefaultValues: Record<string, unknown>; DataForm: FormValues } {
  return { DefaultValues: { ...defaultValues }, DataForm: { ...values } };
}

export type FormCallContext = {
  /** The screen's APIName, the default path. */
  screenApiName: string;
  defaultValues?: Record<string, unknown>;
};

/** The submit call: the form's url (or path/name), method POST by default, body `{DefaultValues, DataForm}`. */
export function buildFormSubmitCall(
  config: FormConfig,
  values: FormValues,
  context: FormCallContext,
): ApiCallPlan {
  const { afterChange: _afterChange, controls: _controls, ...apiConfig } = config;
  return buildApiCall(apiConfig as ApiConfig, {
    row: values,
    screenApiName: context.screenApiName,
    includeRowId: false,
    baseBody: buildFormSubmitBody(values, context.defaultValues),
  });
}

/** The after-change call of a field, or null when the field has none. */
export function buildAfterChangeCall(
  config: FormConfig,
  fieldName: string,
  values: FormValues,
  context: FormCallContext,
): ApiCallPlan | null {
  const afterChange = readObject(config.afterChange)?.[fieldName];
  const apiConfig = readObject(afterChange);
  if (!apiConfig) return null;
  return buildApiCall(apiConfig as ApiConfig, {
    row: values,
    screenApiName: context.screenApiName,
    includeRowId: false,
    baseBody: buildFormSubmitBody(values, context.defaultValues),
  });
}

/** Applies an after-change answer's `Data` (a map of field to new value) to the form's values. */
export function applyAfterChangeData(values: FormValues, data: unknown): FormValues {
  const changes = readObject(data);
  return changes ? { ...values, ...changes } : values;
}

/** After a successful submit, the form closes its modal only when configured to. */
export function shouldCloseModalAfterSubmit(config: FormConfig, succeeded: boolean): boolean {
  return succeeded && config.closeMyModalAfterSubmit === true;
}
