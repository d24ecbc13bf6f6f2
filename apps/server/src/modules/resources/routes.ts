import {
  listParamsSchema,
  optionsRequestSchema,
  recordRequestSchema,
  updateFieldsRequestSchema,
} from '@panelwright/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { registerAction } from '../../lib/actions';
import { unauthorized } from '../../lib/errors';
import type { Authenticator } from '../../plugins/auth';
import { demoActionRoutes } from './demo-actions';
import type { Actor, ResourceService } from './service';

const listBodySchema = listParamsSchema.extend({
  Page: z.number().int().min(1).max(1_000_000).default(1),
  UI_TimezoneOffset: z.number().int().min(-840).max(840).optional(),
});
const updateBodySchema = updateFieldsRequestSchema.extend({
  Id: recordRequestSchema.shape.Id,
  IM_ReturnTime: z.string().max(64).optional(),
});
const addNewBodySchema = z.record(z.string(), z.unknown());

/** A screen id as clients send it (`ScreenGUID`); anything else names no screen. */
const SCREEN_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function actorOf(request: FastifyRequest): Actor {
  if (!request.auth) throw unauthorized('Sign in first: this call needs an access token.');
  const screen = (request.body as { ScreenGUID?: unknown } | undefined)?.ScreenGUID;
  return {
    user: request.auth.user,
    ip: request.ip,
    screenId: typeof screen === 'string' && SCREEN_ID.test(screen) ? screen : undefined,
  };
}

/** `POST /api/v1/{APIName}/{Action}` for every declared resource; an unknown APIName stays a 404. */
export function resourceRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  resources: ResourceService,
): void {
  for (const resource of resources.registry.all()) {
    const api = resource.apiName;
    const action = <S extends z.ZodType, R>(
      name: string,
      body: S,
      handler: (input: z.output<S>, actor: Actor) => Promise<R>,
    ) =>
      registerAction(app, authenticate, {
        name: `${api}/${name}`,
        body,
        auth: 'user',
        handler: (input, request) => handler(input, actorOf(request)),
      });
    action('Options', optionsRequestSchema, (input, actor) =>
      resources.options(api, actor, input.RequestData),
    );
    action('List', listBodySchema, (input, actor) => resources.list(api, input, actor));
    action('Detail', recordRequestSchema, (input, actor) => resources.detail(api, input.Id, actor));
    action('AddNew', addNewBodySchema, (input, actor) => resources.addNew(api, input, actor));
    action('UpdateFields', updateBodySchema, (input, actor) => resources.updateFields(api, input, actor));
    action('Delete', recordRequestSchema, (input, actor) => resources.delete(api, input.Id, actor));
    action('Export', listBodySchema, (input, actor) => resources.export(api, input, actor));
    for (const [name, fields] of Object.entries(resource.declaration.updateFunctions ?? {})) {
      action(name, updateBodySchema, (input, actor) =>
        resources.updateFields(api, input, actor, { name, fields }),
      );
    }
  }
  demoActionRoutes(app, authenticate, resources);
}
