import { EMPTY_OPTION_VALUE } from '@panelwright/contract/constants';
import { useTranslation } from 'react-i18next';
import { joinMultiSelect, splitMultiSelect } from '../../engine/formats';
import { optionText } from '../../engine/option-text';
import { sameValue, valueText } from '../../engine/values';
import type { ControlProps } from './registry';

/** The option holding a value, so that a number option gives back a number. */
const optionValue = (props: ControlProps, text: string): unknown =>
  text === '' ? null : (props.options.find((option) => valueText(option.Value) === text)?.Value ?? text);

/** `select`: one of the options, or none. */
export function SelectControl(props: ControlProps) {
  const { t } = useTranslation(['forms', 'common']);
  const current = props.value === EMPTY_OPTION_VALUE ? '' : valueText(props.value);
  return (
    <select
      id={props.id}
      className={`form-select ${props.invalid ? 'is-invalid' : ''}`}
      value={current}
      disabled={props.disabled}
      aria-invalid={props.invalid || undefined}
      aria-required={props.required || undefined}
      aria-describedby={props.describedBy}
      onChange={(e) => props.onChange(optionValue(props, e.target.value))}
    >
      <option value="">{props.placeholder ?? t('Select...')}</option>
      {props.options.map((option) => (
        <option key={valueText(option.Value)} value={valueText(option.Value)}>
          {optionText(option, t)}
        </option>
      ))}
    </select>
  );
}

/** `multiselect`: any of the options; the value is their text joined by the separator (comma). */
export function MultiSelectControl(props: ControlProps) {
  const { t } = useTranslation(['forms', 'common']);
  const separator = props.control.separator;
  const chosen = splitMultiSelect(props.value, separator);
  const toggle = (value: string, on: boolean) => {
    const next = on ? [...chosen, value] : chosen.filter((item) => item !== value);
    // In the order of the options, so that the value does not depend on the order of the clicks.
    const ordered = props.options.map((o) => valueText(o.Value)).filter((v) => next.includes(v));
    props.onChange(ordered.length === 0 ? '' : joinMultiSelect(ordered, separator));
  };
  return (
    <div className={`choice-group ${props.invalid ? 'is-invalid' : ''}`} aria-describedby={props.describedBy}>
      {props.options.map((option, index) => {
        const value = valueText(option.Value);
        const id = `${props.id}-${index}`;
        return (
          <div className="form-check form-check-inline" key={value}>
            <input
              id={id}
              type="checkbox"
              className={`form-check-input ${props.invalid ? 'is-invalid' : ''}`}
              checked={chosen.includes(value)}
              disabled={props.disabled}
              onChange={(e) => toggle(value, e.target.checked)}
            />
            <label className="form-check-label" htmlFor={id}>
              {optionText(option, t)}
            </label>
          </div>
        );
      })}
    </div>
  );
}

/** `radio`: one of the options, all shown. */
export function RadioControl(props: ControlProps) {
  const { t } = useTranslation(['forms', 'common']);
  return (
    <div className="choice-group" aria-describedby={props.describedBy}>
      {props.options.map((option, index) => {
        const id = `${props.id}-${index}`;
        return (
          <div className="form-check form-check-inline" key={valueText(option.Value)}>
            <input
              id={id}
              type="radio"
              name={props.id}
              className={`form-check-input ${props.invalid ? 'is-invalid' : ''}`}
              checked={
                props.value !== null && props.value !== undefined && sameValue(props.value, option.Value)
              }
              disabled={props.disabled}
              required={props.required}
              onChange={() => props.onChange(option.Value)}
            />
            <label className="form-check-label" htmlFor={id}>
              {optionText(option, t)}
            </label>
          </div>
        );
      })}
    </div>
  );
}
