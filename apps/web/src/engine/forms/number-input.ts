import { type NumberReading, numberInputText, readNumberText } from '../formats';

export type NumberInputOptions = {
  /** Decimals allowed (default true). */
  allowDecimal?: boolean;
  /** Negative numbers allowed (default true). */
  allowNegative?: boolean;
  min?: number;
  max?: number;
  /** A trailing '%' may be typed, as percent cells show it. */
  percent?: boolean;
};

/**
 * What a number input's text holds, read with the product's decimal and thousand symbols and the
 * input's rules (part 2 section 5: decimals or negatives may be forbidden; one minus, only at the
 * start; one decimal symbol). Nothing typed is dropped: a text that is no number, or could be read as
 * two numbers, is refused with the reason, so a value never silently changes its magnitude.
 */
export function readNumberInput(text: string, options: NumberInputOptions = {}): NumberReading {
  return readNumberText(text, {
    allowDecimal: options.allowDecimal,
    allowNegative: options.allowNegative,
    percent: options.percent,
  });
}

/**
 * On blur the value is clamped to `min` and `max` (part 2 section 5) and a trailing decimal symbol is
 * dropped; a text that holds no number is left as typed, for its message to say why.
 */
export function clampNumberInput(text: string, options: NumberInputOptions = {}): string {
  const reading = readNumberInput(text, options);
  if (!reading.ok || reading.value === null) return text;
  if (typeof options.min === 'number' && reading.value < options.min) return numberInputText(options.min);
  if (typeof options.max === 'number' && reading.value > options.max) return numberInputText(options.max);
  const trimmed = text.trim();
  return /[^\d%]$/.test(trimmed) ? numberInputText(reading.value) : text;
}
