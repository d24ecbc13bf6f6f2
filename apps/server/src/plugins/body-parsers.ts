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
      parseJson(request, decodeUtf8(body as Buffer), done);
    } catch (error) {
      done(error as Error, undefined);
    }
  });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'buffer', bodyLimit },
    (_request, body, done) => {
      try {
        done(null, parseFormBody(decodeUtf8(body as Buffer)));
      } catch (error) {
        done(error as Error, undefined);
      }
    },
  );
}
