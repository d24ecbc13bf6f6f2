import { IDLE_STORAGE_PREFIX } from '../engine/idle-check';

const TAB_ID_KEY = 'IdleTabId';

/** This tab's id (per tab, kept across reloads of the tab) and its deadline key in shared storage. */
export function idleTabKey(): string {
  let id = sessionStorage.getItem(TAB_ID_KEY);
  if (!id) {
    id = Math.random().toString(36).slice(2, 10);
    sessionStorage.setItem(TAB_ID_KEY, id);
  }
  return `${IDLE_STORAGE_PREFIX}${id}`;
}

export function writeIdleDeadline(deadline: number): void {
  localStorage.setItem(idleTabKey(), String(deadline));
}

/** Removes this tab's deadline; says whether there was one. */
export function clearIdleDeadline(): boolean {
  const key = idleTabKey();
  const existed = localStorage.getItem(key) !== null;
  localStorage.removeItem(key);
  return existed;
}
