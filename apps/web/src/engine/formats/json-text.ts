import { formatNumber } from './number';
/** Where and why a text is not JSON: line and column count from 1, as editors show them. */
export type JsonTextError = { line: number; column: number; reason: JsonErrorReason; found: string };

/** The kinds of mistakes the message names (English keys of the translations). */
export type JsonErrorReason = 'unexpected-end' | 'unexpected-character';

/** The message of each reason (English keys of the translations, with line, column and found). */
export const JSON_ERROR_MESSAGES: Record<JsonErrorReason, string> = {
  'unexpected-end': 'Not valid JSON: the text ends too early (line {{line}}, column {{column}}).',
  'unexpected-character': 'Not valid JSON: unexpected {{found}} at line {{line}}, column {{column}}.',
};

export type JsonTextReading = { ok: true; value: unknown } | { ok: false; error: JsonTextError };

/**
 * Reads JSON text. The browser's own parser gives the value; when it refuses, a strict scan of the
 * grammar (RFC 8259) finds the first character that cannot be there, because the browsers' messages
 * differ and not all of them name a line and column.
 */
export function readJsonText(text: string): JsonTextReading {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, error: locate(text, firstJsonError(text)) };
  }
}

/** Pretty JSON text (two spaces) of a value; text that holds valid JSON is shown the same way. */
export function formatJsonText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string') {
    const reading = readJsonText(value);
    // A JSON string value shows as JSON ("text"); text that is no JSON stays as it is.
    return reading.ok && typeof reading.value === 'object' && reading.value !== null
      ? JSON.stringify(reading.value, null, 2)
      : value;
  }
  return JSON.stringify(value, null, 2) ?? '';
}

/** JSON on one line, spaced for reading (`{ "a": 1, "b": [ 2 ] }`): how a cell shows a JSON value. */
export function formatJsonInline(value: unknown): string {
  return formatJsonText(value).replace(/\n\s*/g, ' ');
}

/** Digits enough for any measured value, written with the product's symbols. */
const READABLE_NUMBER = '0,0.[000000]';

function readablePart(value: unknown, nested: boolean): string {
  if (value === null || value === undefined) return '–';
  if (typeof value === 'number') return formatNumber(value, READABLE_NUMBER);
  if (Array.isArray(value)) return value.map((item) => readablePart(item, true)).join(', ');
  if (typeof value === 'object') {
    const text = Object.entries(value as Record<string, unknown>)
      .map(([key, item]) => `${key}: ${readablePart(item, true)}`)
      .join(nested ? ', ' : ' · ');
    return nested ? `(${text})` : text;
  }
  return String(value);
}

/**
 * A JSON value as people read it on one line: `key: value · key: value`, lists as `a, b`, nested
 * objects in brackets, numbers with the product's symbols. Text that is no JSON stays as it is.
 */
export function formatJsonReadable(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  let parsed = value;
  if (typeof value === 'string') {
    const reading = readJsonText(value);
    if (!reading.ok || typeof reading.value !== 'object' || reading.value === null) return value;
    parsed = reading.value;
  }
  return readablePart(parsed, false);
}

function locate(text: string, offset: number): JsonTextError {
  const before = text.slice(0, offset);
  const lines = before.split('\n');
  const found = Array.from(text.slice(offset))[0] ?? '';
  return {
    line: lines.length,
    column: Array.from(lines[lines.length - 1] ?? '').length + 1,
    reason: offset >= text.length ? 'unexpected-end' : 'unexpected-character',
    found,
  };
}

/** The offset of the first character the JSON grammar does not allow there (text.length at the end). */
function firstJsonError(text: string): number {
  let at = 0;
  class Stop {
    constructor(readonly offset: number) {}
  }
  const fail = (): never => {
    throw new Stop(at);
  };
  const space = () => {
    while (at < text.length && ' \t\n\r'.includes(text.charAt(at))) at++;
  };
  const expect = (char: string) => {
    if (text.charAt(at) !== char) fail();
    at++;
  };
  const digits = () => {
    if (!/[0-9]/.test(text.charAt(at))) fail();
    while (/[0-9]/.test(text.charAt(at))) at++;
  };
  const number = () => {
    if (text.charAt(at) === '-') at++;
    if (text.charAt(at) === '0') at++;
    else digits();
    if (text.charAt(at) === '.') {
      at++;
      digits();
    }
    if (/[eE]/.test(text.charAt(at))) {
      at++;
      if (/[+-]/.test(text.charAt(at))) at++;
      digits();
    }
  };
  const string = () => {
    expect('"');
    while (at < text.length) {
      const char = text.charAt(at);
      if (char === '"') {
        at++;
        return;
      }
      if (char.charCodeAt(0) < 0x20) fail();
      if (char === '\\') {
        at++;
        const escaped = text.charAt(at);
        if (escaped === 'u') {
          at++;
          for (let i = 0; i < 4; i++) {
            if (!/[0-9a-fA-F]/.test(text.charAt(at))) fail();
            at++;
          }
        } else if ('"\\/bfnrt'.includes(escaped) && escaped !== '') at++;
        else fail();
      } else at++;
    }
    fail();
  };
  const word = (literal: string) => {
    for (const char of literal) expect(char);
  };
  const object = () => {
    at++;
    space();
    if (text.charAt(at) === '}') {
      at++;
      return;
    }
    for (;;) {
      space();
      string();
      space();
      expect(':');
      value();
      space();
      if (text.charAt(at) !== ',') break;
      at++;
    }
    expect('}');
  };
  const array = () => {
    at++;
    space();
    if (text.charAt(at) === ']') {
      at++;
      return;
    }
    for (;;) {
      value();
      space();
      if (text.charAt(at) !== ',') break;
      at++;
    }
    expect(']');
  };
  const LITERALS: Record<string, string> = { t: 'true', f: 'false', n: 'null' };
  function value() {
    space();
    const char = text.charAt(at);
    const literal = LITERALS[char];
    if (char === '{') object();
    else if (char === '[') array();
    else if (char === '"') string();
    else if (literal) word(literal);
    else if (char === '-' || /[0-9]/.test(char)) number();
    else fail();
  }
  try {
    value();
    space();
    if (at < text.length) fail();
  } catch (stop) {
    if (stop instanceof Stop) return stop.offset;
    throw stop;
  }
  // The browser refused what the scan accepts (it should not happen): point at the end.
  return text.length;
}
