import { createHash } from 'node:crypto';
import type {
  ConfigDocument,
  ConfigMenuEntry,
  ConfigScreen,
  MenuItem,
  ScreenEntry,
  ScreenNode,
} from '@panelwright/contract';
import type { GrantData, RoleData } from '../access/policy';
import { grantValues } from './document';

/** How deep a screen tree goes (a tab holding a dashboard holding charts is three). */
export const MAX_TREE_DEPTH = 6;

/** A screen tree as `AppScreenUIControlSetting/Options` answers it, with what access needs to know. */
export type ScreenTree = { node: ScreenNode; isPublic: boolean; entry: ScreenEntry };

const text = (value: unknown) => JSON.stringify(value ?? {});

/** Screens in their order: by their order number, then by title (as the database's C ordering has it). */
function inOrder(a: [string, ConfigScreen], b: [string, ConfigScreen]): number {
  return a[1].orderNo - b[1].orderNo || (a[1].title < b[1].title ? -1 : a[1].title > b[1].title ? 1 : 0);
}

function menuItems(entries: readonly ConfigMenuEntry[]): MenuItem[] {
  return entries
    .filter((entry) => entry.isEnabled)
    .map((entry, index) => ({
      Name: entry.name,
      Code: entry.code,
      Url: entry.url,
      Icon: entry.icon,
      OrderNo: (index + 1) * 10,
      NewWindow: entry.newWindow,
      Children: menuItems(entry.children),
    }));
}

/**
 * One configuration as every call serves it: the live one, or a draft previewed in the studio. What
 * the calls need is made from the document on first use and kept with it (a new configuration is a
 * new view), so that the screen lists, trees, menus, grants and settings of one version are made once.
 */
/** A stable id shaped like the installation's (a uuid) for a screen only a draft has, made from its code. */
function draftScreenId(code: string): string {
  const hex = createHash('sha256').update(`panelwright-draft-screen:${code}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export class ConfigView {
  private entries: Map<boolean, ScreenEntry[]> | null = null;
  private readonly trees = new Map<string, ScreenTree | null>();
  private menus: { side: string; app: string } | null = null;
  private access: { roles: RoleData[]; grants: GrantData[] } | null = null;
  private readonly codeById: Map<string, string>;

  constructor(
    readonly document: ConfigDocument,
    /** The ids of the installation's screens by code (a screen only a draft has gets a stable made-up one). */
    private readonly screenIds: ReadonlyMap<string, string>,
    /** The configuration's version (the live one; a draft's is the version it is a draft of). */
    readonly version: number,
  ) {
    this.codeById = new Map([...screenIds].map(([code, id]) => [id, code]));
  }
  /** The same installation served another document (a draft): screens only it has get made-up ids. */
  withDocument(document: ConfigDocument): ConfigView {
    const ids = new Map(this.screenIds);
    for (const code of Object.keys(document.screens)) if (!ids.has(code)) ids.set(code, draftScreenId(code));
    return new ConfigView(document, ids, this.version);
  }

  /** A screen's id, by its code. */
  screenId(code: string): string {
    return this.screenIds.get(code) ?? '';
  }

  /** A screen's code, by its id. */
  screenCode(id: string): string | undefined {
    return this.codeById.get(id);
  }

  private entryOf(code: string, screen: ConfigScreen): ScreenEntry {
    return {
      Id: this.screenId(code),
      UIUrl: screen.uiUrl,
      ScreenCode: code,
      Title: screen.title,
      APIName: screen.apiName,
      UIType: screen.uiType,
      Config: text(screen.config),
      RequestData: text(screen.requestData),
      Type: screen.type,
    };
  }

  /** The enabled screens that are routes (not parts of another), public or private, in their order. */
  screenEntries(isPublic: boolean): ScreenEntry[] {
    if (!this.entries) {
      const routes = Object.entries(this.document.screens)
        .filter(([, screen]) => screen.isEnabled && screen.parent === null)
        .sort(inOrder);
      this.entries = new Map(
        [true, false].map((visibility) => [
          visibility,
          routes
            .filter(([, screen]) => screen.isPublic === visibility)
            .map(([code, screen]) => this.entryOf(code, screen)),
        ]),
      );
    }
    return this.entries.get(isPublic) ?? [];
  }

  private nodeOf(code: string, screen: ConfigScreen): ScreenNode {
    const header = screen.screenConfig.Header as { buttonList?: unknown } | undefined;
    return {
      Id: this.screenId(code),
      ScreenCode: code,
      Title: screen.title,
      UIType: screen.uiType,
      APIName: screen.apiName,
      APIMethod: screen.apiMethod,
      RequestData: text(screen.requestData),
      Config: text(screen.config),
      ButtonList: Array.isArray(header?.buttonList) ? header.buttonList : [],
      ChartConfig: screen.screenConfig.Chart ?? null,
      Configs: {
        ScreenConfig: text(screen.screenConfig),
        UITypeContents: screen.uiTypeContents === null ? '' : text(screen.uiTypeContents),
      },
      Contents: [],
    };
  }

  /**
   * A screen and, for tab, panel and dashboard screens, its enabled parts, level by level down to
   * `MAX_TREE_DEPTH` (the bound and the seen set stop a loop in the data); null when the screen is
   * unknown or switched off.
   */
  screenTree(id: string): ScreenTree | null {
    if (this.trees.has(id)) return this.trees.get(id) ?? null;
    const code = this.codeById.get(id);
    const root = code ? this.document.screens[code] : undefined;
    let tree: ScreenTree | null = null;
    if (code && root?.isEnabled) {
      const rootNode = this.nodeOf(code, root);
      const nodes = new Map<string, ScreenNode>([[code, rootNode]]);
      let level = [code];
      for (let depth = 1; depth <= MAX_TREE_DEPTH && level.length > 0; depth++) {
        const parents = new Set(level);
        const children = Object.entries(this.document.screens)
          .filter(([, screen]) => screen.isEnabled && screen.parent !== null && parents.has(screen.parent))
          .sort(inOrder);
        level = [];
        for (const [childCode, child] of children) {
          if (nodes.has(childCode) || child.parent === null) continue;
          const node = this.nodeOf(childCode, child);
          nodes.get(child.parent)?.Contents.push(node);
          nodes.set(childCode, node);
          level.push(childCode);
        }
      }
      tree = { node: rootNode, isPublic: root.isPublic, entry: this.entryOf(code, root) };
    }
    this.trees.set(id, tree);
    return tree;
  }

  /** Both menus as `ProjectScreenHeader/ProjectScreens` sends them: JSON text of their enabled entries. */
  menuText(): { side: string; app: string } {
    this.menus ??= {
      side: JSON.stringify(menuItems(this.document.menus.side)),
      app: JSON.stringify(menuItems(this.document.menus.app)),
    };
    return this.menus;
  }

  /** The roles and their grants, as the access policy reads them. */
  rolesAndGrants(): { roles: RoleData[]; grants: GrantData[] } {
    if (!this.access) {
      const roles: RoleData[] = [];
      const grants: GrantData[] = [];
      for (const [code, role] of Object.entries(this.document.roles)) {
        roles.push({ code, isAdmin: role.isAdmin });
        for (const [target, grant] of Object.entries(role.grants)) {
          grants.push(grantValues(code, target, grant));
        }
      }
      this.access = { roles, grants };
    }
    return this.access;
  }

  /**
   * What the configuration says of a resource's columns on a screen: the screen of `screenId` when it
   * shows that resource, else the resource's own screen.
   */
  columnSettings(
    apiName: string,
    screenId: string | undefined,
    ownScreen: string | undefined,
  ): { columns: ConfigScreen['columns']; order: string[] } | null {
    const screens = this.document.screens;
    const called = screenId ? this.codeById.get(screenId) : undefined;
    const code = called && screens[called]?.apiName === apiName ? called : ownScreen;
    const screen = code ? screens[code] : undefined;
    return screen ? { columns: screen.columns, order: screen.columnOrder } : null;
  }
}
