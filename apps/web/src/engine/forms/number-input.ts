export type NumberInputOptions = {
  /** Decimals allowed (default true). */
  allowDecimal?: boolean;
  /** Negative numbers allowed (default true). */
  allowNegative?: boolean;
  min?: number;
  max?: number;
};

/**
 * What a number input keeps of typed or pasted text: digits, one minus only at the start (when
 * negatives are allowed) and one dot (when decimals are allowed). Later minus signs and dots are dropped.
 */
export function sanitizeNumberInput(text: string, options: NumberInputOptions = {}): string {
  const allowDecimal = options.allowDecimal !== false;
  const allowNegative = options.allowNegative !== false;
  const kept = text.replace(/[^0-9.-]/g, '');
  const negative = allowNegative && kept.startsWith('-');
  let body = kept.replace(/-/g, '');
  if (allowDecimal) {
    const dot = body.indexOf('.');
    if (dot >= 0) body = `${body.slice(0, dot + 1)}${body.slice(dot + 1).replace(/\./g, '')}`;
  } else {
    body = body.replace(/\./g, '');
  }
  return `${negative ? '-' : ''}${body}`;
}

/** The number an input holds, or null while it holds none ('', '-', '.'). */
export function numberInputValue(text: string): number | null {
  if (!/\d/.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/**
 * On blur the value is clamped to `min` and `max`; a text that is no number yet ('-', '.') is
 * cleared, and a trailing dot is dropped.
 */
export function clampNumberInput(
  text: string,
  options: Pick<NumberInputOptions, 'min' | 'max'> = {},
): string {
  const value = numberInputValue(text);
  if (value === null) return '';
  if (typeof options.min === 'number' && value < options.min) return String(options.min);
  if (typeof options.max === 'number' && value > options.max) return String(options.max);
  return text.endsWith('.') ? text.slice(0, -1) : text;
}
