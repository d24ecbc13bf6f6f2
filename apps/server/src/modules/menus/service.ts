import type { MenuItem, ProjectScreens } from '@panelwright/contract';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { menus } from '../../db/schema';
import { CachedValue, type CacheRegistry } from '../../lib/cache';
import { filterMenu, type ScreenViewer } from '../screens/access';
import type { ScreenService } from '../screens/service';
import type { SettingsService } from '../settings/service';

type MenuRow = typeof menus.$inferSelect;
export type MenuKind = 'side' | 'app';

/** Builds the menu trees of one kind from its enabled rows, in their order: entries under enabled parents. */
export function buildMenuTree(rows: readonly MenuRow[]): MenuItem[] {
  const children = new Map<number | null, MenuRow[]>();
  for (const row of rows) {
    const list = children.get(row.parentId) ?? [];
    list.push(row);
    children.set(row.parentId, list);
  }
  // Built down from the roots: every row has one parent, so a loop in the data is never reached.
  const build = (parentId: number | null): MenuItem[] =>
    (children.get(parentId) ?? []).map((row) => ({
      Name: row.name,
      Code: row.code,
      Url: row.url,
      Icon: row.icon,
      OrderNo: row.orderNo,
      NewWindow: row.newWindow,
      Children: build(row.id),
    }));
  return build(null);
}

/** `ProjectScreenHeader/ProjectScreens`: the side and app menus, kept until a cache refresh. */
export class MenuService {
  private readonly menus = new CachedValue(() => this.read());

  constructor(
    private readonly db: Database,
    private readonly settings: SettingsService,
    caches: CacheRegistry,
    private readonly screens: ScreenService,
  ) {
    caches.register('Menus', () => this.menus.clear());
  }

  /** The menus as the viewer may use them: entries of screens they may not open are left out. */
  async projectScreens(viewer: ScreenViewer): Promise<ProjectScreens> {
    const [menuText, settings, closed] = await Promise.all([
      this.menus.get(),
      this.settings.load(),
      this.screens.closedUrls(viewer),
    ]);
    const filtered = (text: string) =>
      closed.size === 0 ? text : JSON.stringify(filterMenu(JSON.parse(text) as MenuItem[], closed));
    return {
      side_menu: filtered(menuText.side),
      app_menu: filtered(menuText.app),
      appLogo_url: settings.uiAppConfig.logoUrl,
    };
  }

  private async read(): Promise<{ side: string; app: string }> {
    const rows = await this.db
      .select()
      .from(menus)
      .where(eq(menus.isEnabled, true))
      .orderBy(asc(menus.orderNo), asc(menus.name), asc(menus.id));
    const ofKind = (kind: MenuKind) => JSON.stringify(buildMenuTree(rows.filter((r) => r.kind === kind)));
    return { side: ofKind('side'), app: ofKind('app') };
  }
}
