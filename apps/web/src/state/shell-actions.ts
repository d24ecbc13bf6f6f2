import type { Query } from '@tanstack/react-query';
import { updateProfile } from '../api/account';
import { refreshServerCache } from '../api/cache';
import { queryClient } from '../api/query-client';
import { STORAGE_KEYS } from '../engine/storage-keys';
import { applyLanguage } from './local-preferences';
import { loadMenus } from './menus';
import { loadScreens } from './screens';
import { loadFirstSetting } from './session-actions';

/** The queries `which` picks are read again: an open screen's now, any other's on its next visit. */
function readAgain(which: (query: Query) => boolean): void {
  queryClient.removeQueries({ predicate: which, type: 'inactive' });
  void queryClient.invalidateQueries({ predicate: which, type: 'active' });
}

const isResourceOptions = (query: Query) =>
  query.queryKey[0] === 'resource' && query.queryKey[2] === 'Options';

/** Refresh Cache: the server's caches on every instance, then this page's settings, screens and menus. */
export async function refreshCaches(): Promise<void> {
  await refreshServerCache('ALL');
  // Screens keep their Options until this refresh (issue 12).
  readAgain(isResourceOptions);
  await Promise.all([loadFirstSetting(), loadScreens(true), loadMenus()]);
}

/**
 * A language change (header): saved on the account, then applied; the screen list and side menu
 * kept locally are dropped and fetched again, since their texts may depend on the language. So are
 * the records and lists the server said in the old language (the audit log's rows and its actions'
 * choices, `inWords`): every resource query and screen Options.
 */
export async function changeLanguage(code: string): Promise<void> {
  await updateProfile([{ FieldName: 'LanguageCode', NewValue: code }], { silent: true });
  await applyLanguage(code);
  localStorage.removeItem(STORAGE_KEYS.categoryScreen);
  localStorage.removeItem(STORAGE_KEYS.sideMenu);
  readAgain((query) => query.queryKey[0] === 'resource' || query.queryKey[0] === 'Options');
  await Promise.all([loadScreens(true), loadMenus()]);
}
