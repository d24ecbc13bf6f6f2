import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable';
/** Files without a content hash in their name are revalidated on every use (cheap with ETag). */
const REVALIDATE = 'no-cache';

/** Paths the server answers itself; the single-page app never stands in for them. */
const SERVER_PREFIXES = ['/api/', '/oauth2/', '/health/', '/files/', '/locales/', '/assets/'];

/** A client route is a GET for a path without a file extension that the server does not own. */
export function isClientRoute(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0] ?? '/';
  if (SERVER_PREFIXES.some((prefix) => path.startsWith(prefix))) return false;
  const lastSegment = path.slice(path.lastIndexOf('/') + 1);
  return !lastSegment.includes('.');
}

export type WebApp = { sendIndex(reply: FastifyReply): FastifyReply };

/**
 * Serves the built web app, precompressed: hashed assets cached for a year, everything else revalidated. Returns
 * null when there is no build to serve (the API still runs).
 */
export async function registerStaticWeb(
  app: FastifyInstance,
  distDir: string | null,
): Promise<WebApp | null> {
  if (!distDir || !existsSync(join(distDir, 'index.html'))) return null;
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    cacheControl: false,
    // The build writes a `.br` and a `.gz` beside each text asset; the one the client accepts is sent
    // with its Content-Encoding and `Vary: Accept-Encoding`.
    preCompressed: true,
    // The language files are answered by the translations route, with the configuration's texts over
    // the built ones; a route of their own here would win over it and serve the build's alone.
    globIgnore: ['locales/**'],
    setHeaders: (reply, filePath) => {
      const hashed = filePath.startsWith(join(distDir, 'assets'));
      reply.header('Cache-Control', hashed ? HASHED_ASSET_CACHE : REVALIDATE);
    },
  });
  return {
    sendIndex: (reply) => reply.header('Cache-Control', REVALIDATE).sendFile('index.html'),
  };
}
