import type { MenuItem, ScreenEntry } from '@panelwright/contract';

/** Who asks for the screen list and the menus. */
export type ScreenViewer = { id: number; role: string };

/** A rule of who may open a screen; every registered rule must allow it. */
export type ScreenAccessRule = (screen: ScreenEntry, viewer: ScreenViewer) => boolean;

/** A screen's `Config` text as an object (a text that is not a JSON object holds no marks). */
function configOf(screen: ScreenEntry): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(screen.Config || '{}');
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/**
 * The first rule, until roles come with the access-control issue: a screen whose Config holds
 * `"adminOnly": true` is for administrators only.
 */
export const adminOnlyRule: ScreenAccessRule = (screen, viewer) =>
  configOf(screen).adminOnly !== true || viewer.role === 'admin';

/**
 * The per-user filtering hook of part 1 section 6 ("the server-provided menus decide what each user
 * sees"): one registry of rules, consulted for `ConfigMenu/CategoryScreenList`, the menus of
 * `ProjectScreenHeader/ProjectScreens` and the screen tree. Rules are registered once by name.
 */
export class ScreenAccess {
  private readonly rules = new Map<string, ScreenAccessRule>();

  constructor() {
    this.register('adminOnly', adminOnlyRule);
  }

  register(name: string, rule: ScreenAccessRule): void {
    if (this.rules.has(name)) throw new Error(`A screen access rule named ${name} is registered already`);
    this.rules.set(name, rule);
  }

  mayOpen(screen: ScreenEntry, viewer: ScreenViewer): boolean {
    for (const rule of this.rules.values()) if (!rule(screen, viewer)) return false;
    return true;
  }

  /** The screens of `list` the viewer may open, in their order. */
  filterScreens(list: readonly ScreenEntry[], viewer: ScreenViewer): ScreenEntry[] {
    return list.filter((screen) => this.mayOpen(screen, viewer));
  }
}

/**
 * A menu without the entries that lead to screens the viewer may not open (`closedUrls`), and without
 * the groups left empty by that (a group that had no entries and no address of its own was never one).
 */
export function filterMenu(items: readonly MenuItem[], closedUrls: ReadonlySet<string>): MenuItem[] {
  return items.flatMap((item) => {
    if (item.Url && closedUrls.has(item.Url)) return [];
    if (item.Children.length === 0) return [item];
    const children = filterMenu(item.Children, closedUrls);
    return children.length === 0 && !item.Url ? [] : [{ ...item, Children: children }];
  });
}
