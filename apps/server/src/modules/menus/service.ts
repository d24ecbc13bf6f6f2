import type { MenuItem, ProjectScreens } from '@panelwright/contract';
import type { CacheRegistry } from '../../lib/cache';
import type { ConfigurationStore } from '../configuration/store';
import { filterMenu, type ScreenViewer } from '../screens/access';
import type { ScreenService } from '../screens/service';
import type { SettingsService } from '../settings/service';

/** `ProjectScreenHeader/ProjectScreens`: the side and app menus of the configuration served now. */
export class MenuService {
  constructor(
    private readonly configuration: ConfigurationStore,
    private readonly settings: SettingsService,
    caches: CacheRegistry,
    private readonly screens: ScreenService,
  ) {
    // A change made to the menus table behind the product's back is read again at this name.
    caches.register('Menus', () => configuration.clear());
  }

  /** The menus as the viewer may use them: entries of screens they may not open are left out. */
  async projectScreens(viewer: ScreenViewer): Promise<ProjectScreens> {
    const [view, settings, closed] = await Promise.all([
      this.configuration.current(),
      this.settings.load(),
      this.screens.closedUrls(viewer),
    ]);
    const menuText = view.menuText();
    const filtered = (text: string) =>
      closed.size === 0 ? text : JSON.stringify(filterMenu(JSON.parse(text) as MenuItem[], closed));
    return {
      side_menu: filtered(menuText.side),
      app_menu: filtered(menuText.app),
      appLogo_url: settings.uiAppConfig.logoUrl,
    };
  }
}
