import { z } from 'zod';
import type { RegisteredAction } from '../../lib/actions';
import type { AuthMode } from '../../plugins/auth';

/** A route as Fastify registered it. */
export type SeenRoute = { method: string; url: string };

type JsonSchema = Record<string, unknown>;

/** What each way of calling needs, in words for the document. */
const AUTH_TEXT: Record<AuthMode, string> = {
  public: 'Open to guests; a token, when sent, names the caller.',
  user: 'A signed-in user (Authorization: Bearer token).',
  fa2: 'The two-factor step token of a sign-in.',
  admin: 'An administrator.',
  studio: 'A user granted the studio (administrators are).',
};

/** A schema of the contract as JSON Schema (the input side); one that cannot be written is "any". */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  try {
    const { $schema: _draft, ...rest } = z.toJSONSchema(schema, {
      io: 'input',
      unrepresentable: 'any',
    }) as JsonSchema;
    return rest;
  } catch {
    return {};
  }
}

const envelope: JsonSchema = {
  type: 'object',
  description: 'The generic envelope (part 1 section 3).',
  properties: {
    StatusCode: { type: 'integer', description: '1 on success' },
    Msg: { type: 'string' },
    Data: {},
    TotalMili: { type: 'integer', description: 'Server time of the call in ms' },
  },
  required: ['StatusCode', 'Msg', 'Data', 'TotalMili'],
};
const errorBody: JsonSchema = {
  type: 'object',
  properties: {
    error: { type: 'string' },
    error_description: { type: 'string' },
    title: { type: 'string' },
    status: { type: 'integer' },
  },
};
const errorAnswer = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/**
 * The OpenAPI 3.1 document of the server, generated from what it registered: every action
 * (`POST /api/v1/{Controller}/{Action}`) with its contract body schema and who may call it, and the
 * other routes it serves (the token call, health, files...). Nothing in it is written by hand.
 */
export function buildOpenApiDocument(
  actions: ReadonlyMap<string, RegisteredAction>,
  routes: readonly SeenRoute[],
  info: { title: string; version: string },
): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const action of [...actions.values()].sort((a, b) => a.name.localeCompare(b.name))) {
    const [controller = action.name] = action.name.split('/');
    paths[`/api/v1/${action.name}`] = {
      post: {
        operationId: action.name.replace(/\W/g, '_'),
        summary: action.name,
        description: AUTH_TEXT[action.auth],
        tags: [controller],
        ...(action.auth === 'public' ? { security: [] } : {}),
        'x-auth': action.auth,
        requestBody: {
          required: false,
          content: { 'application/json': { schema: jsonSchemaOf(action.body) } },
        },
        responses: {
          200: {
            description: 'The envelope; Data holds the answer.',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Envelope' } } },
          },
          400: errorAnswer('The body breaks a rule: error_description names the field and the rule.'),
          ...(action.auth === 'public' ? {} : { 401: errorAnswer('No valid token.') }),
          ...(action.auth === 'admin' ? { 403: errorAnswer('Not an administrator.') } : {}),
        },
      },
    };
  }
  // The other routes the server serves (not the web app's files), with their method only.
  for (const route of routes) {
    if (route.url.startsWith('/api/v1/') && actions.has(route.url.slice('/api/v1/'.length))) continue;
    if (
      route.method === 'HEAD' ||
      route.url.includes('*') ||
      !/^\/(api|oauth2|health|files)\b/.test(route.url)
    )
      continue;
    const path = route.url.replace(/:(\w+)/g, '{$1}');
    const parameters = [...route.url.matchAll(/:(\w+)/g)].map((match) => ({
      name: match[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    const [, tag = 'Other'] = /^\/(?:api\/v1\/)?([^/]+)/.exec(route.url) ?? [];
    paths[path] = {
      ...(paths[path] ?? {}),
      [route.method.toLowerCase()]: {
        summary: `${route.method} ${route.url}`,
        tags: [tag],
        ...(parameters.length > 0 ? { parameters } : {}),
        responses: { 200: { description: 'See the product documentation.' } },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: info.title,
      version: info.version,
      description: 'Generated from the routes the server registered.',
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      schemas: { Envelope: envelope, Error: errorBody },
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
    },
    security: [{ bearer: [] }],
  };
}
