import {
  bulkDeleteRequestSchema,
  bulkUpdateRequestSchema,
  optionsRequestSchema,
  recordRequestSchema,
} from '@panelwright/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parseWith, registerAction } from '../../lib/actions';
import { notFound } from '../../lib/errors';
import type { Authenticator } from '../../plugins/auth';
import type { ConfigurationService } from '../configuration/service';
import type { BulkActions } from '../resources/bulk';
import {
  actorOf,
  addNewBodySchema,
  exportBodySchema,
  listBodySchema,
  lookupBodySchema,
  updateBodySchema,
} from '../resources/protocol';
import type { Actor, ResourceService } from '../resources/service';
import type { CollectionService } from './service';

/** The services a collection's calls go to, as a declared resource's do. */
type CallServices = { resources: ResourceService; collections: CollectionService; bulk: BulkActions };

/** The calls of the generic protocol, by action: the body's schema and the service's rule. */
type Call = {
  body: z.ZodType;
  run: (services: CallServices, api: string, input: never, actor: Actor) => Promise<unknown>;
};

const CALLS: Record<string, Call> = {
  Options: {
    body: optionsRequestSchema,
    run: ({ resources: r }, api, input: z.output<typeof optionsRequestSchema>, actor) =>
      r.options(api, actor, input.RequestData),
  },
  List: {
    body: listBodySchema,
    run: ({ resources: r }, api, input: z.output<typeof listBodySchema>, actor) => r.list(api, input, actor),
  },
  Detail: {
    body: recordRequestSchema,
    run: ({ resources: r }, api, input: z.output<typeof recordRequestSchema>, actor) =>
      r.detail(api, input.Id, actor),
  },
  AddNew: {
    body: addNewBodySchema,
    run: ({ resources: r }, api, input: z.output<typeof addNewBodySchema>, actor) =>
      r.addNew(api, input, actor),
  },
  UpdateFields: {
    body: updateBodySchema,
    run: ({ resources: r }, api, input: z.output<typeof updateBodySchema>, actor) =>
      r.updateFields(api, input, actor),
  },
  Delete: {
    body: recordRequestSchema,
    run: ({ resources: r }, api, input: z.output<typeof recordRequestSchema>, actor) =>
      r.delete(api, input.Id, actor),
  },
  Export: {
    body: exportBodySchema,
    run: ({ resources: r }, api, input: z.output<typeof exportBodySchema>, actor) =>
      r.export(api, input, actor),
  },
  Lookup: {
    body: lookupBodySchema,
    run: ({ resources: r }, api, input: z.output<typeof lookupBodySchema>, actor) =>
      r.lookup(api, input, actor),
  },
  // The declared resources' bulk routes are made at start, from the resources there are then.
  BulkUpdate: {
    body: bulkUpdateRequestSchema,
    run: ({ bulk }, api, input: z.output<typeof bulkUpdateRequestSchema>, actor) =>
      bulk.update(api, input, actor),
  },
  BulkDelete: {
    body: bulkDeleteRequestSchema,
    run: ({ bulk }, api, input: z.output<typeof bulkDeleteRequestSchema>, actor) =>
      bulk.delete(api, input, actor),
  },
};

/**
 * The generic protocol for collections, `POST /api/v1/{APIName}/{Action}`: a collection made after
 * the server started has no route of its own, so one route with parameters serves them all (the
 * declared resources' own routes come first). Any other name stays a 404.
 */
export function collectionRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  resources: ResourceService,
  collections: CollectionService,
  configuration: ConfigurationService,
  bulk: BulkActions,
): void {
  const services: CallServices = { resources, collections, bulk };
  registerAction(app, authenticate, {
    name: ':APIName/:Action',
    body: z.record(z.string(), z.unknown()),
    auth: 'user',
    // A name that is no collection's call is an API that does not exist: 404, signed in or not.
    before: async (request: FastifyRequest) => {
      const { APIName: api, Action: action } = request.params as { APIName: string; Action: string };
      if (!Object.hasOwn(CALLS, action) || !collections.served(api))
        throw notFound(`Api ${api.slice(0, 64)}/${action.slice(0, 64)} not found`);
    },
    handler: async (body, request: FastifyRequest) => {
      const { APIName: api, Action: action } = request.params as { APIName: string; Action: string };
      const call = Object.hasOwn(CALLS, action) ? CALLS[action] : undefined;
      if (!call || !collections.served(api))
        throw notFound(`Api ${api.slice(0, 64)}/${action.slice(0, 64)} not found`);
      return call.run(services, api, parseWith(call.body, body) as never, actorOf(request));
    },
  });

  // What publishing the draft (or applying a document) would delete, with how many values: the
  // studio shows it and asks for each name to be typed.
  registerAction(app, authenticate, {
    name: 'Collections/Losses',
    body: z.object({ Document: z.unknown().optional() }).loose(),
    auth: 'studio',
    handler: async (input) => {
      const live = (await configuration.current()).document;
      const next =
        input.Document === undefined
          ? (await configuration.draft()).Document
          : configuration.parse(input.Document);
      return { Losses: await collections.losses(live, next) };
    },
  });
}
