import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/errors';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** The body as text, refusing bytes that are not UTF-8 instead of silently replacing them. */
function decodeUtf8(body: Buffer): string {
  try {
    return strictUtf8.decode(body);
  } catch {
    throw badRequest('The request body is not valid UTF-8.');
  }
}

/** A NUL character (PostgreSQL text cannot hold it) or a lone UTF-16 surrogate (not Unicode at all). */
const UNSTORABLE_TEXT = /[\0\p{Cs}]/u;

/**
 * The path of the first text in a parsed body, key or value, that no column could store, or null.
 * Checked once here, at the edge, so that no action runs half-way and then fails on the database.
 */
export function findUnstorableText(value: unknown): string | null {
  const pending: [unknown, string][] = [[value, 'body']];
  while (pending.length > 0) {
    const [item, path] = pending.pop() as [unknown, string];
    if (typeof item === 'string') {
      if (UNSTORABLE_TEXT.test(item)) return path;
    } else if (Array.isArray(item)) {
      item.forEach((entry, index) => {
        pending.push([entry, `${path}[${index}]`]);
      });
    } else if (item !== null && typeof item === 'object') {
      for (const [key, entry] of Object.entries(item)) {
        const entryPath = path === 'body' ? key.slice(0, 64) : `${path}.${key.slice(0, 64)}`;
        if (UNSTORABLE_TEXT.test(key)) return entryPath;
        pending.push([entry, entryPath]);
      }
    }
  }
  return null;
}

/** Refuses a body holding text that cannot be stored, naming where it is. */
export function assertStorableText(value: unknown): void {
  const path = findUnstorableText(value);
  if (path !== null) {
    throw badRequest(`${path}: may not contain the NUL character or invalid Unicode (a lone surrogate)`);
  }
}

/** `a=1&b=x+y` with strict percent-decoding: a malformed escape or non-UTF-8 sequence is a 400. */
export function parseFormBody(text: string): Record<string, string> {
  const fields: Record<string, string> = Object.create(null);
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    const index = pair.indexOf('=');
    const [rawKey, rawValue] = index < 0 ? [pair, ''] : [pair.slice(0, index), pair.slice(index + 1)];
    try {
      const key = decodeURIComponent(rawKey.replace(/\+/g, ' '));
      fields[key] = decodeURIComponent(rawValue.replace(/\+/g, ' '));
    } catch {
      throw badRequest('The form body is not valid UTF-8 or has a malformed escape.');
    }
  }
  return fields;
}

/**
 * JSON and form bodies are decoded as strict UTF-8. JSON then goes through Fastify's own parser,
 * which also refuses `__proto__` and `constructor.prototype` keys.
 */
export function registerBodyParsers(app: FastifyInstance, bodyLimit: number): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit }, (request, body, done) => {
    try {
      parseJson(request, decodeUtf8(body as Buffer), (error: Error | null, parsed?: unknown) => {
        if (error) return done(error, undefined);
        try {
          assertStorableText(parsed);
        } catch (refusal) {
          return done(refusal as Error, undefined);
        }
        done(null, parsed);
      });
    } catch (error) {
      done(error as Error, undefined);
    }
  });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'buffer', bodyLimit },
    (_request, body, done) => {
      try {
        const fields = parseFormBody(decodeUtf8(body as Buffer));
        assertStorableText(fields);
        done(null, fields);
      } catch (error) {
        done(error as Error, undefined);
      }
    },
  );
}
