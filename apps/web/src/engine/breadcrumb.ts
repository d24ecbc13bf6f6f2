import type { MenuItem } from '@panelwright/contract';

/** One step of a breadcrumb: a menu group (no address) or an entry. */
export type Crumb = { name: string; url: string };

/** Whether a menu address names this path: equal, or equal once its `[parameters]` take a segment each. */
export function menuUrlMatches(menuUrl: string, pathname: string): boolean {
  if (menuUrl === pathname) return true;
  if (!menuUrl.includes('[')) return false;
  const want = menuUrl.split('/');
  const have = pathname.split('/');
  return want.length === have.length && want.every((part, at) => /^\[\w+\]$/.test(part) || part === have[at]);
}

function search(items: MenuItem[], pathname: string, exact: boolean, trail: Crumb[]): Crumb[] | null {
  for (const item of items) {
    const here = [...trail, { name: item.Name, url: item.Url }];
    const hit = exact
      ? menuUrlMatches(item.Url, pathname)
      : item.Url !== '' && item.Url !== '/' && pathname.startsWith(`${item.Url}/`);
    if (hit) return here;
    const below = search(item.Children ?? [], pathname, exact, here);
    if (below) return below;
  }
  return null;
}

/**
 * The menu path of the page at `pathname`: the groups above its menu entry, then the entry. An
 * address the menu does not hold takes the path of the entry it lies under (`/pj/7` under `/pj`),
 * else there is none. Untranslated names (text keys).
 */
export function menuPath(menu: MenuItem[], pathname: string): Crumb[] {
  return search(menu, pathname, true, []) ?? search(menu, pathname, false, []) ?? [];
}
