/** What a toast text's prefix asks for (part 1 section 8). */
export type ToastKind = 'warning' | 'error' | 'info' | 'success' | 'alert' | 'system' | 'default';

const PREFIXES: ReadonlyArray<readonly [string, ToastKind]> = [
  ['[Warning]', 'warning'],
  ['[Error]', 'error'],
  ['[Info]', 'info'],
  ['[Success]', 'success'],
  ['[Alert]', 'alert'],
  ['[System]', 'system'],
];

/** Title of the dialog an [Alert] text opens. */
export const ALERT_DIALOG_TITLE = 'Notice';

/**
 * Splits a toast text into its kind and the text to show. `[Alert]` becomes a dialog titled Notice,
 * `[System]` a browser alert; without a prefix the caller's default kind applies.
 */
export function parseToastText(
  text: string,
  fallback: ToastKind = 'default',
): { kind: ToastKind; text: string } {
  const trimmed = text.trimStart();
  for (const [prefix, kind] of PREFIXES) {
    if (trimmed.startsWith(prefix)) return { kind, text: trimmed.slice(prefix.length).trim() };
  }
  return { kind: fallback, text };
}
