import type {
  ConfigColumn,
  ConfigDocument,
  ConfigMenuEntry,
  ConfigRole,
  ConfigScreen,
} from '@panelwright/contract';

/** A screen as the studio's list shows it. */
export type ScreenListEntry = { code: string; title: string; uiType: string; uiUrl: string };

/** Screens under the side menu's group that opens them; the rest under `null` (no menu entry). */
export type ScreenGroup = { group: string | null; screens: ScreenListEntry[] };

/** The side menu's entries as group → addresses (an entry of the top level is its own group). */
function addressesByGroup(entries: readonly ConfigMenuEntry[]): Map<string, Set<string>> {
  const groups = new Map<string, Set<string>>();
  const walk = (list: readonly ConfigMenuEntry[], group: string) => {
    for (const entry of list) {
      if (entry.url) {
        const set = groups.get(group) ?? new Set<string>();
        set.add(entry.url);
        groups.set(group, set);
      }
      walk(entry.children, group);
    }
  };
  for (const entry of entries) walk([entry], entry.name);
  return groups;
}

/** Whether a screen matches what was typed in the list's search box (title, code or address). */
export function matchesScreen(entry: ScreenListEntry, query: string): boolean {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const text = `${entry.title} ${entry.code} ${entry.uiUrl}`.toLowerCase();
  return words.every((word) => text.includes(word));
}

/**
 * The screens of a configuration grouped as the side menu opens them (its groups in menu order), then
 * the screens no entry opens; screens that are parts of another (tabs, widgets) are left out.
 */
export function screenGroups(document: ConfigDocument, query = ''): ScreenGroup[] {
  const entries: ScreenListEntry[] = Object.entries(document.screens)
    .filter(([, screen]) => screen.parent === null)
    .map(([code, screen]) => ({ code, title: screen.title, uiType: screen.uiType, uiUrl: screen.uiUrl }))
    .filter((entry) => matchesScreen(entry, query));
  const placed = new Set<string>();
  const groups: ScreenGroup[] = [];
  for (const [group, urls] of addressesByGroup(document.menus.side)) {
    const screens = entries.filter(
      (entry) => entry.uiUrl && urls.has(entry.uiUrl) && !placed.has(entry.code),
    );
    for (const entry of screens) placed.add(entry.code);
    if (screens.length > 0) groups.push({ group, screens });
  }
  const rest = entries
    .filter((entry) => !placed.has(entry.code))
    .sort((a, b) => a.title.localeCompare(b.title));
  if (rest.length > 0) groups.push({ group: null, screens: rest });
  return groups;
}

/** The fields of a screen's columns in the order the table shows them: the configured order, then the rest as declared. */
export function columnOrder(declared: readonly string[], configured: readonly string[]): string[] {
  const known = new Set(declared);
  const ordered = configured.filter((field) => known.has(field));
  const placed = new Set(ordered);
  return [...ordered, ...declared.filter((field) => !placed.has(field))];
}

/** The order with one field moved by `offset` places (kept within the list). */
export function moveField(order: readonly string[], field: string, offset: number): string[] {
  const from = order.indexOf(field);
  if (from < 0) return [...order];
  const to = Math.max(0, Math.min(order.length - 1, from + offset));
  const next = [...order];
  next.splice(from, 1);
  next.splice(to, 0, field);
  return next;
}

/** The order with `field` put where `target` is (a drop). */
export function dropField(order: readonly string[], field: string, target: string): string[] {
  const to = order.indexOf(target);
  if (to < 0 || field === target) return [...order];
  return moveField(order, field, to - order.indexOf(field));
}

/** Drops the keys whose value is undefined (a setting given back to the declaration). */
function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/**
 * The screen with one column's settings changed: a key set to undefined goes back to the declared
 * value, and a column with nothing left is no longer configured.
 */
export function withColumnSetting(
  screen: ConfigScreen,
  field: string,
  patch: Partial<ConfigColumn>,
): ConfigScreen {
  const column = withoutUndefined({ ...screen.columns[field], ...patch });
  const columns = { ...screen.columns };
  if (Object.keys(column).length === 0) delete columns[field];
  else columns[field] = column;
  return { ...screen, columns };
}

/** A value of a nested option (`['button', 'color']`) of a column's `more`. */
export function optionValue(more: Record<string, unknown> | undefined, path: readonly string[]): unknown {
  let value: unknown = more;
  for (const key of path) {
    if (!value || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/**
 * `more` with one nested option set; undefined or an empty text removes it (false is a value: an
 * option whose default is true), and a group left empty goes too.
 */
export function withOptionValue(
  more: Record<string, unknown> | undefined,
  path: readonly string[],
  value: unknown,
): Record<string, unknown> | undefined {
  const [key, ...rest] = path;
  if (key === undefined) return more;
  const next: Record<string, unknown> = { ...more };
  const empty = value === undefined || value === '';
  if (rest.length === 0) {
    if (empty) delete next[key];
    else next[key] = value;
  } else {
    const inner = withOptionValue(next[key] as Record<string, unknown> | undefined, rest, value);
    if (inner === undefined) delete next[key];
    else next[key] = inner;
  }
  return Object.keys(next).length > 0 ? next : undefined;
}

/** A free code for a copy of a screen: `products-copy`, then `products-copy-2`... */
export function copyCode(code: string, taken: readonly string[]): string {
  const used = new Set(taken);
  const base = `${code}-copy`;
  if (!used.has(base)) return base;
  let index = 2;
  while (used.has(`${base}-${index}`)) index += 1;
  return `${base}-${index}`;
}

/** What the creator of a screen gives; everything else starts empty and is set in the editor. */
export type NewScreenParts = Pick<ConfigScreen, 'title' | 'uiUrl' | 'uiType' | 'apiName' | 'requestData'>;

/** A screen made from nothing: switched on, private, no columns configured (the declaration's apply). */
export function blankScreen(parts: NewScreenParts): ConfigScreen {
  return {
    ...parts,
    apiMethod: 'List',
    type: '',
    parent: null,
    orderNo: 0,
    isPublic: false,
    isEnabled: true,
    config: {},
    screenConfig: {},
    uiTypeContents: null,
    columns: {},
    columnOrder: [],
  };
}

/** Why a code cannot name a new screen (an English text for `t`), or null when it can. */
export function screenCodeProblem(code: string, taken: readonly string[]): string | null {
  if (code === '') return 'Give the screen a code.';
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(code)) return 'A code is 1 to 64 letters, digits, - or _.';
  if (taken.includes(code)) return 'There is a screen with this code already.';
  return null;
}

/** The request data typed as JSON: an object, or why it is not one (an English text for `t`). */
export function parseRequestData(text: string): { value: Record<string, unknown> } | { problem: string } {
  if (text.trim() === '') return { value: {} };
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value))
      return { value: value as Record<string, unknown> };
    return { problem: 'Request data is a JSON object, such as {"Status": 1}.' };
  } catch {
    return { problem: 'This is not JSON: check the quotes, commas and braces.' };
  }
}

/**
 * The first issue of each top-level key of a screen (`screens.orders.uiUrl` → `uiUrl`), so that a
 * form shows each under its field; issues of deeper parts stay under their first key.
 */
export function issuesByScreenField(
  code: string,
  issues: readonly { Path: string; Message: string }[],
): Record<string, string> {
  const prefix = `screens.${code}.`;
  const byField: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.Path.startsWith(prefix) ? issue.Path.slice(prefix.length).split('.')[0] : '';
    const key = field || '';
    byField[key] ??= issue.Message;
  }
  return byField;
}

/** One change a studio action makes to the draft: an item and its new value (null removes it). */
export type DraftSave = { item: string[]; value: unknown };

/**
 * The texts a language gives for a screen's own words (its namespace is its code), with one word's
 * text saved; an empty text removes it. Keys are the English words, as in the language files.
 */
export function textSaves(
  language: string,
  namespace: string,
  before: Readonly<Record<string, string>>,
  after: Readonly<Record<string, string>>,
): DraftSave[] {
  const saves: DraftSave[] = [];
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const was = before[key] ?? '';
    const now = (after[key] ?? '').trim();
    if (was === now || key.trim() === '') continue;
    saves.push({ item: ['translations', language, namespace, key], value: now === '' ? null : now });
  }
  return saves;
}

/**
 * What renaming a screen's code saves, in order: the screen under its new code, its parts pointed at
 * it, its texts moved to the new namespace, the roles' grants of it moved, then the old code removed (last, so that a refusal on the
 * way leaves the old screen in place).
 */
export function renameSaves(document: ConfigDocument, from: string, to: string): DraftSave[] {
  const screen = document.screens[from];
  if (!screen || from === to) return [];
  const saves: DraftSave[] = [{ item: ['screens', to], value: screen }];
  for (const [code, part] of Object.entries(document.screens)) {
    if (part.parent === from) saves.push({ item: ['screens', code], value: { ...part, parent: to } });
  }
  for (const [language, namespaces] of Object.entries(document.translations)) {
    const texts = namespaces?.[from] ?? {};
    for (const [key, text] of Object.entries(texts)) {
      saves.push({ item: ['translations', language, to, key], value: text });
      saves.push({ item: ['translations', language, from, key], value: null });
    }
  }
  for (const [code, role] of Object.entries(document.roles)) {
    const { [from]: grant, ...others } = role.grants;
    if (grant) saves.push({ item: ['roles', code], value: { ...role, grants: { ...others, [to]: grant } } });
  }
  saves.push({ item: ['screens', from], value: null });
  return saves;
}

/** The `[param]` parts of a screen's address, in order: `/orders/[id]` → `['id']`. */
export function addressParams(uiUrl: string): string[] {
  return [...uiUrl.matchAll(/\[([^\]/]+)\]/g)].map((match) => match[1] ?? '');
}

/** The address with each `[param]` given its value (URL-encoded; `1` where none is given). */
export function fillAddress(uiUrl: string, values: Readonly<Record<string, string>>): string {
  return uiUrl.replace(/\[([^\]/]+)\]/g, (_, name: string) =>
    encodeURIComponent(values[name]?.trim() || '1'),
  );
}

/**
 * The roles that may open a new screen unless the creator says otherwise: those that are not
 * administrators (who open everything) and may list the screen's resource.
 */
export function rolesOpeningByDefault(
  roles: Readonly<Record<string, ConfigRole>>,
  apiName: string,
): string[] {
  return Object.entries(roles)
    .filter(([, role]) => !role.isAdmin && apiName !== '' && role.grants[apiName]?.list === true)
    .map(([code]) => code);
}

/** A role with the grant to open a screen (a screen of no resource of its own needs its code granted). */
export function withScreenGrant(role: ConfigRole, screenCode: string): ConfigRole {
  return {
    ...role,
    grants: {
      ...role.grants,
      [screenCode]: {
        list: true,
        detail: false,
        add: false,
        edit: false,
        delete: false,
        export: false,
        actions: [],
        hiddenFields: [],
        editFields: [],
        rowRule: 'all',
      },
    },
  };
}

/** The buttons of a screen's header (`screenConfig.Header.buttonList`). */
export function headerButtons(screen: ConfigScreen): Record<string, unknown>[] {
  const header = (screen.screenConfig as Record<string, unknown>).Header as
    | Record<string, unknown>
    | undefined;
  return Array.isArray(header?.buttonList) ? (header.buttonList as Record<string, unknown>[]) : [];
}

/** The screen with its header's buttons replaced; no buttons left removes the list (and an empty header). */
export function withHeaderButtons(
  screen: ConfigScreen,
  buttons: readonly Record<string, unknown>[],
): ConfigScreen {
  const config = { ...(screen.screenConfig as Record<string, unknown>) };
  const header = { ...((config.Header as Record<string, unknown> | undefined) ?? {}) };
  if (buttons.length > 0) header.buttonList = [...buttons];
  else delete header.buttonList;
  if (Object.keys(header).length > 0) config.Header = header;
  else delete config.Header;
  return { ...screen, screenConfig: config as ConfigScreen['screenConfig'] };
}
