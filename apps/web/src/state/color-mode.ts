import { create } from 'zustand';
import { COLOR_MODE_KEY, type ColorMode, colorModeOf, type Theme, themeOf } from '../engine/color-mode';

const darkQuery = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-color-scheme: dark)')
    : null;

function storedMode(): ColorMode {
  try {
    return colorModeOf(localStorage.getItem(COLOR_MODE_KEY));
  } catch {
    return 'system';
  }
}

/** The chosen mode and the theme it draws in now. */
export const useColorMode = create<{ mode: ColorMode; theme: Theme }>(() => {
  const mode = storedMode();
  return { mode, theme: themeOf(mode, darkQuery()?.matches ?? false) };
});

/** Draws the page in a mode and keeps it as the current one. */
export function applyColorMode(mode: ColorMode): void {
  const theme = themeOf(mode, darkQuery()?.matches ?? false);
  document.documentElement.setAttribute('data-bs-theme', theme);
  document.documentElement.style.colorScheme = theme;
  useColorMode.setState({ mode, theme });
}

/**
 * Draws the page in the stored mode at once (before the first paint of React) and follows the
 * device's changes while the mode is `system`.
 */
export function startColorMode(): void {
  applyColorMode(storedMode());
  darkQuery()?.addEventListener('change', () => applyColorMode(useColorMode.getState().mode));
}

/** The mode the server keeps for the signed-in user (read with the profile): it wins over the local copy. */
export function adoptColorMode(value: unknown): void {
  const mode = colorModeOf(value);
  localStorage.setItem(COLOR_MODE_KEY, mode);
  applyColorMode(mode);
}
