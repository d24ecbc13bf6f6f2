import { create } from 'zustand';
import { DEBUG_FLAG_KEY } from './console-guard';

/**
 * Whether an administrator switched the developer tools on in this browser (the user menu's switch;
 * kept in the debug flag, which also lets the console speak).
 */
export const useDevToolsSwitch = create<{ on: boolean }>(() => ({
  on: localStorage.getItem(DEBUG_FLAG_KEY) === '1',
}));

export function setDevToolsOn(on: boolean): void {
  if (on) localStorage.setItem(DEBUG_FLAG_KEY, '1');
  else localStorage.removeItem(DEBUG_FLAG_KEY);
  useDevToolsSwitch.setState({ on });
}
