import type { ScreenEntry, ScreenNode } from '@panelwright/contract';
import type { CacheRegistry } from '../../lib/cache';
import { BusinessError, forbidden, unauthorized } from '../../lib/errors';
import type { ConfigurationStore } from '../configuration/store';
import { type AdministratorTest, ScreenAccess, type ScreenViewer } from './access';

/**
 * The screens the server hands out as routes and menu entries, and their trees, from the
 * configuration every call serves (the configuration store keeps it; its view makes each list once).
 */
export class ScreenService {
  /** Who may open which screen: the per-user filtering hook of the lists, menus and trees. */
  readonly access: ScreenAccess;

  constructor(
    private readonly configuration: ConfigurationStore,
    caches: CacheRegistry,
    /** Who administers (the access service); without it, holders of the `admin` role. */
    isAdministrator?: AdministratorTest,
  ) {
    this.access = new ScreenAccess(isAdministrator);
    // A change made to the screens table behind the product's back is read again at this name.
    caches.register('Screens', () => configuration.clear());
  }

  /**
   * The screen tree of `AppScreenUIControlSetting/Options`: the screen and, for tab, panel and
   * dashboard screens, its enabled contents. Guests get public screens only.
   */
  async tree(screenId: string, viewer: ScreenViewer | null): Promise<ScreenNode> {
    const found = (await this.configuration.current()).screenTree(screenId);
    if (!found) throw new BusinessError('This screen does not exist or is switched off.');
    if (!found.isPublic && !viewer) throw unauthorized('Sign in first: this screen is not public.');
    if (!found.isPublic && viewer && !(await this.access.mayOpen(found.entry, viewer)))
      throw forbidden(
        `Your role may not open ${found.node.Title} (permission missing: ${found.node.Title} List).`,
      );
    return found.node;
  }

  async publicScreens(): Promise<ScreenEntry[]> {
    return (await this.configuration.current()).screenEntries(true);
  }

  /** The addresses of every private screen (first settings: a guest opening one is sent to sign in). */
  async privateScreenUrls(): Promise<string[]> {
    const entries = (await this.configuration.current()).screenEntries(false);
    return [...new Set(entries.map((screen) => screen.UIUrl).filter((url) => url !== ''))];
  }

  /** The private screens a signed-in user may open (`ConfigMenu/CategoryScreenList`). */
  async screensForUser(viewer: ScreenViewer): Promise<ScreenEntry[]> {
    return this.access.filterScreens((await this.configuration.current()).screenEntries(false), viewer);
  }

  /** The addresses of the private screens the viewer may not open, for filtering the menus. */
  async closedUrls(viewer: ScreenViewer): Promise<Set<string>> {
    const [view, mayOpen, closedPages] = await Promise.all([
      this.configuration.current(),
      this.access.testFor(viewer),
      this.access.closedPages(viewer),
    ]);
    return new Set([
      ...view
        .screenEntries(false)
        .filter((screen) => !mayOpen(screen))
        .map((screen) => screen.UIUrl),
      ...closedPages,
    ]);
  }
}
