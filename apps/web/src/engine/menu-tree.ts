import type { ConfigChange, ConfigMenuEntry } from '@panelwright/contract';

/**
 * The studio's menu editor, without the screen: a menu is a tree of entries in display order, each
 * named by a code unique in its menu. Every operation returns a new tree (the old one is untouched)
 * or null when the move is not possible from where the entry is, so a key press that cannot move an
 * entry changes nothing.
 */
export type MenuTree = readonly ConfigMenuEntry[];

/** Where an entry is: its parent (null at the top), its index among its siblings and how many they are. */
export type EntryPlace = {
  entry: ConfigMenuEntry;
  parent: ConfigMenuEntry | null;
  index: number;
  siblings: number;
  depth: number;
};

/** A group is an entry without an address: the product shows it as a heading over its entries. */
export const isMenuGroup = (entry: Pick<ConfigMenuEntry, 'url'>) => entry.url === '';

/** Finds an entry by code, anywhere in the tree. */
export function findEntry(tree: MenuTree, code: string): EntryPlace | null {
  const walk = (entries: MenuTree, parent: ConfigMenuEntry | null, depth: number): EntryPlace | null => {
    for (const [index, entry] of entries.entries()) {
      if (entry.code === code) return { entry, parent, index, siblings: entries.length, depth };
      const inside = walk(entry.children, entry, depth + 1);
      if (inside) return inside;
    }
    return null;
  };
  return walk(tree, null, 0);
}

/** Every entry in display order (depth first), with its depth. */
export function flattenTree(tree: MenuTree): { entry: ConfigMenuEntry; depth: number }[] {
  const rows: { entry: ConfigMenuEntry; depth: number }[] = [];
  const walk = (entries: MenuTree, depth: number) => {
    for (const entry of entries) {
      rows.push({ entry, depth });
      walk(entry.children, depth + 1);
    }
  };
  walk(tree, 0);
  return rows;
}

/** The list that holds the children of `parentCode` (the top when null), changed by `change`. */
function withChildren(
  tree: MenuTree,
  parentCode: string | null,
  change: (children: readonly ConfigMenuEntry[]) => ConfigMenuEntry[],
): ConfigMenuEntry[] | null {
  if (parentCode === null) return change(tree);
  let found = false;
  const walk = (entries: MenuTree): ConfigMenuEntry[] =>
    entries.map((entry) => {
      if (entry.code === parentCode) {
        found = true;
        return { ...entry, children: change(entry.children) };
      }
      return entry.children.length > 0 ? { ...entry, children: walk(entry.children) } : entry;
    });
  const next = walk(tree);
  return found ? next : null;
}

/**
 * Puts an entry into `parentCode`'s entries (the top when null) at `index` (clamped; the end when
 * omitted). Null when the parent does not exist or the code is taken already.
 */
export function insertEntry(
  tree: MenuTree,
  parentCode: string | null,
  entry: ConfigMenuEntry,
  index?: number,
): ConfigMenuEntry[] | null {
  if (findEntry(tree, entry.code)) return null;
  return withChildren(tree, parentCode, (children) => {
    const at = Math.max(0, Math.min(index ?? children.length, children.length));
    return [...children.slice(0, at), entry, ...children.slice(at)];
  });
}

/** The tree without the entry (and the entries under it); null when there is no such entry. */
export function removeEntry(tree: MenuTree, code: string): ConfigMenuEntry[] | null {
  const place = findEntry(tree, code);
  if (!place) return null;
  return withChildren(tree, place.parent?.code ?? null, (children) =>
    children.filter((entry) => entry.code !== code),
  );
}

/** The entry's own fields changed (its code too, if that stays unique); its children stay. */
export function updateEntry(
  tree: MenuTree,
  code: string,
  fields: Partial<Omit<ConfigMenuEntry, 'children'>>,
): ConfigMenuEntry[] | null {
  const place = findEntry(tree, code);
  if (!place) return null;
  if (fields.code !== undefined && fields.code !== code && findEntry(tree, fields.code)) return null;
  return withChildren(tree, place.parent?.code ?? null, (children) =>
    children.map((entry) =>
      entry.code === code ? { ...entry, ...fields, children: entry.children } : entry,
    ),
  );
}

/** Whether `code` is `ancestor` or an entry under it. */
function isWithin(tree: MenuTree, code: string, ancestor: string): boolean {
  const top = findEntry(tree, ancestor);
  return top !== null && (code === ancestor || findEntry(top.entry.children, code) !== null);
}

/**
 * Moves an entry to `parentCode`'s entries at `index` (an index of the list as it is before the
 * move). Null when the entry or the parent does not exist, or the parent is the entry or under it.
 */
export function moveEntry(
  tree: MenuTree,
  code: string,
  parentCode: string | null,
  index: number,
): ConfigMenuEntry[] | null {
  const place = findEntry(tree, code);
  if (!place) return null;
  if (parentCode !== null && (!findEntry(tree, parentCode) || isWithin(tree, parentCode, code))) return null;
  const sameList = (place.parent?.code ?? null) === parentCode;
  // Taking the entry out first shifts the entries after it by one.
  const at = sameList && index > place.index ? index - 1 : index;
  const without = removeEntry(tree, code);
  return without && insertEntry(without, parentCode, place.entry, at);
}

/** One place up among its siblings; null at the first place. */
export function moveUp(tree: MenuTree, code: string): ConfigMenuEntry[] | null {
  const place = findEntry(tree, code);
  if (!place || place.index === 0) return null;
  return moveEntry(tree, code, place.parent?.code ?? null, place.index - 1);
}

/** One place down among its siblings; null at the last place. */
export function moveDown(tree: MenuTree, code: string): ConfigMenuEntry[] | null {
  const place = findEntry(tree, code);
  if (!place || place.index === place.siblings - 1) return null;
  return moveEntry(tree, code, place.parent?.code ?? null, place.index + 2);
}

/** Out of its group, to just after it; null at the top. */
export function moveOut(tree: MenuTree, code: string): ConfigMenuEntry[] | null {
  const place = findEntry(tree, code);
  if (!place?.parent) return null;
  const group = findEntry(tree, place.parent.code);
  if (!group) return null;
  return moveEntry(tree, code, group.parent?.code ?? null, group.index + 1);
}

/** Into the group just above it, as its last entry; null when the entry above is not a group. */
export function moveIn(tree: MenuTree, code: string): ConfigMenuEntry[] | null {
  const place = findEntry(tree, code);
  if (!place || place.index === 0) return null;
  const siblings = place.parent ? place.parent.children : tree;
  const above = siblings[place.index - 1];
  if (!above || !isMenuGroup(above)) return null;
  return moveEntry(tree, code, above.code, above.children.length);
}

/** Every code of the tree. */
export const menuCodes = (tree: MenuTree): Set<string> =>
  new Set(flattenTree(tree).map(({ entry }) => entry.code));

/**
 * A code for a new entry, made from its name (`Sales report` → `sales-report`), with a number
 * added when the menu has it already.
 */
export function newEntryCode(tree: MenuTree, name: string): string {
  const taken = menuCodes(tree);
  const base =
    name
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/đ/g, 'd')
      .replace(/Đ/g, 'D')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 56) || 'entry';
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const code = `${base}-${n}`;
    if (!taken.has(code)) return code;
  }
}

/** The groups an entry can be put into: every group of the tree with its depth, in display order. */
export const menuGroups = (tree: MenuTree) => flattenTree(tree).filter(({ entry }) => isMenuGroup(entry));

/**
 * The codes of the entries a draft changes in one menu (the server's changes name the entry; an
 * order change names the group whose entries moved, `''` for the top).
 */
export function changedEntries(changes: readonly ConfigChange[], menu: 'side' | 'app'): Set<string> {
  const codes = new Set<string>();
  for (const change of changes) {
    const [section, kind, code, field] = change.path;
    if (section !== 'menus' || kind !== menu || code === undefined) continue;
    if (field === 'order') {
      // The entries whose place among their siblings changed.
      const before = Array.isArray(change.before) ? (change.before as string[]) : [];
      const after = Array.isArray(change.after) ? (change.after as string[]) : [];
      after.forEach((entry, index) => {
        if (before[index] !== entry) codes.add(entry);
      });
    } else {
      codes.add(code);
    }
  }
  return codes;
}

/** Where an entry sits as the document's path names it (`1.children.0`), for the server's issues. */
export function indexPathOf(tree: MenuTree, code: string): string | null {
  const walk = (entries: MenuTree, prefix: string): string | null => {
    for (const [index, entry] of entries.entries()) {
      const at = `${prefix}${index}`;
      if (entry.code === code) return at;
      const inside = walk(entry.children, `${at}.children.`);
      if (inside) return inside;
    }
    return null;
  };
  return walk(tree, '');
}
