import type { Query } from '@tanstack/react-query';
import { fetchLiveConfigVersion } from '../api/configuration';
import { queryClient } from '../api/query-client';
import { loadMenus } from './menus';
import { loadScreens } from './screens';
import { loadFirstSetting } from './session-actions';

/** The configuration version this page shows; null until the server told. */
let shownVersion: number | null = null;
let refreshing: Promise<void> | null = null;

/**
 * A new configuration was published: the first settings (whose language addresses carry the
 * version, so texts load anew), the screen list, the menus, and every screen's Options, tree and
 * rows are read again. What the user typed stays: only queries are refreshed.
 */
export async function refreshConfiguration(): Promise<void> {
  const isConfigured = (query: Query) =>
    query.queryKey[0] === 'ScreenTree' ||
    (query.queryKey[0] === 'resource' && query.queryKey[2] === 'Options');
  queryClient.removeQueries({ predicate: isConfigured, type: 'inactive' });
  await Promise.all([
    queryClient.invalidateQueries({ predicate: isConfigured, type: 'active' }),
    // Rows carry their columns (ExtraData.Columns): open lists are read again too.
    queryClient.invalidateQueries({ queryKey: ['resource'], type: 'active' }),
    loadFirstSetting(),
    loadScreens(false),
    loadMenus(),
  ]);
}

/**
 * Takes the version the server says is live (a `config-changed` event, or the periodic check): the
 * first one heard is the page's own; a later, different one refreshes the page's configuration.
 */
export function noteConfigVersion(version: number): Promise<void> {
  if (shownVersion === null || version === shownVersion) {
    shownVersion = version;
    return Promise.resolve();
  }
  shownVersion = version;
  refreshing ??= refreshConfiguration().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** Asks the server which version is live (when no live stream tells). */
export async function checkConfigVersion(): Promise<void> {
  const version = await fetchLiveConfigVersion();
  if (version !== null) await noteConfigVersion(version);
}

/** Forgets the page's version (sign-out: the next user's first answer is theirs). */
export function forgetConfigVersion(): void {
  shownVersion = null;
}
