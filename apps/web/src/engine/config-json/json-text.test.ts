import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseJsonText, sameJsonValue } from './json-text';
import { blocksPublishing, lineAndColumn, locateJsonPath, pathWithinItem, splitDottedPath } from './paths';

const SCREEN = `{
  "title": "Products",
  "columns": {
    "Price": {
      "more": {
        "button": { "color": "not-a-colour" }
      }
    }
  },
  "columnOrder": ["Sku", "Name"]
}`;

const parsed = (text: string) => {
  const result = parseJsonText(text);
  if (!result.ok) throw new Error(`not parsed: ${result.error.words.text}`);
  return result;
};

/** The text an error or a location points at, and its line. */
const at = (text: string, span: { from: number; to: number }) => ({
  text: text.slice(span.from, span.to),
  line: lineAndColumn(text, span.from).line,
});

describe('parseJsonText', () => {
  it('reads what JSON.parse reads, with the same value', () => {
    for (const text of [
      SCREEN,
      '[]',
      '{}',
      '"é\\u00e9\\n"',
      '-0.5e-3',
      'true',
      ' null ',
      '[1, [2, {"a": [3]}]]',
    ]) {
      expect(parsed(text).value).toEqual(JSON.parse(text));
    }
  });

  it('agrees with JSON.parse on any value, indented or not, and on any text', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.boolean(), (value, indent) => {
        const text = JSON.stringify(value, null, indent ? 2 : undefined);
        expect(parsed(text).value).toEqual(JSON.parse(text));
      }),
      { numRuns: 200 },
    );
    const parses = (text: string) => {
      try {
        JSON.parse(text);
        return true;
      } catch {
        return false;
      }
    };
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'{}[]":,. 0123456789-eEtrufalsn\\\n') }), (text) => {
        const result = parseJsonText(text);
        // Only a key written twice is refused where JSON.parse reads on.
        if (!result.ok && result.error.words.text.includes('twice')) return;
        expect(result.ok).toBe(parses(text));
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps __proto__ a plain key', () => {
    const value = parsed('{"__proto__": {"polluted": true}}').value as Record<string, unknown>;
    expect(Object.keys(value)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it.each([
    ['', 'The text is empty: write a value.', ''],
    ['{"a": 1,}', 'Nothing follows this comma before {{close}}: remove it.', ','],
    ['[1, 2,]', 'Nothing follows this comma before {{close}}: remove it.', ','],
    ['{"a": 1 "b": 2}', 'A comma (,) or a closing brace (}) is expected here.', '"'],
    ['[1 2]', 'A comma (,) or a closing bracket (]) is expected here.', '2'],
    ['{a: 1}', 'A key in double quotes is expected here.', 'a'],
    ["{'a': 1}", 'Texts and keys need double quotes (").', "'"],
    ['{"a" 1}', 'A colon (:) is expected after the key.', '1'],
    ['{"a": 1', 'The text ends too early.', ''],
    ['{"a": "b}', 'This text has no closing quote.', '"b}'],
    ['{"a": "b\n"}', 'This text has no closing quote on its line (write \\n for a line break).', '"b'],
    ['"\\x"', '{{escape}} is not an escape of JSON.', '\\x'],
    ['"\\u12"', '\\u must be followed by four hexadecimal digits.', '\\u12"'],
    ['01', 'This is not a number of JSON (such as 12, -3.5 or 1e6).', '01'],
    ['.5', 'This is not a number of JSON (such as 12, -3.5 or 1e6).', '.'],
    [
      '{"a": yes}',
      '{{found}} is not a value: write a text in double quotes, a number, true, false or null.',
      'yes',
    ],
    ['{"a": 1} x', 'Nothing may follow the value.', 'x'],
    ['// note\n{}', 'JSON has no comments.', '//'],
    ['{"a": 1, "a": 2}', 'The key {{key}} is written twice.', '"a"'],
  ])('refuses %j in words, at the place', (text, words, marked) => {
    const result = parseJsonText(text);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.words.text).toBe(words);
    expect(text.slice(result.error.from, result.error.to)).toBe(marked);
    // JSON.parse agrees that it is not JSON, except for the key written twice (which it would drop).
    if (!words.includes('twice')) expect(() => JSON.parse(text)).toThrow();
  });

  it('names the key written twice and the escape it does not know', () => {
    const twice = parseJsonText('{"color": 1, "color": 2}');
    expect(twice.ok ? null : twice.error.words.values).toEqual({ key: 'color' });
    const unknownEscape = parseJsonText('"\\q"');
    expect(unknownEscape.ok ? null : unknownEscape.error.words.values).toEqual({ escape: '\\q' });
  });

  it('puts an error of a later line on that line', () => {
    const text = '{\n  "a": 1,\n  "b": [1, 2,]\n}';
    const result = parseJsonText(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(lineAndColumn(text, result.error.from)).toEqual({ line: 3, column: 13 });
  });
});

describe('locateJsonPath', () => {
  const { root } = parsed(SCREEN);

  it('points at the key of the value a path names, on its line', () => {
    expect(at(SCREEN, locateJsonPath(root, ['columns', 'Price', 'more', 'button', 'color']))).toEqual({
      text: '"color"',
      line: 6,
    });
    expect(at(SCREEN, locateJsonPath(root, ['title']))).toEqual({ text: '"title"', line: 2 });
    expect(locateJsonPath(root, ['title']).found).toBe(true);
  });

  it('points at an array item, by number or by digits', () => {
    expect(at(SCREEN, locateJsonPath(root, ['columnOrder', 1]))).toEqual({ text: '"Name"', line: 10 });
    expect(at(SCREEN, locateJsonPath(root, ['columnOrder', '0']))).toEqual({ text: '"Sku"', line: 10 });
  });

  it('points at the object that lacks a key the rules require', () => {
    const missing = locateJsonPath(root, ['columns', 'Price', 'more', 'button', 'label']);
    expect(missing.found).toBe(false);
    expect(at(SCREEN, missing)).toEqual({ text: '"button"', line: 6 });
    expect(at(SCREEN, locateJsonPath(root, ['uiType']))).toEqual({ text: '{', line: 1 });
    expect(locateJsonPath(root, []).found).toBe(true);
  });
});

describe('splitDottedPath', () => {
  it('splits at dots, keeping a key that holds dots whole where the text has it', () => {
    const { root } = parsed('{"texts": {"Saved.": "Đã lưu.", "a": {"b": 1}}, "list": [{"x": 1}]}');
    expect(splitDottedPath(root, 'texts.Saved.')).toEqual(['texts', 'Saved.']);
    expect(splitDottedPath(root, 'texts.a.b')).toEqual(['texts', 'a', 'b']);
    expect(splitDottedPath(root, 'list.0.x')).toEqual(['list', '0', 'x']);
    expect(splitDottedPath(root, 'missing.one.two')).toEqual(['missing', 'one', 'two']);
    expect(splitDottedPath(root, '')).toEqual([]);
  });
});

describe('pathWithinItem and blocksPublishing', () => {
  it('takes the item off an issue’s path, or says it is about something else', () => {
    const item = ['screens', 'products'];
    expect(pathWithinItem(item, 'screens.products.columns.Price.more.button.color')).toBe(
      'columns.Price.more.button.color',
    );
    expect(pathWithinItem(item, 'screens.products')).toBe('');
    expect(pathWithinItem(item, 'screens.products2.title')).toBeNull();
    expect(pathWithinItem(item, 'menus.side')).toBeNull();
  });

  it('counts the drafted items’ issues and the rules between items, not an older item’s', () => {
    const drafted = [
      ['screens', 'products'],
      ['menus', 'side'],
    ];
    expect(blocksPublishing('screens.products.columns.Nope', drafted)).toBe(true);
    expect(blocksPublishing('menus.side.0.code', drafted)).toBe(true);
    expect(blocksPublishing('roles', drafted)).toBe(true);
    expect(blocksPublishing('screens.orders.columns.Nope', drafted)).toBe(false);
    expect(blocksPublishing('screens.orders.columns.Nope', [])).toBe(false);
  });
});

describe('sameJsonValue', () => {
  it('sees values that differ only in their keys’ order as the same, and nothing else', () => {
    expect(
      sameJsonValue(
        { b: 1, a: { d: [1, { y: 2, x: 1 }], c: null } },
        { a: { c: null, d: [1, { x: 1, y: 2 }] }, b: 1 },
      ),
    ).toBe(true);
    expect(sameJsonValue([1, 2], [2, 1])).toBe(false);
    expect(sameJsonValue({ a: 1 }, { a: '1' })).toBe(false);
    expect(sameJsonValue({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(sameJsonValue(undefined, null)).toBe(false);
  });
});
