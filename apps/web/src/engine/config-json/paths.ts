import type { JsonNode, TextSpan } from './json-text';

/** Where an issue of a value is shown in its text, and whether the whole path was found there. */
export type PathLocation = TextSpan & { found: boolean };

/** The span that stands for a node: its key when it has one, else its first token (a whole scalar). */
function markOf(node: JsonNode): TextSpan {
  if (node.key) return node.key;
  if (node.members || node.items) return { from: node.from, to: node.from + 1 };
  return { from: node.from, to: node.to };
}

function child(node: JsonNode, segment: string | number): JsonNode | undefined {
  if (node.members) return node.members.get(String(segment));
  if (node.items) {
    const index = typeof segment === 'number' ? segment : /^\d+$/.test(segment) ? Number(segment) : -1;
    return index >= 0 ? node.items[index] : undefined;
  }
  return undefined;
}

/**
 * Where the value at `path` is written: the key of that member (`"color"` for
 * `["more", "button", "color"]`), an array item's first token, or the root's. A path that goes on
 * past what the text holds (a required key missing) points at the deepest part that is there: the
 * object that lacks the key.
 */
export function locateJsonPath(root: JsonNode, path: readonly (string | number)[]): PathLocation {
  let node = root;
  for (const segment of path) {
    const next = child(node, segment);
    if (!next) return { ...markOf(node), found: false };
    node = next;
  }
  return { ...markOf(node), found: true };
}

/**
 * A dotted path (`columns.Price.more.button.color`, as the server names an issue) as the keys of the
 * text: a key that itself holds dots (a text's key "Saved." or a field name) is matched as one key
 * when the text has it. Segments past what the text holds are split at every dot.
 */
export function splitDottedPath(root: JsonNode, dotted: string): string[] {
  if (dotted === '') return [];
  const parts = dotted.split('.');
  const path: string[] = [];
  let node: JsonNode | undefined = root;
  let index = 0;
  while (index < parts.length) {
    let taken = 1;
    if (node?.members) {
      for (let length = parts.length - index; length > 1; length--) {
        if (node.members.has(parts.slice(index, index + length).join('.'))) {
          taken = length;
          break;
        }
      }
    }
    const segment = parts.slice(index, index + taken).join('.');
    path.push(segment);
    node = node ? child(node, segment) : undefined;
    index += taken;
  }
  return path;
}

/**
 * The part of an issue's dotted path inside an item (`screens.products.columns.Price` within
 * `["screens", "products"]` is `columns.Price`; the item itself is ''), or null when the issue is
 * about something else.
 */
export function pathWithinItem(item: readonly string[], dotted: string): string | null {
  const prefix = item.join('.');
  if (dotted === prefix) return '';
  return dotted.startsWith(`${prefix}.`) ? dotted.slice(prefix.length + 1) : null;
}

/** Line and column (both from 1) of an offset in a text. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(offset, text.length);
  for (let index = 0; index < end; index++) {
    if (text.charCodeAt(index) === 10) {
      line++;
      lineStart = index + 1;
    }
  }
  return { line, column: end - lineStart + 1 };
}

/**
 * Whether an issue of the whole document (from `Configuration/Check`) counts against publishing the
 * draft: the server answers a publish for the drafted items and for the rules between items (a path
 * of one segment such as `roles`: an administrator role kept), not for an older item a later rule of
 * the schema refuses.
 */
export function blocksPublishing(issuePath: string, drafted: readonly (readonly string[])[]): boolean {
  if (!issuePath.includes('.')) return true;
  return drafted.some((item) => pathWithinItem(item, issuePath) !== null);
}
