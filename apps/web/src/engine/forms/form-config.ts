import type { OptionItem } from '@panelwright/contract';
import { readObject, readText, valueText } from '../values';
import type { Condition, FormConfig, FormControl } from './form-types';

/** A form screen's configuration: the form, and what the screen adds around it. */
export type FormScreenConfig = FormConfig & {
  /** Sent as `DefaultValues` with every submit and after-change call. */
  defaultValues?: Record<string, unknown>;
  /** Option lists by key (`optionKey` of a control). */
  options?: Record<string, OptionItem[]>;
  /** Show the current values under the form (the controls demo). */
  showValues?: boolean;
  submitText?: string;
  resetText?: string;
};

const readConditions = (value: unknown): Condition[] | undefined =>
  Array.isArray(value)
    ? value.flatMap((item) => {
        const condition = readObject(item);
        const fieldName = readText(condition?.fieldName);
        const op = readText(condition?.op);
        return condition && fieldName && op
          ? [{ fieldName, op: op as Condition['op'], value: condition.value }]
          : [];
      })
    : undefined;

/** A control as configured; one without a field name is dropped. */
function readControl(value: unknown): FormControl | null {
  const item = readObject(value);
  const fieldName = readText(item?.fieldName)?.trim();
  if (!item || !fieldName) return null;
  const control: FormControl = { fieldName };
  const label = readText(item.label);
  if (label !== undefined) control.label = label;
  const type = readText(item.type);
  if (type !== undefined) control.type = type;
  if (item.required === true) control.required = true;
  if (item.disabled === true) control.disabled = true;
  const msgInvalid = readText(item.msgInvalid);
  if (msgInvalid !== undefined) control.msgInvalid = msgInvalid;
  if (item.default !== undefined) control.default = item.default;
  const optionKey = readText(item.optionKey);
  if (optionKey !== undefined) control.optionKey = optionKey;
  const separator = readText(item.separator);
  if (separator) control.separator = separator;
  const hide = readConditions(item.hide);
  if (hide) control.hide = hide;
  const conditionShow = readConditions(item.conditionShow);
  if (conditionShow) control.conditionShow = conditionShow;
  const more = readObject(item.more);
  if (more) control.more = more;
  return control;
}

/**
 * The form of a screen: the first of `sources` (ScreenConfig.Form, Config.form, AddNew...) that is
 * an object with a list of controls. Fields of the wrong type are ignored.
 */
export function readFormConfig(...sources: unknown[]): FormScreenConfig {
  const found = sources.map((source) => readObject(source)).find((source) => Array.isArray(source?.controls));
  if (!found) return { controls: [] };
  const config: FormScreenConfig = {
    controls: (found.controls as unknown[]).flatMap((item) => readControl(item) ?? []),
  };
  for (const key of ['url', 'path', 'name', 'method', 'submitText', 'resetText'] as const) {
    const text = readText(found[key]);
    if (text !== undefined) config[key] = text;
  }
  const afterChange = readObject(found.afterChange);
  if (afterChange) config.afterChange = afterChange as FormConfig['afterChange'];
  if (found.closeMyModalAfterSubmit === true) config.closeMyModalAfterSubmit = true;
  if (found.showValues === true) config.showValues = true;
  const defaultValues = readObject(found.defaultValues);
  if (defaultValues) config.defaultValues = defaultValues;
  const options = readObject(found.options);
  if (options) config.options = options as Record<string, OptionItem[]>;
  return config;
}

const readOptionList = (value: unknown): OptionItem[] | null =>
  Array.isArray(value)
    ? value.flatMap((item) => {
        const option = readObject(item);
        if (!option || !('Value' in option)) return [];
        const v = option.Value;
        const Value = typeof v === 'number' || typeof v === 'boolean' || v === null ? v : valueText(v);
        const Text = readText(option.Text) ?? valueText(option.Value);
        // Data (a record's name) stays as written, wherever the form shows it (`optionText`).
        return [option.Verbatim === true ? { Value, Text, Verbatim: true } : { Value, Text }];
      })
    : null;

/**
 * A control's options: its own `more.options`, else the list named by its `optionKey` among the
 * given lists (the form's `options`, or an Options answer's `{Key}List`).
 */
export function controlOptions(control: FormControl, lists: Record<string, unknown> = {}): OptionItem[] {
  const own = readOptionList(control.more?.options);
  if (own) return own;
  const key = control.optionKey;
  if (!key) return [];
  return readOptionList(lists[key]) ?? readOptionList(lists[`${key}List`]) ?? [];
}
