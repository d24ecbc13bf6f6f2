import type { Profile } from '@panelwright/contract';
import { updateProfile } from '../api/account';
import { queryClient } from '../api/query-client';
import { COLOR_MODE_KEY, type ColorMode } from '../engine/color-mode';
import { applyColorMode } from './color-mode';

/** The user chose a mode: drawn at once, kept here and on the server for their other browsers. */
export function chooseColorMode(mode: ColorMode): Promise<Profile> {
  localStorage.setItem(COLOR_MODE_KEY, mode);
  applyColorMode(mode);
  return updateProfile([{ FieldName: 'ColorMode', NewValue: mode }], { silent: true });
}

/** Switches the colour mode from the shell (user menu, palette): the saved profile replaces the cached one. */
export async function switchColorMode(mode: ColorMode): Promise<void> {
  try {
    queryClient.setQueryData(['MyProfile'], await chooseColorMode(mode));
  } catch {
    // Drawn in the chosen mode already; the server keeps the old one until the next change.
  }
}
