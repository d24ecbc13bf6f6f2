import type { MenuItem, ScreenEntry } from '@panelwright/contract';

/** Who asks for the screen list and the menus: their roles decide. */
export type ScreenViewer = { id: number; roles: readonly string[] };

/** Whether the viewer a test was made for may open a screen. */
export type ScreenTest = (screen: ScreenEntry) => boolean;

/**
 * A rule of who may open a screen, made once per viewer and request (it may read data, such as the
 * viewer's grants) and then asked per screen; every registered rule must allow it.
 */
export type ScreenAccessRule = (viewer: ScreenViewer) => ScreenTest | Promise<ScreenTest>;

/** Whether the viewer administers (the access service decides from their roles' data). */
export type AdministratorTest = (viewer: ScreenViewer) => Promise<boolean>;

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

/** Without an access service, an administrator is a holder of the seeded `admin` role. */
const holdsAdminRole: AdministratorTest = async (viewer) => viewer.roles.includes('admin');

/** A screen whose Config holds `"adminOnly": true` is for administrators only. */
export function adminOnlyRule(isAdministrator: AdministratorTest = holdsAdminRole): ScreenAccessRule {
  return async (viewer) => {
    const admin = await isAdministrator(viewer);
    return (screen) => admin || configOf(screen).adminOnly !== true;
  };
}

/**
 * The per-user filtering hook of part 1 section 6 ("the server-provided menus decide what each user
 * sees"): one registry of rules, consulted for `ConfigMenu/CategoryScreenList`, the menus of
 * `ProjectScreenHeader/ProjectScreens` and the screen tree. Rules are registered once by name; the
 * roles' grants (issue 11) are one more rule, registered by the app with the access service.
 */
export class ScreenAccess {
  private readonly rules = new Map<string, ScreenAccessRule>();

  constructor(isAdministrator: AdministratorTest = holdsAdminRole) {
    this.register('adminOnly', adminOnlyRule(isAdministrator));
  }

  register(name: string, rule: ScreenAccessRule): void {
    if (this.rules.has(name)) throw new Error(`A screen access rule named ${name} is registered already`);
    this.rules.set(name, rule);
  }

  private readonly pages = new Map<string, (viewer: ScreenViewer) => Promise<boolean>>();

  /**
   * A page of the product itself (not a screen of the screens table, such as the till at `/pos`) that
   * only some may open: its menu entries are left out for the others.
   */
  registerPage(url: string, mayOpen: (viewer: ScreenViewer) => Promise<boolean>): void {
    if (this.pages.has(url)) throw new Error(`A page access rule for ${url} is registered already`);
    this.pages.set(url, mayOpen);
  }

  /** The addresses of the product's pages behind a rule that the viewer may open. */
  async openPages(viewer: ScreenViewer): Promise<string[]> {
    const closed = new Set(await this.closedPages(viewer));
    return [...this.pages.keys()].filter((url) => !closed.has(url));
  }

  /** The addresses of the product's pages the viewer may not open. */
  async closedPages(viewer: ScreenViewer): Promise<string[]> {
    const open = await Promise.all(
      [...this.pages].map(async ([url, mayOpen]) => [url, await mayOpen(viewer)]),
    );
    return open.filter(([, allowed]) => !allowed).map(([url]) => url as string);
  }

  /** One test of every rule for this viewer (each rule reads its data once). */
  async testFor(viewer: ScreenViewer): Promise<ScreenTest> {
    const tests = await Promise.all([...this.rules.values()].map((rule) => rule(viewer)));
    return (screen) => tests.every((test) => test(screen));
  }

  async mayOpen(screen: ScreenEntry, viewer: ScreenViewer): Promise<boolean> {
    return (await this.testFor(viewer))(screen);
  }

  /** The screens of `list` the viewer may open, in their order. */
  async filterScreens(list: readonly ScreenEntry[], viewer: ScreenViewer): Promise<ScreenEntry[]> {
    const mayOpen = await this.testFor(viewer);
    return list.filter(mayOpen);
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
