import type { MenuItem } from '@panelwright/contract';
import { isOpenableMenuUrl, isSafeMenuUrl } from './menu';

/** One card of the start page: a menu group with the screens a user can open from it. */
export type HomeGroup = { code: string; name: string; icon: string; entries: HomeEntry[] };
export type HomeEntry = { code: string; name: string; url: string; icon: string; external: boolean };

/** The line under a screen on the start page, by its UI type (a text key, translated where shown). */
export const SCREEN_BLURB_TEXTS = {
  table: 'Browse, filter and edit the records.',
  report: 'Figures with filters and totals.',
  dashboard: 'The key figures at a glance.',
  calendar: 'Events by day, week and month.',
  map: 'Places on a map.',
  filemanager: 'Folders and files, with previews.',
  tab: 'Several views side by side, in tabs.',
  myform: 'A form to fill in and send.',
  mypage: 'A page made of panels.',
  chart: 'A chart of the figures.',
  prjmanager: 'Projects with their tasks, releases and tests.',
  prj_dailytask: 'Your open tasks due by today.',
  buttonlist: 'Actions at a click.',
  other: 'Open this screen.',
} as const;

export function screenBlurb(uiType: string | undefined): string {
  return SCREEN_BLURB_TEXTS[(uiType ?? '') as keyof typeof SCREEN_BLURB_TEXTS] ?? SCREEN_BLURB_TEXTS.other;
}

const FALLBACK_ICON = 'bi-file-earmark-text';

function entryOf(item: MenuItem): HomeEntry | null {
  // Routes with parameters (`/pj/[pj]`) need a record: they are reached from their list, not here.
  if (!isOpenableMenuUrl(item.Url) || !isSafeMenuUrl(item.Url)) return null;
  return {
    code: item.Code,
    name: item.Name,
    url: item.Url,
    icon: item.Icon || FALLBACK_ICON,
    external: item.NewWindow || /^https?:/i.test(item.Url),
  };
}

function flatten(items: MenuItem[]): HomeEntry[] {
  return items.flatMap((item) => {
    const own = entryOf(item);
    return [...(own ? [own] : []), ...flatten(item.Children ?? [])];
  });
}

/**
 * The start page's cards from the side menu: each top-level entry with children is a group; the
 * top-level screens outside any group share one card (named by `othersName`). The home page itself,
 * empty groups and routes with parameters are left out.
 */
export function homeGroups(sideMenu: MenuItem[], homeUrl: string, othersName: string): HomeGroup[] {
  const groups: HomeGroup[] = [];
  const others: HomeEntry[] = [];
  for (const item of sideMenu) {
    const children = item.Children ?? [];
    if (children.length > 0) {
      const entries = [...(entryOf(item) ? [entryOf(item) as HomeEntry] : []), ...flatten(children)].filter(
        (entry) => entry.url !== homeUrl,
      );
      if (entries.length > 0)
        groups.push({ code: item.Code, name: item.Name, icon: item.Icon || 'bi-folder', entries });
      continue;
    }
    const entry = entryOf(item);
    if (entry && entry.url !== homeUrl) others.push(entry);
  }
  if (others.length > 0)
    groups.unshift({ code: 'others', name: othersName, icon: 'bi-grid', entries: others });
  return groups;
}

/** A page a user opened lately: its address and the title it had. */
export type RecentVisit = { path: string; title: string };

/** The visits list after one more: the newest first, each address once, at most `max` long. */
export function rememberVisit(list: RecentVisit[], visit: RecentVisit, max: number): RecentVisit[] {
  if (!visit.title.trim()) return list;
  return [visit, ...list.filter((v) => v.path !== visit.path)].slice(0, max);
}
