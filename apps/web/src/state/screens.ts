import type { ScreenEntry } from '@panelwright/contract';
import { create } from 'zustand';
import { fetchCategoryScreens } from '../api/settings';
import { afterForcedRefresh, shouldUpdateScreenList } from '../engine/screens';
import { STORAGE_KEYS } from '../engine/storage-keys';
import { getAppState } from './app-store';

type ScreensState = {
  /** The private screens of the signed-in user (kept in storage as CategoryScreen). */
  privateScreens: ScreenEntry[];
  /** A page-not-found was shown in this page load. */
  hit404: boolean;
  /** The next page-not-found refreshes the screen list first. */
  needUpdateRoutesIn404: boolean;
};

function storedScreens(): ScreenEntry[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEYS.categoryScreen) ?? '[]');
    return Array.isArray(parsed) ? (parsed as ScreenEntry[]) : [];
  } catch {
    return [];
  }
}

export const useScreensStore = create<ScreensState>(() => ({
  privateScreens: storedScreens(),
  hit404: false,
  needUpdateRoutesIn404: false,
}));

/**
 * Loads the user's screen list. It is stored and the routes updated only when it differs from the
 * stored copy, or when forced (after login); a forced refresh applies the 404 rule.
 */
export async function loadScreens(forced: boolean): Promise<void> {
  if (!getAppState().isAuthenticated) return;
  const fresh = await fetchCategoryScreens();
  if (!fresh) return;
  const stored = localStorage.getItem(STORAGE_KEYS.categoryScreen);
  if (!shouldUpdateScreenList(stored, fresh, forced)) return;
  localStorage.setItem(STORAGE_KEYS.categoryScreen, JSON.stringify(fresh));
  if (forced) {
    const { updateRoutes, needUpdateRoutesIn404 } = afterForcedRefresh(useScreensStore.getState().hit404);
    useScreensStore.setState({ needUpdateRoutesIn404, ...(updateRoutes ? { privateScreens: fresh } : {}) });
    if (updateRoutes) return;
  }
  useScreensStore.setState({ privateScreens: fresh });
}

/** A page-not-found: remembered, and when flagged, the routes are refreshed once. */
export function notePageNotFound(): void {
  const { needUpdateRoutesIn404 } = useScreensStore.getState();
  useScreensStore.setState({ hit404: true, needUpdateRoutesIn404: false });
  if (needUpdateRoutesIn404) void loadScreens(false);
}
