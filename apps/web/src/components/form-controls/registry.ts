import type { OptionItem } from '@panelwright/contract';
import type { ComponentType } from 'react';
import type { FormControl } from '../../engine/forms';

/** What every form control receives from the form. */
export type ControlProps = {
  /** The id of the control's input (its label points at it). */
  id: string;
  control: FormControl;
  value: unknown;
  onChange: (value: unknown) => void;
  /** Typed controls call it when the user leaves them: the form then runs the after-change call. */
  onCommit: () => void;
  disabled: boolean;
  invalid: boolean;
  required: boolean;
  /** The id of the field's message, for aria-describedby. */
  describedBy: string | undefined;
  /** The control's options (select, multi-select, radio), already resolved. */
  options: OptionItem[];
  /** The translated label, for controls that label a group or label themselves. */
  label: string;
  /** The translated placeholder (`more.placeHolder`), if any. */
  placeholder: string | undefined;
  /**
   * Says that the text typed is no value of the control's type (translated: 'Must be a number.'), or
   * that it is fine again (undefined). The form shows it under the field and refuses to send.
   */
  reportProblem: (message: string | undefined) => void;
};

/** How a control is labelled by the field around it. */
export type ControlLabelling =
  /** A `<label for>` above the input. */
  | 'label'
  /** The control shows its label itself (checkbox, switch). */
  | 'self'
  /** The control is a group: the field is a fieldset with a legend. */
  | 'legend'
  /** The control is no labelable element: the label has an id (`{id}-label`) it points at. */
  | 'labelledby';

export type ControlDefinition = {
  component: ComponentType<ControlProps>;
  labelling: ControlLabelling;
  /**
   * Values typed key by key: the after-change call runs when the user leaves the control, not on
   * every key. Other controls (select, checkbox, date...) run it at once.
   */
  typed: boolean;
};

const controls = new Map<string, ControlDefinition>();

/** Registers the control of a form control type; one type has one control. */
export function registerControl(
  type: string,
  component: ComponentType<ControlProps>,
  options: Partial<Omit<ControlDefinition, 'component'>> = {},
): void {
  if (controls.has(type)) throw new Error(`a form control for ${type} is registered twice`);
  controls.set(type, { component, labelling: options.labelling ?? 'label', typed: options.typed ?? false });
}

/** The control of a type; an unknown or missing type is a text input. */
export function controlFor(type: string | undefined): ControlDefinition {
  const found = controls.get((type ?? '').trim() || 'text');
  const fallback = controls.get('text');
  if (found) return found;
  if (!fallback) throw new Error('no text control is registered');
  return fallback;
}

export function registeredControlTypes(): string[] {
  return [...controls.keys()];
}
