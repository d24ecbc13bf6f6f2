import type { MenuItem } from '@panelwright/contract';
import { isOpenableMenuUrl, isSafeMenuUrl } from './menu';

/** One choice of the command palette: a screen, a record or a command, by its shown (translated) label. */
export type PaletteItem = {
  id: string;
  kind: 'screen' | 'record' | 'command';
  label: string;
  /** A second text shown after the label (the group of a screen, the screen of a record). */
  hint?: string;
  icon: string;
  /** Extra words it is found by (untranslated names, codes). */
  keywords?: string;
};

/** Lower case without accents (đ as d), so that "bán hàng" finds "Bán hàng" and "ban hang" too. */
export const foldText = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').replace(/đ/g, 'd').replace(/Đ/g, 'D').toLowerCase();

/**
 * The items that hold every word of the query (in the label, hint or keywords), those whose label
 * starts with the query first, then in their order (screens before records before commands, as
 * given). An empty query keeps them all.
 */
export function rankPalette(items: readonly PaletteItem[], query: string, max = 30): PaletteItem[] {
  const words = foldText(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return items.slice(0, max);
  const folded = foldText(query.trim());
  const hits = items.filter((item) => {
    const text = foldText(`${item.label} ${item.hint ?? ''} ${item.keywords ?? ''}`);
    return words.every((word) => text.includes(word));
  });
  const starts = hits.filter((item) => foldText(item.label).startsWith(folded));
  const rest = hits.filter((item) => !foldText(item.label).startsWith(folded));
  return [...starts, ...rest].slice(0, max);
}

/** The menus' screens a user can open, each once, with the group it is under (untranslated names). */
export function menuScreens(
  menus: MenuItem[][],
): { code: string; name: string; url: string; icon: string; group: string }[] {
  const seen = new Set<string>();
  const found: { code: string; name: string; url: string; icon: string; group: string }[] = [];
  const walk = (items: MenuItem[], group: string) => {
    for (const item of items) {
      if (isOpenableMenuUrl(item.Url) && isSafeMenuUrl(item.Url) && !seen.has(item.Url)) {
        seen.add(item.Url);
        found.push({
          code: item.Code,
          name: item.Name,
          url: item.Url,
          icon: item.Icon || 'bi-file-earmark',
          group,
        });
      }
      walk(item.Children ?? [], item.Url === '' ? item.Name : group);
    }
  };
  for (const menu of menus) walk(menu, '');
  return found;
}

/** Whether a key press is typing into a field (where "?" and "/" are text, not shortcuts). */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as HTMLElement).tagName !== 'string') return false;
  const element = target as HTMLElement;
  return (
    ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName) ||
    element.isContentEditable ||
    element.closest?.('[contenteditable="true"], .cm-editor') != null
  );
}
