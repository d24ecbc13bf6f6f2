import { type InputHTMLAttributes, useEffect, useRef, useState } from 'react';
import { NUMBER_PROBLEM_MESSAGES, type NumberReading, numberInputText } from '../../engine/formats';
import { clampNumberInput, type NumberInputOptions, readNumberInput } from '../../engine/forms';

type NumberInputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'defaultValue' | 'onChange' | 'type'
> &
  NumberInputOptions & {
    /** The number held (a number, numeric text, or null); a new one from outside replaces the text. */
    value: unknown;
    /** Every change of the text: what it reads as (a number, null when empty, or why it is none). */
    onReadingChange?(reading: NumberReading, text: string): void;
  };

/** The message (an English key of the translations) for a reading that is no number, else undefined. */
export function numberProblemMessage(reading: NumberReading): string | undefined {
  return reading.ok ? undefined : NUMBER_PROBLEM_MESSAGES[reading.problem];
}

const sameNumber = (text: string, value: unknown, options: NumberInputOptions) => {
  const reading = readNumberInput(text, options);
  const wanted = numberInputText(value);
  return reading.ok && (reading.value === null ? wanted === '' : numberInputText(reading.value) === wanted);
};

/**
 * A text input for numbers, typed as the product shows them (decimal comma, thousand dot): it shows
 * the value with every digit and the decimal comma, keeps what is typed as typed, and reports what
 * the text reads as, so that the caller can refuse a text that is no number with a message on the
 * field. On blur the number is clamped to `min` and `max` (part 2 section 5).
 */
export function NumberInput({
  value,
  onReadingChange,
  allowDecimal,
  allowNegative,
  min,
  max,
  percent,
  onBlur,
  ...inputProps
}: NumberInputProps) {
  const options: NumberInputOptions = { allowDecimal, allowNegative, min, max, percent };
  const [text, setText] = useState(() => numberInputText(value));
  const textRef = useRef(text);
  // A value from outside (a reset, an after-change answer) replaces the text unless the text already
  // means it ('12,' is 12), so typing is never overwritten by the value it just produced.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new value from outside replaces the text
  useEffect(() => {
    if (typeof value === 'string' && value === textRef.current) return;
    if (!sameNumber(textRef.current, value, options)) {
      textRef.current = numberInputText(value);
      setText(textRef.current);
    }
  }, [value]);
  const change = (next: string) => {
    textRef.current = next;
    setText(next);
    onReadingChange?.(readNumberInput(next, options), next);
  };
  return (
    <input
      {...inputProps}
      type="text"
      inputMode={allowDecimal === false ? 'numeric' : 'decimal'}
      autoComplete="off"
      value={text}
      onChange={(event) => change(event.target.value)}
      onBlur={(event) => {
        const clamped = clampNumberInput(text, options);
        if (clamped !== text) change(clamped);
        onBlur?.(event);
      }}
    />
  );
}
