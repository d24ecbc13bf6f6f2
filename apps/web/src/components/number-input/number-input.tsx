import { type InputHTMLAttributes, useEffect, useState } from 'react';
import {
  clampNumberInput,
  type NumberInputOptions,
  numberInputValue,
  sanitizeNumberInput,
} from '../../engine/forms';

type NumberInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type'> &
  NumberInputOptions & {
    value: number | string | null | undefined;
    /** The text as typed (kept to digits, one leading minus and one dot) and the number it holds. */
    onValueChange?(text: string, value: number | null): void;
  };

const textOf = (value: NumberInputProps['value']) =>
  value === null || value === undefined ? '' : String(value);

/**
 * A text input for numbers with the rules of part 2 section 5: only digits, minus and dot; decimals
 * and negatives may be forbidden; one minus, only at the start, and one dot; clamped to min and max on
 * blur.
 */
export function NumberInput({
  value,
  onValueChange,
  allowDecimal,
  allowNegative,
  min,
  max,
  onBlur,
  ...inputProps
}: NumberInputProps) {
  const [text, setText] = useState(() => textOf(value));
  useEffect(() => {
    setText((current) =>
      numberInputValue(current) === numberInputValue(textOf(value)) ? current : textOf(value),
    );
  }, [value]);
  const change = (next: string) => {
    setText(next);
    onValueChange?.(next, numberInputValue(next));
  };
  return (
    <input
      {...inputProps}
      type="text"
      inputMode={allowDecimal === false ? 'numeric' : 'decimal'}
      value={text}
      onChange={(event) => change(sanitizeNumberInput(event.target.value, { allowDecimal, allowNegative }))}
      onBlur={(event) => {
        const clamped = clampNumberInput(text, { min, max });
        if (clamped !== text) change(clamped);
        onBlur?.(event);
      }}
    />
  );
}
