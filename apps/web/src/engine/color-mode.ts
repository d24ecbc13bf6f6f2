/** A user's colour mode: a fixed one, or `system` to follow the device's light or dark setting. */
export const COLOR_MODES = ['system', 'light', 'dark'] as const;
export type ColorMode = (typeof COLOR_MODES)[number];
/** What the page is drawn in: Bootstrap's `data-bs-theme`. */
export type Theme = 'light' | 'dark';

/** The local copy of the last chosen mode, so that the first paint (and the sign-in page) has it. */
export const COLOR_MODE_KEY = 'ColorMode';

export function isColorMode(value: unknown): value is ColorMode {
  return typeof value === 'string' && (COLOR_MODES as readonly string[]).includes(value);
}

/** The theme a mode draws in on a device that prefers dark (`systemDark`) or not. */
export function themeOf(mode: ColorMode, systemDark: boolean): Theme {
  if (mode === 'system') return systemDark ? 'dark' : 'light';
  return mode;
}

/** A mode read back from storage or the server: anything unknown follows the system. */
export function colorModeOf(value: unknown): ColorMode {
  return isColorMode(value) ? value : 'system';
}
