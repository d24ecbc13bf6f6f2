import type { DefaultValues, ScreenEntry } from '@panelwright/contract';

/** UIType → page type of part 1 section 2; other UI types are page types of their own. */
export const UI_TYPE_PAGE_TYPES: Readonly<Record<string, string>> = {
  table: 'admin_table',
  tab: 'admin_tab',
  dashboard: 'admin_dashboard',
  panel: 'admin_panel',
  table_list: 'admin_table_list',
  table_list_card: 'admin_table_list_card',
  table_grid_card: 'admin_table_grid_card',
};

/** An empty UIType means table. */
export function pageTypeOf(uiType: string | null | undefined): string {
  const type = (uiType ?? '').trim() || 'table';
  return UI_TYPE_PAGE_TYPES[type] ?? type;
}

/** `/orders/[id]` → `/orders/:id`; a leading slash is added when missing. */
export function toRoutePath(uiUrl: string): string {
  const path = uiUrl.trim().replace(/\[([^\]/]+)\]/g, ':$1');
  return path.startsWith('/') ? path : `/${path}`;
}

/** A screen's Config (JSON text) asks for no sidebar. Text that is not JSON is searched for the word. */
export function hasNoSidebar(config: string | null | undefined): boolean {
  if (!config) return false;
  try {
    const parsed = JSON.parse(config) as { noSidebar?: unknown };
    return typeof parsed === 'object' && parsed !== null && Boolean(parsed.noSidebar);
  } catch {
    return config.includes('noSidebar');
  }
}

export type ScreenRoute = {
  path: string;
  pageType: string;
  noSidebar: boolean;
  isPublic: boolean;
  screen: ScreenEntry;
};

/** Routes of the server-provided screen lists; a private screen does not shadow a public one. */
export function buildScreenRoutes(
  publicScreens: ScreenEntry[],
  privateScreens: ScreenEntry[],
): ScreenRoute[] {
  const routes: ScreenRoute[] = [];
  const seen = new Set<string>();
  for (const [screens, isPublic] of [
    [publicScreens, true],
    [privateScreens, false],
  ] as const) {
    for (const screen of screens) {
      if (!screen.UIUrl) continue;
      const path = toRoutePath(screen.UIUrl);
      if (seen.has(path)) continue;
      seen.add(path);
      routes.push({
        path,
        pageType: pageTypeOf(screen.UIType),
        noSidebar: hasNoSidebar(screen.Config),
        isPublic,
        screen,
      });
    }
  }
  return routes;
}

/** The screen list is stored, and routes updated, only when it differs from the stored one or when forced. */
export function shouldUpdateScreenList(
  stored: string | null,
  fresh: ScreenEntry[],
  forced: boolean,
): boolean {
  return forced || stored !== JSON.stringify(fresh);
}

/**
 * After a forced refresh (after login): if a 404 was hit earlier the routes are updated at once;
 * otherwise the next 404 should update them (needUpdateRoutesIn404).
 */
export function afterForcedRefresh(hit404Earlier: boolean): {
  updateRoutes: boolean;
  needUpdateRoutesIn404: boolean;
} {
  return hit404Earlier
    ? { updateRoutes: true, needUpdateRoutesIn404: false }
    : { updateRoutes: false, needUpdateRoutesIn404: true };
}

/** What this browser remembers of its last clearing: when, and for which flag value (as JSON). */
export type LocalCacheMemory = { clearedAt: number | null; clearedFor: string | null };

/**
 * The needClearLocalCache value as JSON when it flags this browser (true, or the user's id in the
 * list), else null.
 */
export function localCacheFlag(
  values: DefaultValues | null | undefined,
  userId: number | null,
): string | null {
  const flag = values?.needClearLocalCache;
  const flagged = flag === true || (Array.isArray(flag) && userId !== null && flag.includes(userId));
  return flagged ? JSON.stringify(flag) : null;
}

/**
 * The local-cache rule of part 1 section 4: cleared when the server flags it (true, or the user's
 * id in the list), unless needClearLocalCacheBefore is still in the future. Once cleared for a given
 * `before` time, not again for it; without a time, once per new flag value (a flag that is lifted
 * and set again, or a new list, is a new value), not once per browser ever.
 */
export function shouldClearLocalCache(
  values: DefaultValues | null | undefined,
  userId: number | null,
  now: number,
  memory: LocalCacheMemory,
): boolean {
  const flag = localCacheFlag(values, userId);
  if (flag === null) return false;
  const lastClearedAt = memory.clearedAt;
  const before = values?.needClearLocalCacheBefore
    ? Date.parse(values.needClearLocalCacheBefore)
    : Number.NaN;
  if (!Number.isNaN(before)) {
    if (before > now) return false;
    if (lastClearedAt !== null && lastClearedAt >= before) return false;
    return true;
  }
  // Without a time, clear once per flag value: the caller records the value it cleared for.
  return memory.clearedFor !== flag;
}

/** Whether a path matches a route pattern with `:param` segments; returns the params when it does. */
export function matchRoutePath(pattern: string, pathname: string): Record<string, string> | null {
  const patternParts = pattern.split('/').filter(Boolean);
  const pathParts = pathname.split('/').filter(Boolean);
  if (patternParts.length !== pathParts.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < patternParts.length; i++) {
    const part = patternParts[i] as string;
    const value = pathParts[i] as string;
    if (part.startsWith(':')) {
      try {
        params[part.slice(1)] = decodeURIComponent(value);
      } catch {
        return null;
      }
    } else if (part.toLowerCase() !== value.toLowerCase()) {
      return null;
    }
  }
  return params;
}

/** The route a path opens, the most specific (fewest parameters) first. */
export function findScreenRoute(
  routes: ScreenRoute[],
  pathname: string,
): { route: ScreenRoute; params: Record<string, string> } | null {
  let best: { route: ScreenRoute; params: Record<string, string> } | null = null;
  for (const route of routes) {
    const params = matchRoutePath(route.path, pathname);
    if (params && (!best || Object.keys(params).length < Object.keys(best.params).length))
      best = { route, params };
  }
  return best;
}

/**
 * Whether a guest's address is a private screen's (the first settings list their addresses): it
 * leads to sign-in, where any other address is page-not-found (part 1 section 6).
 */
export function isPrivateScreenPath(privateUrls: readonly string[] | undefined, pathname: string): boolean {
  return (privateUrls ?? []).some((url) => url !== '' && matchRoutePath(toRoutePath(url), pathname) !== null);
}

/**
 * Fills `[param]` placeholders of a screen's RequestData from the route parameters: a value that is
 * only the placeholder takes the parameter as it is; placeholders inside text are replaced in it.
 */
export function fillRequestParams(
  requestData: Record<string, unknown>,
  params: Record<string, string | undefined>,
): Record<string, unknown> {
  const filled: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(requestData)) {
    if (typeof value !== 'string') {
      filled[key] = value;
      continue;
    }
    const whole = /^\[(\w+)\]$/.exec(value);
    filled[key] = whole
      ? (params[whole[1] as string] ?? value)
      : value.replace(/\[(\w+)\]/g, (placeholder, name: string) => params[name] ?? placeholder);
  }
  return filled;
}
