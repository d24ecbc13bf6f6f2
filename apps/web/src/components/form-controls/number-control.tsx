import { useEffect, useRef, useState } from 'react';
import { formatMoney } from '../../engine/formats';
import { clampNumberInput, numberInputValue, sanitizeNumberInput } from '../../engine/forms';
import { valueText } from '../../engine/values';
import type { ControlProps } from './registry';

const numberOption = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

function NumberInput(props: ControlProps & { money: boolean }) {
  const more = props.control.more ?? {};
  const rules = {
    allowDecimal: props.money ? more.allowDecimal !== false : more.allowDecimal !== false,
    allowNegative: more.allowNegative !== false,
    min: numberOption(more.min),
    max: numberOption(more.max),
  };
  const [text, setText] = useState(valueText(props.value));
  // The text typed stays while it means the value the form holds ('1.' is 1); a new value from
  // outside (reset, an after-change answer) replaces it.
  const lastSent = useRef<unknown>(props.value);
  useEffect(() => {
    if (valueText(props.value) !== valueText(lastSent.current)) {
      lastSent.current = props.value;
      setText(valueText(props.value));
    }
  }, [props.value]);

  const send = (next: string) => {
    setText(next);
    const value = numberInputValue(next);
    lastSent.current = value;
    props.onChange(value);
  };

  return (
    <>
      <input
        id={props.id}
        type="text"
        inputMode={rules.allowDecimal ? 'decimal' : 'numeric'}
        className={`form-control ${props.invalid ? 'is-invalid' : ''}`}
        value={text}
        placeholder={props.placeholder}
        disabled={props.disabled}
        aria-invalid={props.invalid || undefined}
        aria-required={props.required || undefined}
        aria-describedby={props.describedBy}
        onChange={(e) => send(sanitizeNumberInput(e.target.value, rules))}
        onBlur={() => {
          send(clampNumberInput(text, rules));
          props.onCommit();
        }}
      />
      {props.money && numberInputValue(text) !== null && (
        <div className="form-text" aria-hidden="true">
          {formatMoney(numberInputValue(text))}
        </div>
      )}
    </>
  );
}

/** `number`: the number input rules (digits, one leading minus, one dot; clamped on blur). */
export function NumberControl(props: ControlProps) {
  return <NumberInput {...props} money={false} />;
}

/** `money`: a number with decimals, shown formatted under the input. */
export function MoneyControl(props: ControlProps) {
  return <NumberInput {...props} money />;
}
