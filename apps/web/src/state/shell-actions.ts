import type { Query } from '@tanstack/react-query';
import { updateProfile } from '../api/account';
import { refreshServerCache } from '../api/cache';
import { queryClient } from '../api/query-client';
import { STORAGE_KEYS } from '../engine/storage-keys';
import { applyLanguage } from './local-preferences';
import { loadMenus } from './menus';
import { loadScreens } from './screens';
import { loadFirstSetting } from './session-actions';

/** Refresh Cache: the server's caches on every instance, then this page's settings, screens and menus. */
export async function refreshCaches(): Promise<void> {
  await refreshServerCache('ALL');
  // Screens keep their Options until this refresh (issue 12): an open screen asks again now, any
  // other on its next visit.
  const isOptions = (query: Query) => query.queryKey[0] === 'resource' && query.queryKey[2] === 'Options';
  queryClient.removeQueries({ predicate: isOptions, type: 'inactive' });
  void queryClient.invalidateQueries({ predicate: isOptions, type: 'active' });
  await Promise.all([loadFirstSetting(), loadScreens(true), loadMenus()]);
}

/**
 * A language change (header): saved on the account, then applied; the screen list and side menu
 * kept locally are dropped and fetched again, since their texts may depend on the language.
 */
export async function changeLanguage(code: string): Promise<void> {
  await updateProfile([{ FieldName: 'LanguageCode', NewValue: code }], { silent: true });
  await applyLanguage(code);
  localStorage.removeItem(STORAGE_KEYS.categoryScreen);
  localStorage.removeItem(STORAGE_KEYS.sideMenu);
  await Promise.all([loadScreens(true), loadMenus()]);
}
