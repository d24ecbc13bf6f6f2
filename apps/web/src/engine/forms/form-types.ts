import type { ApiConfig } from '@panelwright/contract';

/** Operators of a show or hide condition (screen-config.md). */
export type ConditionOp = 'eq' | 'ne' | 'in' | 'notIn' | 'empty' | 'notEmpty';

/** A condition on another field's current value. */
export type Condition = { fieldName: string; op: ConditionOp; value?: unknown };

/** A form control's configuration (screen-config.md). */
export type FormControl = {
  fieldName: string;
  label?: string;
  type?: string;
  required?: boolean;
  /** The message shown when the control is invalid. */
  msgInvalid?: string;
  default?: unknown;
  optionKey?: string;
  /** Separator of a multi-select value; comma by default. */
  separator?: string;
  disabled?: boolean;
  /** Hidden when any of these holds. */
  hide?: Condition[];
  /** Shown only when all of these hold. */
  conditionShow?: Condition[];
  more?: Record<string, unknown>;
};

/** A form's configuration: where it submits and which fields call the server when they change. */
export type FormConfig = {
  url?: string;
  path?: string;
  name?: string;
  method?: string;
  afterChange?: Record<string, ApiConfig>;
  controls?: FormControl[];
  closeMyModalAfterSubmit?: boolean;
};

/** The values of a form, by field name. */
export type FormValues = Record<string, unknown>;
