import {
  CONFIG_FORMAT,
  type Collection,
  type ConfigDocument,
  type ConfigGrant,
  type ConfigMenuEntry,
  type ConfigRole,
  type ConfigScreen,
  type ConfigSettings,
} from '@panelwright/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { appSettings, collections, menus, roleGrants, roles, screens, translations } from '../../db/schema';
import { SETTING_KEYS } from '../settings/service';

/**
 * The configuration as the tables hold it, with what only this installation knows: the ids its
 * screens have (clients open screens by id), which a document carries nowhere.
 */
export type LiveConfiguration = { document: ConfigDocument; screenIds: ReadonlyMap<string, string> };

/** The settings keys that are configuration (the others are the product's own: markers, keys). */
const SETTINGS_BY_KEY = {
  uiAppConfig: SETTING_KEYS.uiAppConfig,
  security: SETTING_KEYS.security,
  retention: SETTING_KEYS.retention,
  defaultValues: SETTING_KEYS.defaultValues,
  mediaAcceptedType: SETTING_KEYS.mediaAcceptedType,
  homeUrl: SETTING_KEYS.homeUrl,
  changePasswordMessage: SETTING_KEYS.changePasswordMessage,
} as const satisfies Record<keyof ConfigSettings, string>;

type SettingName = keyof typeof SETTINGS_BY_KEY;
const SETTING_NAMES = Object.keys(SETTINGS_BY_KEY) as SettingName[];

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** JSON text of an object as the object; text that is not one reads as `{}` (as the screens do). */
function objectOf(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text || '{}');
    return isPlainObject(value) ? value : {};
  } catch {
    return {};
  }
}

/**
 * A value with every object's keys in order, so that the same configuration is always the same text:
 * files diff well in git and two snapshots compare by their text.
 */
export function canonical<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item) => canonical(item)) as T;
  if (!isPlainObject(value)) return value;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const item = value[key];
    if (item !== undefined) sorted[key] = canonical(item);
  }
  return sorted as T;
}

/** The document in its stable form: sections in the file's order, everything inside in key order. */
export function canonicalDocument(document: ConfigDocument): ConfigDocument {
  return {
    format: CONFIG_FORMAT,
    screens: canonical(document.screens),
    // Menus are in display order: their arrays keep it, only the entries' keys are ordered.
    menus: canonical(document.menus),
    translations: canonical(document.translations),
    roles: canonical(document.roles),
    settings: canonical(document.settings),
    // Collections keep their order and their fields' (the table's columns in the studio's order).
    ...(document.Collections?.length ? { Collections: canonical(document.Collections) } : {}),
  };
}

type MenuRow = typeof menus.$inferSelect;

function menuTree(rows: readonly MenuRow[]): ConfigMenuEntry[] {
  const children = new Map<number | null, MenuRow[]>();
  for (const row of rows) {
    const list = children.get(row.parentId) ?? [];
    list.push(row);
    children.set(row.parentId, list);
  }
  const build = (parentId: number | null): ConfigMenuEntry[] =>
    (children.get(parentId) ?? []).map((row) => ({
      code: row.code,
      name: row.name,
      url: row.url,
      icon: row.icon,
      newWindow: row.newWindow,
      isEnabled: row.isEnabled,
      children: build(row.id),
    }));
  return build(null);
}

function grantOf(row: typeof roleGrants.$inferSelect): ConfigGrant {
  return {
    list: row.canList,
    detail: row.canDetail,
    add: row.canAdd,
    edit: row.canEdit,
    delete: row.canDelete,
    export: row.canExport,
    actions: [...row.actions],
    hiddenFields: [...row.hiddenFields],
    editFields: [...row.editFields],
    rowRule: row.rowRule === 'own' ? 'own' : 'all',
  };
}

/** Reads the configuration the tables hold now (the live one), in its stable form. */
export async function readLiveConfiguration(db: Database): Promise<LiveConfiguration> {
  // One after the other: `db` may be a transaction, whose one connection takes one query at a time.
  const screenRows = await db.select().from(screens);
  const menuRows = await db.select().from(menus).orderBy(asc(menus.orderNo), asc(menus.name), asc(menus.id));
  const textRows = await db.select().from(translations);
  const roleRows = await db.select().from(roles);
  const grantRows = await db.select().from(roleGrants);
  const settingRows = await db
    .select()
    .from(appSettings)
    .where(inArray(appSettings.key, Object.values(SETTINGS_BY_KEY)));
  const collectionRows = await db.select().from(collections).orderBy(asc(collections.orderNo));
  const codeOfId = new Map(screenRows.map((row) => [row.id, row.screenCode]));
  const screenIds = new Map(screenRows.map((row) => [row.screenCode, row.id]));
  const screenEntries: Record<string, ConfigScreen> = {};
  for (const row of screenRows) {
    screenEntries[row.screenCode] = {
      title: row.title,
      uiUrl: row.uiUrl,
      uiType: row.uiType as ConfigScreen['uiType'],
      apiName: row.apiName,
      apiMethod: row.apiMethod,
      type: row.type,
      parent: row.parentId ? (codeOfId.get(row.parentId) ?? null) : null,
      orderNo: row.orderNo,
      isPublic: row.isPublic,
      isEnabled: row.isEnabled,
      config: objectOf(row.config),
      requestData: objectOf(row.requestData),
      screenConfig: objectOf(row.screenConfig),
      uiTypeContents: row.uiTypeContents ? objectOf(row.uiTypeContents) : null,
      columns: isPlainObject(row.columns) ? (row.columns as ConfigScreen['columns']) : {},
      columnOrder: Array.isArray(row.columnOrder) ? (row.columnOrder as string[]) : [],
    };
  }
  const textsByLanguage: Record<string, Record<string, Record<string, string>>> = {};
  for (const row of textRows) {
    const byNamespace = textsByLanguage[row.language] ?? {};
    textsByLanguage[row.language] = byNamespace;
    const texts = byNamespace[row.namespace] ?? {};
    byNamespace[row.namespace] = texts;
    texts[row.key] = row.text;
  }
  const roleEntries: Record<string, ConfigRole> = {};
  for (const row of roleRows) {
    roleEntries[row.code] = {
      name: row.name,
      description: row.description,
      isAdmin: row.isAdmin,
      grants: {},
    };
  }
  for (const row of grantRows) {
    const role = roleEntries[row.roleCode];
    if (role) role.grants[row.target] = grantOf(row);
  }
  const storedSettings = new Map(settingRows.map((row) => [row.key, row.value]));
  const settings: Record<string, unknown> = {};
  for (const name of SETTING_NAMES) {
    const value = storedSettings.get(SETTINGS_BY_KEY[name]);
    // An empty object is the seed's placeholder: nothing stored.
    if (value === undefined || value === null || (isPlainObject(value) && Object.keys(value).length === 0))
      continue;
    settings[name] = value;
  }
  const document = canonicalDocument({
    format: CONFIG_FORMAT,
    screens: screenEntries,
    menus: {
      side: menuTree(menuRows.filter((row) => row.kind === 'side')),
      app: menuTree(menuRows.filter((row) => row.kind === 'app')),
    },
    translations: textsByLanguage as ConfigDocument['translations'],
    roles: roleEntries,
    settings: settings as ConfigSettings,
    Collections: collectionRows.map((row) => row.definition as Collection),
  });
  return { document, screenIds };
}

const same = (a: unknown, b: unknown) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

function screenValues(screen: ConfigScreen) {
  return {
    title: screen.title,
    uiUrl: screen.uiUrl,
    uiType: screen.uiType,
    apiName: screen.apiName,
    apiMethod: screen.apiMethod,
    type: screen.type,
    orderNo: screen.orderNo,
    isPublic: screen.isPublic,
    isEnabled: screen.isEnabled,
    config: JSON.stringify(screen.config),
    requestData: JSON.stringify(screen.requestData),
    screenConfig: JSON.stringify(screen.screenConfig),
    uiTypeContents: screen.uiTypeContents === null ? '' : JSON.stringify(screen.uiTypeContents),
    columns: screen.columns,
    columnOrder: screen.columnOrder,
  };
}

async function writeScreens(tx: Database, before: ConfigDocument, after: ConfigDocument): Promise<void> {
  const changed = Object.entries(after.screens).filter(
    ([code, screen]) => !same(before.screens[code], screen),
  );
  for (const [code, screen] of changed) {
    const values = screenValues(screen);
    await tx
      .insert(screens)
      .values({ screenCode: code, ...values })
      .onConflictDoUpdate({ target: screens.screenCode, set: values });
  }
  // Parents once every screen exists, removals last: a part moved out of a removed screen stays.
  const ids = new Map(
    (await tx.select({ id: screens.id, code: screens.screenCode }).from(screens)).map((r) => [r.code, r.id]),
  );
  for (const [code, screen] of changed) {
    if (same(before.screens[code]?.parent ?? null, screen.parent) && before.screens[code]) continue;
    const parentId = screen.parent === null ? null : (ids.get(screen.parent) ?? null);
    await tx.update(screens).set({ parentId }).where(eq(screens.screenCode, code));
  }
  const removed = Object.keys(before.screens).filter((code) => !(code in after.screens));
  if (removed.length > 0) await tx.delete(screens).where(inArray(screens.screenCode, removed));
}

async function writeMenus(tx: Database, before: ConfigDocument, after: ConfigDocument): Promise<void> {
  for (const kind of ['side', 'app'] as const) {
    if (same(before.menus[kind], after.menus[kind])) continue;
    // A menu is small and nothing refers to its rows: it is written whole, in its order.
    await tx.delete(menus).where(eq(menus.kind, kind));
    const insert = async (entries: readonly ConfigMenuEntry[], parentId: number | null) => {
      for (const [index, entry] of entries.entries()) {
        const [row] = await tx
          .insert(menus)
          .values({
            kind,
            parentId,
            code: entry.code,
            name: entry.name,
            url: entry.url,
            icon: entry.icon,
            newWindow: entry.newWindow,
            isEnabled: entry.isEnabled,
            orderNo: (index + 1) * 10,
          })
          .returning({ id: menus.id });
        if (row && entry.children.length > 0) await insert(entry.children, row.id);
      }
    };
    await insert(after.menus[kind], null);
  }
}

type TextRow = typeof translations.$inferInsert;

function textRows(document: ConfigDocument): Map<string, TextRow> {
  const rows = new Map<string, TextRow>();
  for (const [language, namespaces] of Object.entries(document.translations)) {
    for (const [namespace, texts] of Object.entries(namespaces ?? {})) {
      for (const [key, text] of Object.entries(texts)) {
        rows.set(JSON.stringify([language, namespace, key]), { language, namespace, key, text });
      }
    }
  }
  return rows;
}

async function writeTranslations(tx: Database, before: ConfigDocument, after: ConfigDocument): Promise<void> {
  const old = textRows(before);
  const next = textRows(after);
  for (const [id, row] of old) {
    if (next.has(id)) continue;
    await tx
      .delete(translations)
      .where(
        and(
          eq(translations.language, row.language),
          eq(translations.namespace, row.namespace),
          eq(translations.key, row.key),
        ),
      );
  }
  for (const [id, row] of next) {
    if (old.get(id)?.text === row.text) continue;
    await tx
      .insert(translations)
      .values(row)
      .onConflictDoUpdate({
        target: [translations.language, translations.namespace, translations.key],
        set: { text: row.text },
      });
  }
}

/** A configured grant as the role_grants table and the access policy hold it. */
export function grantValues(roleCode: string, target: string, grant: ConfigGrant) {
  return {
    roleCode,
    target,
    canList: grant.list,
    canDetail: grant.detail,
    canAdd: grant.add,
    canEdit: grant.edit,
    canDelete: grant.delete,
    canExport: grant.export,
    actions: grant.actions,
    hiddenFields: grant.hiddenFields,
    editFields: grant.editFields,
    rowRule: grant.rowRule,
  };
}

async function writeRoles(tx: Database, before: ConfigDocument, after: ConfigDocument): Promise<void> {
  for (const [code, role] of Object.entries(after.roles)) {
    const old = before.roles[code];
    if (same(old, role)) continue;
    const values = { name: role.name, description: role.description, isAdmin: role.isAdmin };
    await tx
      .insert(roles)
      .values({ code, ...values })
      .onConflictDoUpdate({ target: roles.code, set: values });
    if (old && same(old.grants, role.grants)) continue;
    await tx.delete(roleGrants).where(eq(roleGrants.roleCode, code));
    const rows = Object.entries(role.grants).map(([target, grant]) => grantValues(code, target, grant));
    if (rows.length > 0) await tx.insert(roleGrants).values(rows);
  }
  const removed = Object.keys(before.roles).filter((code) => !(code in after.roles));
  // Grants go with their role (the foreign key cascades); users keep the code, which grants nothing.
  if (removed.length > 0) await tx.delete(roles).where(inArray(roles.code, removed));
}

async function writeSettings(tx: Database, before: ConfigDocument, after: ConfigDocument): Promise<void> {
  for (const name of SETTING_NAMES) {
    const value = after.settings[name];
    if (same(before.settings[name], value)) continue;
    const key = SETTINGS_BY_KEY[name];
    if (value === undefined) {
      await tx.delete(appSettings).where(eq(appSettings.key, key));
      continue;
    }
    await tx
      .insert(appSettings)
      .values({ key, value })
      .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: new Date() } });
  }
}

/**
 * Makes the tables hold `after`, given that they hold `before`: only what differs is written. Runs in
 * the caller's transaction, so that a failure anywhere leaves the previous configuration whole.
 */
export async function writeConfiguration(
  tx: Database,
  before: ConfigDocument,
  after: ConfigDocument,
): Promise<void> {
  await writeScreens(tx, before, after);
  await writeMenus(tx, before, after);
  await writeTranslations(tx, before, after);
  await writeRoles(tx, before, after);
  await writeSettings(tx, before, after);
}
