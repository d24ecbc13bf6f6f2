import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { appSettings, menus, screens } from '../db/schema';

/** Marks that the studio's entry was added to the side menu (once: an administrator may remove it). */
export const STUDIO_MENU_MARKER = 'studio_menu_seeded';
/** Marks that a side menu seeded before the groups existed was grouped (once). */
export const MENU_GROUPS_MARKER = 'menu_groups_seeded';
/** The icon every screen entry of the default menu had before the groups. */
const OLD_DEFAULT_ICON = 'bi-grid';

/** Marks that the groups named like an entry inside them ("Sales", "Projects") were renamed (once). */
export const MENU_GROUP_NAMES_MARKER = 'menu_group_names_v2';
/**
 * Group names of earlier seeds that read like an entry of their own (the "Sales" group held the
 * "Sales" screen's neighbours, the "Projects" group the "Projects" screen): a menu where two entries
 * share a label makes people guess.
 */
const RENAMED_GROUPS = [
  { code: 'group-projects', from: 'Projects', to: 'Project work' },
  { code: 'group-sales', from: 'Sales', to: 'Shop' },
] as const;

/** The side menu's groups, in their order; entries come under them like any menu child. */
export const MENU_GROUPS = [
  { code: 'group-data', name: 'Data', icon: 'bi-database' },
  { code: 'group-projects', name: 'Project work', icon: 'bi-briefcase' },
  { code: 'group-sales', name: 'Shop', icon: 'bi-shop' },
  { code: 'group-reports', name: 'Reports', icon: 'bi-clipboard-data' },
  { code: 'group-demos', name: 'Demos', icon: 'bi-easel' },
  { code: 'group-admin', name: 'Administration', icon: 'bi-shield-lock' },
] as const;
export type MenuGroupCode = (typeof MENU_GROUPS)[number]['code'];

/** A distinct icon for each seeded screen, by its address. */
const ICONS: Record<string, string> = {
  '/data/products': 'bi-box-seam',
  '/data/categories': 'bi-tags',
  '/data/events': 'bi-calendar-event',
  '/data/places': 'bi-geo-alt',
  '/data/sales': 'bi-cart',
  '/calendar': 'bi-calendar3',
  '/map': 'bi-map',
  '/workspace': 'bi-window-stack',
  '/pj': 'bi-kanban',
  '/dailytasks': 'bi-check2-square',
  '/data/projects': 'bi-folder',
  '/data/tasks': 'bi-list-task',
  '/data/releases': 'bi-rocket-takeoff',
  '/data/environments': 'bi-hdd-network',
  '/data/api-tests': 'bi-activity',
  '/data/members': 'bi-people',
  '/dashboard': 'bi-speedometer2',
  '/reports/sales': 'bi-graph-up',
  '/demo/formcontrol': 'bi-ui-checks',
  '/demo/form': 'bi-input-cursor-text',
  '/demo/survey': 'bi-clipboard-check',
  '/demo/buttonlist': 'bi-menu-button-wide',
  '/demo/tablecell': 'bi-table',
  '/demo/tabletotal': 'bi-calculator',
  '/demo/tablefilter': 'bi-funnel',
  '/demo/table': 'bi-grid-3x3',
  '/demo/myui': 'bi-palette',
  '/demo/libs': 'bi-puzzle',
  '/demo/demo_dashboard_one': 'bi-columns-gap',
  '/demo/demo_chartjs': 'bi-bar-chart-line',
  '/demo/demo_ggchart': 'bi-pie-chart',
  '/2react-style': 'bi-brush',
  '/file-manager': 'bi-folder2-open',
  '/setting': 'bi-gear',
  '/studio': 'bi-sliders',
  '/admin/users': 'bi-person-gear',
  '/admin/roles': 'bi-person-badge',
  '/admin/permissions': 'bi-key',
  '/admin/audit': 'bi-journal-text',
  '/admin/sign-ins': 'bi-box-arrow-in-right',
  '/admin/exceptions': 'bi-bug',
  '/pos': 'bi-shop-window',
  '/sales/products': 'bi-upc-scan',
  '/sales/suppliers': 'bi-truck',
  '/sales/locations': 'bi-shop',
  '/sales/purchase-orders': 'bi-clipboard-plus',
  '/sales/purchase-order-lines': 'bi-list-ol',
  '/sales/bills': 'bi-receipt',
  '/sales/bill-lines': 'bi-receipt-cutoff',
  '/sales/stock-movements': 'bi-arrow-left-right',
  '/sales/stock': 'bi-boxes',
  '/sales/by-day': 'bi-calendar-week',
  '/sales/by-product': 'bi-bar-chart',
  '/sales/by-payment': 'bi-credit-card',
  '/sales/low-stock': 'bi-exclamation-triangle',
};

/** Pages of the product itself (not screens) that the default menu lists among the screens. */
const PRODUCT_PAGES = [{ code: 'pos-till', name: 'Point of sale', url: '/pos', orderNo: 60 }];
/** The studio, where administrators change the configuration. */
const STUDIO_PAGE = { code: 'studio', name: 'Studio', url: '/studio', orderNo: 5 };

const PROJECT_PATHS = [
  '/pj',
  '/dailytasks',
  '/data/projects',
  '/data/tasks',
  '/data/releases',
  '/data/environments',
  '/data/api-tests',
  '/data/members',
];

/** Where a screen goes in the default side menu, and its icon. */
export function menuPlacement(uiUrl: string): { group: MenuGroupCode; icon: string } {
  const icon = ICONS[uiUrl] ?? 'bi-file-earmark-text';
  if (PROJECT_PATHS.includes(uiUrl)) return { group: 'group-projects', icon };
  if (uiUrl === '/pos' || uiUrl.startsWith('/sales/')) return { group: 'group-sales', icon };
  if (uiUrl === '/dashboard' || uiUrl.startsWith('/reports/')) return { group: 'group-reports', icon };
  if (uiUrl.startsWith('/demo/') || uiUrl === '/2react-style') return { group: 'group-demos', icon };
  if (uiUrl === '/file-manager' || uiUrl === '/setting' || uiUrl === '/studio' || uiUrl.startsWith('/admin/'))
    return { group: 'group-admin', icon };
  return { group: 'group-data', icon };
}

/**
 * A default side menu for a fresh database: Home, then the groups (data, projects, reports, demos,
 * administration) holding the enabled screens that are routes without parameters (a group only when
 * it holds one). Once the side menu has any entry it is the administrator's: an entry removed on
 * purpose does not come back at the next start; only screens that a start newly seeds are added.
 */
export async function seedMenus(
  db: Database,
  newScreenCodes: ReadonlySet<string> = new Set(),
): Promise<void> {
  const [existing] = await db.select({ id: menus.id }).from(menus).where(eq(menus.kind, 'side')).limit(1);
  if (existing) {
    await groupOldDefaultMenu(db);
    await renameOldGroups(db);
    await addNewScreens(db, newScreenCodes);
    return addStudioEntry(db);
  }
  await db
    .insert(appSettings)
    .values([
      { key: MENU_GROUPS_MARKER, value: { version: 1 } },
      { key: MENU_GROUP_NAMES_MARKER, value: { version: 1 } },
    ])
    .onConflictDoNothing();
  const openable = await openablePages(db);
  // Instances starting together may both get here; the unique (kind, code) keeps one of each.
  await db
    .insert(menus)
    .values({ kind: 'side', code: 'home', name: 'Home', url: '/home', icon: 'bi-house', orderNo: 0 })
    .onConflictDoNothing();
  await insertEntries(db, openable, (_page, index) => (index + 1) * 10);
  await addStudioEntry(db);
}

/**
 * The studio's entry, in the Administration group, once per install: fresh ones and upgrades get it;
 * one an administrator removed stays removed. Only users granted the studio see it (the server
 * filters the menu by the `/studio` page's rule).
 */
async function addStudioEntry(db: Database): Promise<void> {
  const marked = await db
    .insert(appSettings)
    .values({ key: STUDIO_MENU_MARKER, value: { version: 1 } })
    .onConflictDoNothing()
    .returning({ key: appSettings.key });
  if (marked.length === 0) return;
  await insertEntries(db, [STUDIO_PAGE], () => STUDIO_PAGE.orderNo);
}

type MenuPage = { code: string; name: string; url: string; orderNo: number };

/**
 * The enabled route screens without parameters (of `codes` only, when given) as menu pages, with
 * the till when the point of sale's screens are among them, in the screens' order.
 */
async function openablePages(db: Database, codes?: ReadonlySet<string>): Promise<MenuPage[]> {
  const routes = await db
    .select()
    .from(screens)
    .where(
      and(
        eq(screens.isEnabled, true),
        isNull(screens.parentId),
        codes ? inArray(screens.screenCode, [...codes]) : undefined,
      ),
    )
    .orderBy(asc(screens.orderNo), asc(screens.title));
  const screenPages = routes
    .filter((screen) => !screen.uiUrl.includes('['))
    .map((screen) => ({
      code: screen.screenCode,
      name: screen.title,
      url: screen.uiUrl,
      orderNo: screen.orderNo,
    }));
  // The till comes with the point of sale's screens (seeded with the workspace or the demo).
  const pages = screenPages.some((page) => page.url.startsWith('/sales/')) ? PRODUCT_PAGES : [];
  return [...pages, ...screenPages].sort((a, b) => a.orderNo - b.orderNo);
}

/** Side-menu entries for `pages`, each under its group (created when missing) with its icon. */
async function insertEntries(
  db: Database,
  pages: MenuPage[],
  orderNoOf: (page: MenuPage, index: number) => number,
): Promise<void> {
  if (pages.length === 0) return;
  const groupId = await insertGroups(db, new Set(pages.map((page) => menuPlacement(page.url).group)));
  await db
    .insert(menus)
    .values(
      pages.map((page, index) => {
        const place = menuPlacement(page.url);
        return {
          kind: 'side',
          code: page.code,
          name: page.name,
          url: page.url,
          icon: place.icon,
          parentId: groupId.get(place.group) ?? null,
          orderNo: orderNoOf(page, index),
        };
      }),
    )
    .onConflictDoNothing();
}

/**
 * An existing side menu gets entries for the screens this start's seeding created (a module an
 * upgrade brought: the point of sale, the projects), in their groups, with the till beside the sales
 * screens. Nothing else changes: screens that were there before, and entries an administrator
 * removed from them, stay as they are.
 */
async function addNewScreens(db: Database, codes: ReadonlySet<string>): Promise<void> {
  if (codes.size === 0) return;
  const listed = new Set(
    (await db.select({ url: menus.url }).from(menus).where(eq(menus.kind, 'side'))).map((row) => row.url),
  );
  const fresh = (await openablePages(db, codes)).filter((page) => !listed.has(page.url));
  await insertEntries(db, fresh, (page) => page.orderNo * 10);
}

/** Inserts the groups in `used` (existing ones are kept) and answers their ids by code. */
async function insertGroups(db: Database, used: ReadonlySet<string>): Promise<Map<string, number>> {
  const groups = MENU_GROUPS.filter((group) => used.has(group.code));
  if (groups.length > 0) {
    await db
      .insert(menus)
      .values(
        groups.map((group) => ({
          kind: 'side',
          code: group.code,
          name: group.name,
          url: '',
          icon: group.icon,
          orderNo: (MENU_GROUPS.indexOf(group) + 1) * 100,
        })),
      )
      .onConflictDoNothing();
  }
  const rows = await db
    .select({ id: menus.id, code: menus.code })
    .from(menus)
    .where(and(eq(menus.kind, 'side'), isNull(menus.parentId)));
  return new Map(rows.map((row) => [row.code, row.id]));
}

/**
 * A side menu seeded before the groups (flat, every screen with the same grid icon) gets its groups
 * and icons once. A menu an administrator arranged (any entry under another, or an entry without
 * address) is left as it is.
 */
async function groupOldDefaultMenu(db: Database): Promise<void> {
  const marked = await db
    .insert(appSettings)
    .values({ key: MENU_GROUPS_MARKER, value: { version: 1 } })
    .onConflictDoNothing()
    .returning({ key: appSettings.key });
  if (marked.length === 0) return;
  const rows = await db.select().from(menus).where(eq(menus.kind, 'side'));
  if (rows.some((row) => row.parentId !== null || row.url === '')) return;
  const entries = rows.filter((row) => row.icon === OLD_DEFAULT_ICON && row.url.startsWith('/'));
  if (entries.length === 0) return;
  const groupId = await insertGroups(db, new Set(entries.map((row) => menuPlacement(row.url).group)));
  for (const row of entries) {
    const place = menuPlacement(row.url);
    await db
      .update(menus)
      .set({ parentId: groupId.get(place.group) ?? null, icon: place.icon })
      .where(eq(menus.id, row.id));
  }
}

/**
 * The groups an earlier seed named like an entry inside them get their new names, once. A group an
 * administrator renamed keeps its name; codes stay as they were.
 */
async function renameOldGroups(db: Database): Promise<void> {
  const marked = await db
    .insert(appSettings)
    .values({ key: MENU_GROUP_NAMES_MARKER, value: { version: 1 } })
    .onConflictDoNothing()
    .returning({ key: appSettings.key });
  if (marked.length === 0) return;
  for (const group of RENAMED_GROUPS) {
    await db
      .update(menus)
      .set({ name: group.to })
      .where(and(eq(menus.kind, 'side'), eq(menus.code, group.code), eq(menus.name, group.from)));
  }
}
