import { isDebugHost } from '../../engine/error-reporting';

/** The local flag that turns the developer tools (and console output) on anywhere. */
export const DEBUG_FLAG_KEY = 'DebugMode';

export function debugToolsEnabled(): boolean {
  return isDebugHost(window.location.hostname, localStorage.getItem(DEBUG_FLAG_KEY));
}

/** Outside debug hosts the console stays silent (errors still go to the error report). */
export function installConsoleGuard(): void {
  if (debugToolsEnabled()) return;
  const silent = () => {};
  console.log = silent;
  console.info = silent;
  console.debug = silent;
  console.warn = silent;
}
