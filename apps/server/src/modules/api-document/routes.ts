import type { FastifyInstance } from 'fastify';
import type { Authenticator } from '../../plugins/auth';
import { buildOpenApiDocument, type SeenRoute } from './service';

/** Collects every route Fastify registers from here on (call before the routes are added). */
export function collectRoutes(app: FastifyInstance): SeenRoute[] {
  const routes: SeenRoute[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });
  return routes;
}

/**
 * `GET /api/openapi.json`: the OpenAPI document of the server, for signed-in users (the page
 * /demo/api_document renders it; tools take it with a token). Built once, at the first call, when
 * every route is registered.
 */
export function apiDocumentRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  routes: readonly SeenRoute[],
  info: { title: string; version: string },
): void {
  let document: Record<string, unknown> | null = null;
  app.get('/api/openapi.json', { onRequest: authenticate('user') }, async (_request, reply) => {
    document ??= buildOpenApiDocument(app.actions, routes, info);
    reply.header('cache-control', 'no-store');
    return document;
  });
}
