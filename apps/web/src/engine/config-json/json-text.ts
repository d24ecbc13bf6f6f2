import type { Words } from '../config-changes';

/** A stretch of the text: `from` inclusive, `to` exclusive, both offsets in UTF-16 units. */
export type TextSpan = { from: number; to: number };

/** Where a value sits in a JSON text: its own span, its key's (for an object's member) and its parts. */
export type JsonNode = TextSpan & {
  key?: TextSpan;
  /** An object's members by key. */
  members?: Map<string, JsonNode>;
  /** An array's items. */
  items?: JsonNode[];
};

/** Why a text is not JSON, in words, and where. */
export type JsonSyntaxError = TextSpan & { words: Words };

export type ParsedJsonText =
  | { ok: true; value: unknown; root: JsonNode }
  | { ok: false; error: JsonSyntaxError };

class SyntaxFailure extends Error {
  constructor(readonly detail: JsonSyntaxError) {
    super(detail.words.text);
  }
}

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const WORD = /[A-Za-z_$][\w$]*/y;

/**
 * Reads a JSON text as JSON.parse does (the same grammar, nothing more: no comments, no trailing
 * commas, no single quotes), and says where each value and key is, so that an issue found in the
 * value can be shown at its line. A key written twice is refused: JSON.parse would keep the last one
 * silently, and the first one's edit would be lost without a word.
 */
export function parseJsonText(text: string): ParsedJsonText {
  let at = 0;
  const fail = (from: number, to: number, words: Words): never => {
    throw new SyntaxFailure({ from, to: Math.max(to, from), words });
  };
  const skipWhitespace = () => {
    while (at < text.length && WHITESPACE.has(text[at] as string)) at++;
  };
  const endTooEarly = (): never => fail(text.length, text.length, { text: 'The text ends too early.' });

  const readString = (): TextSpan & { text: string } => {
    const from = at;
    at++;
    let value = '';
    while (true) {
      if (at >= text.length) fail(from, text.length, { text: 'This text has no closing quote.' });
      const char = text[at] as string;
      if (char === '"') {
        at++;
        return { from, to: at, text: value };
      }
      if (char === '\n' || char === '\r')
        fail(from, at, { text: 'This text has no closing quote on its line (write \\n for a line break).' });
      if (char < ' ')
        fail(at, at + 1, { text: 'A control character inside a text: write it as \\t or \\n.' });
      if (char === '\\') {
        const next = text[at + 1];
        if (next === undefined) endTooEarly();
        if (next === 'u') {
          const hex = text.slice(at + 2, at + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(hex))
            fail(at, at + 2 + hex.length, { text: '\\u must be followed by four hexadecimal digits.' });
          value += String.fromCharCode(Number.parseInt(hex, 16));
          at += 6;
          continue;
        }
        if (!ESCAPES.has(next as string))
          fail(at, at + 2, { text: '{{escape}} is not an escape of JSON.', values: { escape: `\\${next}` } });
        value += next === 'n' ? '\n' : next === 't' ? '\t' : next === 'r' ? '\r' : next;
        at += 2;
        continue;
      }
      value += char;
      at++;
    }
  };

  const unexpected = (what: Words): never => {
    if (at >= text.length) endTooEarly();
    const char = text[at] as string;
    if (char === "'") fail(at, at + 1, { text: 'Texts and keys need double quotes (").' });
    if (char === '/' && (text[at + 1] === '/' || text[at + 1] === '*'))
      fail(at, at + 2, { text: 'JSON has no comments.' });
    WORD.lastIndex = at;
    const word = WORD.exec(text);
    return fail(at, at + (word ? word[0].length : 1), what);
  };

  const readValue = (): JsonNode => {
    skipWhitespace();
    if (at >= text.length) endTooEarly();
    const char = text[at] as string;
    const from = at;
    if (char === '{') return readObject();
    if (char === '[') return readArray();
    if (char === '"') {
      const string = readString();
      return { from: string.from, to: string.to };
    }
    NUMBER.lastIndex = at;
    const number = NUMBER.exec(text);
    if (number && (char === '-' || (char >= '0' && char <= '9'))) {
      at += number[0].length;
      if (at < text.length && /[\d.eE+-]/.test(text[at] as string))
        fail(from, at + 1, { text: 'This is not a number of JSON (such as 12, -3.5 or 1e6).' });
      return { from, to: at };
    }
    if (char === '-' || (char >= '0' && char <= '9') || char === '.' || char === '+')
      fail(from, from + 1, { text: 'This is not a number of JSON (such as 12, -3.5 or 1e6).' });
    for (const literal of ['true', 'false', 'null']) {
      if (text.startsWith(literal, at)) {
        at += literal.length;
        return { from, to: at };
      }
    }
    WORD.lastIndex = at;
    const word = WORD.exec(text);
    if (word)
      fail(from, from + word[0].length, {
        text: '{{found}} is not a value: write a text in double quotes, a number, true, false or null.',
        values: { found: word[0] },
      });
    return unexpected({ text: 'A value is expected here.' });
  };

  const trailingComma = (comma: number, close: string) =>
    fail(comma, comma + 1, {
      text: 'Nothing follows this comma before {{close}}: remove it.',
      values: { close },
    });

  const readObject = (): JsonNode => {
    const from = at;
    at++;
    const members = new Map<string, JsonNode>();
    skipWhitespace();
    if (text[at] === '}') {
      at++;
      return { from, to: at, members };
    }
    let comma = -1;
    while (true) {
      skipWhitespace();
      if (text[at] === '}' && comma >= 0) trailingComma(comma, '}');
      if (text[at] !== '"') unexpected({ text: 'A key in double quotes is expected here.' });
      const key = readString();
      if (members.has(key.text))
        fail(key.from, key.to, { text: 'The key {{key}} is written twice.', values: { key: key.text } });
      skipWhitespace();
      if (text[at] !== ':') unexpected({ text: 'A colon (:) is expected after the key.' });
      at++;
      const value = readValue();
      members.set(key.text, { ...value, key: { from: key.from, to: key.to } });
      skipWhitespace();
      if (text[at] === ',') {
        comma = at;
        at++;
        continue;
      }
      if (text[at] === '}') {
        at++;
        return { from, to: at, members };
      }
      unexpected({ text: 'A comma (,) or a closing brace (}) is expected here.' });
    }
  };

  const readArray = (): JsonNode => {
    const from = at;
    at++;
    const items: JsonNode[] = [];
    skipWhitespace();
    if (text[at] === ']') {
      at++;
      return { from, to: at, items };
    }
    let comma = -1;
    while (true) {
      skipWhitespace();
      if (text[at] === ']' && comma >= 0) trailingComma(comma, ']');
      items.push(readValue());
      skipWhitespace();
      if (text[at] === ',') {
        comma = at;
        at++;
        continue;
      }
      if (text[at] === ']') {
        at++;
        return { from, to: at, items };
      }
      unexpected({ text: 'A comma (,) or a closing bracket (]) is expected here.' });
    }
  };

  try {
    skipWhitespace();
    if (at >= text.length) fail(0, 0, { text: 'The text is empty: write a value.' });
    const root = readValue();
    skipWhitespace();
    if (at < text.length) fail(at, at + 1, { text: 'Nothing may follow the value.' });
    // The grammar read above is JSON's, so JSON.parse agrees; it builds the value (keys such as
    // __proto__ stay plain keys).
    return { ok: true, value: JSON.parse(text), root };
  } catch (error) {
    if (error instanceof SyntaxFailure) return { ok: false, error: error.detail };
    throw error;
  }
}

/** A value as JSON with every object's keys sorted: two values are the same when these are. */
function sortedJson(value: unknown): string {
  return JSON.stringify(value, (_, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

/**
 * Whether two values are the same configuration: the server stores an item with its keys sorted, so a
 * value read back after a save differs from what was typed only in its keys' order.
 */
export function sameJsonValue(a: unknown, b: unknown): boolean {
  return sortedJson(a) === sortedJson(b);
}
