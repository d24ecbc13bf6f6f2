import type { ConfigChange } from '@panelwright/contract';

/** A text with `{{name}}` parts, and their values (translated by the caller). */
export type Words = { text: string; values?: Record<string, string> };

/** One difference, as a reader sees it: what changed inside the item, and its old and new values. */
export type ChangeLine = { op: ConfigChange['op']; target: Words; before?: string; after?: string };

/** The changes of one item (a screen, a menu, a language's texts, a role, the settings). */
export type ChangeGroup = { key: string; title: Words; lines: ChangeLine[] };

/** The longest value a line shows; the rest is cut with '…'. */
export const VALUE_TEXT_MAX = 120;

/**
 * A value as a reader sees it in a diff: texts as they are, numbers and booleans as written, lists
 * and objects as compact JSON; long ones cut.
 */
export function valueText(value: unknown): string {
  if (value === undefined) return '';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > VALUE_TEXT_MAX ? `${text.slice(0, VALUE_TEXT_MAX - 1)}…` : text;
}

const dotted = (path: readonly string[]) => path.join('.');

/** What a change is about inside its item, in words. */
function targetOf(change: ConfigChange): Words {
  const [section, , ...rest] = change.path;
  if (section === 'screens') {
    if (rest.length === 0) return { text: 'The screen' };
    if (rest[0] === 'columns') {
      const [, field, ...inside] = rest;
      return inside.length === 0
        ? { text: 'Column {{field}}', values: { field: field ?? '' } }
        : { text: 'Column {{field}}: {{option}}', values: { field: field ?? '', option: dotted(inside) } };
    }
    return { text: '{{field}}', values: { field: dotted(rest) } };
  }
  if (section === 'menus') {
    const [code, ...inside] = rest;
    if (inside[0] === 'order')
      return code
        ? { text: 'Order of the entries under {{entry}}', values: { entry: code } }
        : { text: 'Order of the top entries' };
    if (inside.length === 0) return { text: 'Entry {{entry}}', values: { entry: code ?? '' } };
    return { text: 'Entry {{entry}}: {{field}}', values: { entry: code ?? '', field: dotted(inside) } };
  }
  if (section === 'translations') {
    const [, key] = rest;
    return { text: '{{key}}', values: { key: key ?? '' } };
  }
  if (section === 'roles') {
    if (rest.length === 0) return { text: 'The role' };
    if (rest[0] === 'grants') {
      const [, target, ...inside] = rest;
      return inside.length === 0
        ? { text: 'Grant on {{target}}', values: { target: target ?? '' } }
        : { text: 'Grant on {{target}}: {{field}}', values: { target: target ?? '', field: dotted(inside) } };
    }
    return { text: '{{field}}', values: { field: dotted(rest) } };
  }
  if (section === 'Collections') {
    if (rest.length === 0) return { text: 'The collection' };
    if (rest[0] === 'Fields') {
      const [, field, ...inside] = rest;
      return inside.length === 0
        ? { text: 'Field {{field}}', values: { field: field ?? '' } }
        : { text: 'Field {{field}}: {{option}}', values: { field: field ?? '', option: dotted(inside) } };
    }
    return { text: '{{field}}', values: { field: dotted(rest) } };
  }
  return { text: '{{field}}', values: { field: dotted(change.path.slice(1)) } };
}

/** The item a change belongs to, with its heading. */
function groupOf(change: ConfigChange): { key: string; title: Words } {
  const [section, name, third] = change.path;
  const item = name ?? '';
  switch (section) {
    case 'screens':
      return { key: `screens/${item}`, title: { text: 'Screen {{code}}', values: { code: item } } };
    case 'menus':
      return { key: `menus/${item}`, title: { text: item === 'app' ? 'App menu' : 'Side menu' } };
    case 'translations':
      return {
        key: `translations/${item}/${third ?? ''}`,
        title: {
          text: 'Texts in {{language}}: {{namespace}}',
          values: { language: item === 'vn' ? 'Tiếng Việt' : 'English', namespace: third ?? '' },
        },
      };
    case 'roles':
      return { key: `roles/${item}`, title: { text: 'Role {{code}}', values: { code: item } } };
    case 'Collections':
      return { key: `collections/${item}`, title: { text: 'Collection {{name}}', values: { name: item } } };
    default:
      return { key: 'settings', title: { text: 'Settings' } };
  }
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether a path names a whole item (a screen, a role, a menu entry): it is shown by its name alone. */
const isWholeItem = (path: readonly string[]) =>
  path.length === 2 || (path[0] === 'menus' && path.length === 3 && path[2] !== 'order');

/**
 * A column, grant or option object added or removed, as one change per value it holds: people read
 * "Column Price: header: Unit price", never the object's JSON. A whole item keeps one line, with its
 * title or name for value.
 */
function leaves(change: ConfigChange): ConfigChange[] {
  const value = change.op === 'add' ? change.after : change.before;
  if (change.op === 'change' || !isPlainObject(value)) return [change];
  if (isWholeItem(change.path)) {
    const name = value.title ?? value.name ?? (isPlainObject(value.Title) ? value.Title.en : undefined);
    return [{ ...change, ...(change.op === 'add' ? { after: name ?? '' } : { before: name ?? '' }) }];
  }
  return Object.entries(value).flatMap(([key, inner]) =>
    leaves({
      ...change,
      path: [...change.path, key],
      ...(change.op === 'add' ? { after: inner } : { before: inner }),
    }),
  );
}

/**
 * A diff for people: the changes grouped by the item they belong to, in the order they came (the
 * server's: screens, menus, texts, roles, settings), each line saying what changed and from what to what.
 */
export function groupChanges(changes: readonly ConfigChange[]): ChangeGroup[] {
  const groups = new Map<string, ChangeGroup>();
  for (const change of changes.flatMap(leaves)) {
    const { key, title } = groupOf(change);
    let group = groups.get(key);
    if (!group) {
      group = { key, title, lines: [] };
      groups.set(key, group);
    }
    group.lines.push({
      op: change.op,
      target: targetOf(change),
      ...(change.before === undefined ? {} : { before: valueText(change.before) }),
      ...(change.after === undefined ? {} : { after: valueText(change.after) }),
    });
  }
  return [...groups.values()];
}
