import type { ScreenEntry, ScreenNode } from '@panelwright/contract';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { screens } from '../../db/schema';
import { CACHE_TTL_MS, type CacheRegistry, KeyedCache } from '../../lib/cache';
import { BusinessError, forbidden, unauthorized } from '../../lib/errors';
import { type AdministratorTest, ScreenAccess, type ScreenViewer } from './access';

type ScreenRow = typeof screens.$inferSelect;

/** How deep a screen tree goes (a tab holding a dashboard holding charts is three). */
export const MAX_TREE_DEPTH = 6;

export function toScreenEntry(row: ScreenRow): ScreenEntry {
  return {
    Id: row.id,
    UIUrl: row.uiUrl,
    ScreenCode: row.screenCode,
    Title: row.title,
    APIName: row.apiName,
    UIType: row.uiType,
    Config: row.config,
    RequestData: row.requestData,
    Type: row.type,
  };
}

function parseObject(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** A screen as a node of the `AppScreenUIControlSetting/Options` tree, without its contents yet. */
function toScreenNode(row: ScreenRow): ScreenNode {
  const screenConfig = parseObject(row.screenConfig);
  const header = screenConfig.Header as { buttonList?: unknown } | undefined;
  return {
    Id: row.id,
    ScreenCode: row.screenCode,
    Title: row.title,
    UIType: row.uiType,
    APIName: row.apiName,
    APIMethod: row.apiMethod,
    RequestData: row.requestData,
    Config: row.config,
    ButtonList: Array.isArray(header?.buttonList) ? header.buttonList : [],
    ChartConfig: screenConfig.Chart ?? null,
    Configs: { ScreenConfig: row.screenConfig, UITypeContents: row.uiTypeContents },
    Contents: [],
  };
}

type CachedTree = { node: ScreenNode; isPublic: boolean; entry: ScreenEntry };

/**
 * The screens the server hands out as routes and menu entries, and their trees. The lists are read
 * at most once per cache refresh: they are on the path of every page start.
 */
export class ScreenService {
  private readonly lists = new KeyedCache<boolean, ScreenEntry[]>();
  // Only screens that exist stay cached, so unknown ids cannot grow the cache.
  private readonly trees = new KeyedCache<string, CachedTree | null>(CACHE_TTL_MS, (found) => found !== null);
  /** Who may open which screen: the per-user filtering hook of the lists, menus and trees. */
  readonly access: ScreenAccess;

  constructor(
    private readonly db: Database,
    caches: CacheRegistry,
    /** Who administers (the access service); without it, holders of the `admin` role. */
    isAdministrator?: AdministratorTest,
  ) {
    this.access = new ScreenAccess(isAdministrator);
    caches.register('Screens', () => {
      this.lists.clear();
      this.trees.clear();
    });
  }

  /**
   * The screen tree of `AppScreenUIControlSetting/Options`: the screen and, for tab, panel and
   * dashboard screens, its enabled contents. Guests get public screens only.
   */
  async tree(screenId: string, viewer: ScreenViewer | null): Promise<ScreenNode> {
    const found = await this.trees.get(screenId, () => this.readTree(screenId));
    if (!found) throw new BusinessError('This screen does not exist or is switched off.');
    if (!found.isPublic && !viewer) throw unauthorized('Sign in first: this screen is not public.');
    if (!found.isPublic && viewer && !(await this.access.mayOpen(found.entry, viewer)))
      throw forbidden(
        `Your role may not open ${found.node.Title} (permission missing: ${found.node.Title} List).`,
      );
    return found.node;
  }

  private async readTree(screenId: string): Promise<CachedTree | null> {
    const [root] = await this.db
      .select()
      .from(screens)
      .where(and(eq(screens.id, screenId), eq(screens.isEnabled, true)));
    if (!root) return null;
    const rootNode = toScreenNode(root);
    const nodes = new Map<string, ScreenNode>([[root.id, rootNode]]);
    let level = [root.id];
    // Breadth first, one query per level; the depth bound and the seen set stop a cycle in the data.
    for (let depth = 1; depth <= MAX_TREE_DEPTH && level.length > 0; depth++) {
      const children = await this.db
        .select()
        .from(screens)
        .where(and(inArray(screens.parentId, level), eq(screens.isEnabled, true)))
        .orderBy(asc(screens.orderNo), asc(screens.title));
      level = [];
      for (const child of children) {
        if (nodes.has(child.id) || !child.parentId) continue;
        const node = toScreenNode(child);
        nodes.get(child.parentId)?.Contents.push(node);
        nodes.set(child.id, node);
        level.push(child.id);
      }
    }
    return { node: rootNode, isPublic: root.isPublic, entry: toScreenEntry(root) };
  }

  publicScreens(): Promise<ScreenEntry[]> {
    return this.cachedList(true);
  }

  /** The private screens a signed-in user may open (`ConfigMenu/CategoryScreenList`). */
  async screensForUser(viewer: ScreenViewer): Promise<ScreenEntry[]> {
    return this.access.filterScreens(await this.cachedList(false), viewer);
  }

  /** The addresses of the private screens the viewer may not open, for filtering the menus. */
  async closedUrls(viewer: ScreenViewer): Promise<Set<string>> {
    const [list, mayOpen, closedPages] = await Promise.all([
      this.cachedList(false),
      this.access.testFor(viewer),
      this.access.closedPages(viewer),
    ]);
    return new Set([
      ...list.filter((screen) => !mayOpen(screen)).map((screen) => screen.UIUrl),
      ...closedPages,
    ]);
  }

  private cachedList(isPublic: boolean): Promise<ScreenEntry[]> {
    return this.lists.get(isPublic, () => this.list(isPublic));
  }

  private async list(isPublic: boolean): Promise<ScreenEntry[]> {
    const rows = await this.db
      .select()
      .from(screens)
      // Contents of a tab or dashboard are parts of their screen, not routes of their own.
      .where(and(eq(screens.isPublic, isPublic), eq(screens.isEnabled, true), isNull(screens.parentId)))
      .orderBy(asc(screens.orderNo), asc(screens.title));
    return rows.map(toScreenEntry);
  }
}
