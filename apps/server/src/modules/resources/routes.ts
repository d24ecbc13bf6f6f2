import { optionsRequestSchema, recordRequestSchema } from '@panelwright/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { registerAction } from '../../lib/actions';
import type { Authenticator } from '../../plugins/auth';
import { demoActionRoutes } from './demo-actions';
import {
  actorOf,
  addNewBodySchema,
  exportBodySchema,
  listBodySchema,
  lookupBodySchema,
  updateBodySchema,
} from './protocol';
import type { Actor, ResourceService } from './service';

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
    action('Export', exportBodySchema, (input, actor) => resources.export(api, input, actor));
    action('Lookup', lookupBodySchema, (input, actor) => resources.lookup(api, input, actor));
    for (const [name, fields] of Object.entries(resource.declaration.updateFunctions ?? {})) {
      action(name, updateBodySchema, (input, actor) =>
        resources.updateFields(api, input, actor, { name, fields }),
      );
    }
  }
  demoActionRoutes(app, authenticate, resources);
}
