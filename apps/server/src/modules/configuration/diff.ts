import type { ConfigChange, ConfigDocument, ConfigMenuEntry } from '@panelwright/contract';
import { canonical } from './document';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Equal values: key order aside (PostgreSQL's jsonb keeps its own), lists in their order. */
export const same = (a: unknown, b: unknown) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

type Kind = ConfigChange['kind'];

function change(kind: Kind, item: string, path: string[], before: unknown, after: unknown): ConfigChange {
  const op = before === undefined ? 'add' : after === undefined ? 'remove' : 'change';
  return {
    kind,
    item,
    path,
    op,
    ...(before === undefined ? {} : { before }),
    ...(after === undefined ? {} : { after }),
  };
}

/**
 * The leaves that differ between two values, each as one change: objects are walked key by key,
 * anything else (texts, numbers, lists) compares whole.
 */
function leafChanges(
  kind: Kind,
  item: string,
  path: string[],
  before: unknown,
  after: unknown,
): ConfigChange[] {
  if (same(before, after)) return [];
  if (isPlainObject(before) && isPlainObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    return keys.flatMap((key) => leafChanges(kind, item, [...path, key], before[key], after[key]));
  }
  return [change(kind, item, path, before, after)];
}

/** Changes of keyed items: added and removed whole, changed ones by `inner`. */
function keyedChanges<T>(
  before: Record<string, T>,
  after: Record<string, T>,
  whole: (key: string, old: T | undefined, next: T | undefined) => ConfigChange,
  inner: (key: string, old: T, next: T) => ConfigChange[],
): ConfigChange[] {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return keys.flatMap((key) => {
    const old = before[key];
    const next = after[key];
    if (same(old, next)) return [];
    if (old === undefined || next === undefined) return [whole(key, old, next)];
    return inner(key, old, next);
  });
}

function screenChanges(before: ConfigDocument, after: ConfigDocument): ConfigChange[] {
  return keyedChanges(
    before.screens,
    after.screens,
    (code, old, next) => change('screen', code, ['screens', code], old, next),
    (code, old, next) => {
      const base = ['screens', code];
      const { columns: oldColumns, ...oldRest } = old;
      const { columns: newColumns, ...newRest } = next;
      return [
        ...leafChanges('screen', code, base, oldRest, newRest),
        ...keyedChanges(
          oldColumns,
          newColumns,
          (field, a, b) => change('column', code, [...base, 'columns', field], a, b),
          (field, a, b) => leafChanges('option', code, [...base, 'columns', field], a, b),
        ),
      ];
    },
  );
}

type FlatEntry = { entry: Omit<ConfigMenuEntry, 'children'>; parent: string | null; siblings: string[] };

/** Every entry of a menu by code: its own fields, its parent and the order of its siblings. */
function flatMenu(entries: readonly ConfigMenuEntry[]): Map<string, FlatEntry> {
  const flat = new Map<string, FlatEntry>();
  const walk = (list: readonly ConfigMenuEntry[], parent: string | null) => {
    const siblings = list.map((entry) => entry.code);
    for (const { children, ...entry } of list) {
      flat.set(entry.code, { entry, parent, siblings });
      walk(children, entry.code);
    }
  };
  walk(entries, null);
  return flat;
}

function menuChanges(before: ConfigDocument, after: ConfigDocument): ConfigChange[] {
  return (['side', 'app'] as const).flatMap((kind) => {
    if (same(before.menus[kind], after.menus[kind])) return [];
    const old = flatMenu(before.menus[kind]);
    const next = flatMenu(after.menus[kind]);
    const changes: ConfigChange[] = [];
    const codes = [...new Set([...old.keys(), ...next.keys()])];
    for (const code of codes) {
      const a = old.get(code);
      const b = next.get(code);
      const path = ['menus', kind, code];
      if (!a || !b) {
        changes.push(change('menu', `${kind}/${code}`, path, a?.entry, b?.entry));
        continue;
      }
      changes.push(...leafChanges('menu', `${kind}/${code}`, path, a.entry, b.entry));
      if (a.parent !== b.parent) {
        changes.push(change('menu', `${kind}/${code}`, [...path, 'parent'], a.parent, b.parent));
      }
    }
    // One change per group whose entries came in another order (not one per entry that moved up).
    const orders = new Map<string, [string[], string[]]>();
    for (const [code, b] of next) {
      const a = old.get(code);
      if (!a || a.parent !== b.parent) continue;
      const common = (list: string[], other: string[]) => list.filter((c) => other.includes(c));
      const group = b.parent ?? '';
      if (!orders.has(group))
        orders.set(group, [common(a.siblings, b.siblings), common(b.siblings, a.siblings)]);
    }
    for (const [group, [a, b]] of orders) {
      if (!same(a, b))
        changes.push(change('menu', `${kind}/${group || '(top)'}`, ['menus', kind, group, 'order'], a, b));
    }
    return changes;
  });
}

function translationChanges(before: ConfigDocument, after: ConfigDocument): ConfigChange[] {
  const flat = (document: ConfigDocument) => {
    const texts: Record<string, string> = {};
    for (const [language, namespaces] of Object.entries(document.translations)) {
      for (const [namespace, entries] of Object.entries(namespaces ?? {})) {
        for (const [key, text] of Object.entries(entries))
          texts[JSON.stringify([language, namespace, key])] = text;
      }
    }
    return texts;
  };
  const a = flat(before);
  const b = flat(after);
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].sort().flatMap((id) => {
    if (a[id] === b[id]) return [];
    const [language, namespace, key] = JSON.parse(id) as [string, string, string];
    return [
      change('text', `${language}/${namespace}`, ['translations', language, namespace, key], a[id], b[id]),
    ];
  });
}

function roleChanges(before: ConfigDocument, after: ConfigDocument): ConfigChange[] {
  return keyedChanges(
    before.roles,
    after.roles,
    (code, old, next) => change('role', code, ['roles', code], old, next),
    (code, old, next) => {
      const { grants: oldGrants, ...oldRest } = old;
      const { grants: newGrants, ...newRest } = next;
      return [
        ...leafChanges('role', code, ['roles', code], oldRest, newRest),
        ...keyedChanges(
          oldGrants,
          newGrants,
          (target, a, b) => change('grant', code, ['roles', code, 'grants', target], a, b),
          (target, a, b) => leafChanges('grant', code, ['roles', code, 'grants', target], a, b),
        ),
      ];
    },
  );
}

/** Collections by APIName: added or removed whole, changed ones field by field. */
function collectionChanges(before: ConfigDocument, after: ConfigDocument): ConfigChange[] {
  const byName = (document: ConfigDocument) =>
    Object.fromEntries((document.Collections ?? []).map((collection) => [collection.APIName, collection]));
  return keyedChanges(
    byName(before),
    byName(after),
    (name, old, next) => change('collection', name, ['Collections', name], old, next),
    (name, old, next) => {
      const { Fields: oldFields, ...oldRest } = old;
      const { Fields: newFields, ...newRest } = next;
      const fields = (list: typeof oldFields) => Object.fromEntries(list.map((field) => [field.Name, field]));
      return [
        ...leafChanges('collection', name, ['Collections', name], oldRest, newRest),
        ...keyedChanges(
          fields(oldFields),
          fields(newFields),
          (field, a, b) => change('field', name, ['Collections', name, 'Fields', field], a, b),
          (field, a, b) => leafChanges('field', name, ['Collections', name, 'Fields', field], a, b),
        ),
      ];
    },
  );
}

/**
 * What changes from one configuration to another, item by item and option by option: a screen, a
 * column or a role added or removed is one change; within a changed item, each value that differs.
 */
export function configChanges(before: ConfigDocument, after: ConfigDocument): ConfigChange[] {
  return [
    ...screenChanges(before, after),
    ...menuChanges(before, after),
    ...translationChanges(before, after),
    ...roleChanges(before, after),
    ...collectionChanges(before, after),
    ...leafChanges('setting', 'settings', ['settings'], before.settings, after.settings).map((c) => ({
      ...c,
      item: c.path[1] ?? 'settings',
    })),
  ];
}
