import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatJsonInline, formatJsonReadable, formatJsonText, readJsonText } from './json-text';

const errorOf = (text: string) => {
  const reading = readJsonText(text);
  return reading.ok ? null : reading.error;
};

describe('reading JSON text', () => {
  it('gives the value of valid JSON', () => {
    expect(readJsonText('{"a": [1, 2.5e3, "x\\u00e9", true, null]}')).toEqual({
      ok: true,
      value: { a: [1, 2500, 'xé', true, null] },
    });
  });

  it('names the line and column of the first mistake', () => {
    expect(errorOf('{\n  "a": 1,\n  b: 2\n}')).toEqual({
      line: 3,
      column: 3,
      reason: 'unexpected-character',
      found: 'b',
    });
    expect(errorOf("{'a': 1}")).toMatchObject({ line: 1, column: 2, found: "'" });
    expect(errorOf('[1, 2,]')).toMatchObject({ line: 1, column: 7, found: ']' });
    expect(errorOf('{"a": 01}')).toMatchObject({ line: 1, column: 8, found: '1' });
    expect(errorOf('{"a": "\\x"}')).toMatchObject({ line: 1, column: 9, found: 'x' });
    expect(errorOf('{"a": 1} x')).toMatchObject({ line: 1, column: 10, found: 'x' });
    expect(errorOf('{"a": tru}')).toMatchObject({ line: 1, column: 10, found: '}' });
  });

  it('says when the text ends too early', () => {
    expect(errorOf('{"a": [1, 2')).toEqual({ line: 1, column: 12, reason: 'unexpected-end', found: '' });
    expect(errorOf('')).toMatchObject({ line: 1, column: 1, reason: 'unexpected-end' });
  });

  it('agrees with the browser on what is JSON', () => {
    fc.assert(
      fc.property(fc.json(), (text) => {
        expect(readJsonText(text)).toEqual({ ok: true, value: JSON.parse(text) });
      }),
    );
    // Cutting valid JSON short, or adding a stray character, is refused with a place inside the text.
    fc.assert(
      fc.property(fc.json(), fc.nat(), (text, cut) => {
        const broken = `${text.slice(0, cut % (text.length + 1))}§`;
        const error = errorOf(broken);
        expect(error).not.toBeNull();
        expect(error?.line).toBeGreaterThanOrEqual(1);
        expect(error?.column).toBeGreaterThanOrEqual(1);
      }),
    );
  });
});

describe('showing JSON', () => {
  it('pretty-prints values and JSON text of objects', () => {
    expect(formatJsonText({ a: 1 })).toBe('{\n  "a": 1\n}');
    expect(formatJsonText('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(formatJsonText('not json')).toBe('not json');
    expect(formatJsonText(null)).toBe('');
    expect(formatJsonText([1])).toBe('[\n  1\n]');
  });

  it('puts JSON on one spaced line for cells', () => {
    expect(formatJsonInline({ a: 1, b: { c: 'x y' } })).toBe('{ "a": 1, "b": { "c": "x y" } }');
  });
});

describe('JSON as people read it', () => {
  it('shows key: value pairs, lists and nested objects on one line, numbers with the product symbols', () => {
    expect(formatJsonReadable({ weightKg: 0.1, origin: 'DE' })).toBe('weightKg: 0,1 · origin: DE');
    expect(formatJsonReadable('{"size":[1,2],"box":{"w":1250.5,"h":null}}')).toBe(
      'size: 1, 2 · box: (w: 1.250,5, h: –)',
    );
    expect(formatJsonReadable([{ a: 1 }, 'b'])).toBe('(a: 1), b');
    expect(formatJsonReadable('not json')).toBe('not json');
    expect(formatJsonReadable('"text"')).toBe('"text"');
    expect(formatJsonReadable(null)).toBe('');
  });
});
