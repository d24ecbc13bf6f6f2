import type { MenuItem } from '@panelwright/contract';
import { APP_DEFAULTS } from '@panelwright/contract/constants';

/**
 * The side menu filtered by a search text: an entry stays when its name (translated) matches, or
 * when one of its children does; a parent that matches keeps all its children.
 */
export function filterMenu(
  items: MenuItem[],
  text: string,
  translate: (name: string) => string = (n) => n,
): MenuItem[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return items;
  const result: MenuItem[] = [];
  for (const item of items) {
    if (translate(item.Name).toLowerCase().includes(needle)) {
      result.push(item);
      continue;
    }
    const children = filterMenu(item.Children ?? [], text, translate);
    if (children.length > 0) result.push({ ...item, Children: children });
  }
  return result;
}

/** Menu URLs may carry `[param]` segments; those entries cannot be opened from a menu. */
export const isOpenableMenuUrl = (url: string) => url !== '' && !url.includes('[');

/** Only site paths and http(s) addresses are followed from a menu. */
export function isSafeMenuUrl(url: string): boolean {
  return url.startsWith('/') ? !url.startsWith('//') : /^https?:\/\//i.test(url);
}

/**
 * Below the configured mobile width (`widthMobile`, part 1 section 9) the header folds its menus into
 * one. A missing or nonsensical value falls back to the default.
 */
export function isMobileWidth(width: number, widthMobile: number | undefined): boolean {
  const limit = widthMobile && widthMobile > 0 ? widthMobile : APP_DEFAULTS.widthMobile;
  return width < limit;
}

/** The sidebar is fixed (an overlay) and closed by default below this width. */
export const SIDEBAR_BREAKPOINT = 1200;
/** The closed state is kept as 1 or 0. */
export const SIDEBAR_CLOSED_KEY = 'closeSideNav';

export function readSidebarClosed(stored: string | null): boolean {
  return stored === '1';
}
export const sidebarClosedValue = (closed: boolean) => (closed ? '1' : '0');
