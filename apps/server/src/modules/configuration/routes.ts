import {
  applyRequestSchema,
  compareRequestSchema,
  discardDraftRequestSchema,
  documentRequestSchema,
  historyRequestSchema,
  publishRequestSchema,
  restoreRequestSchema,
  saveDraftRequestSchema,
  versionRequestSchema,
} from '@panelwright/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { registerAction } from '../../lib/actions';
import { type Authenticator, signedIn } from '../../plugins/auth';
import { configurationJsonSchema } from './json-schema';
import type { ConfigurationService } from './service';

/** The configuration calls (docs/configuration.md). All but the live version's number need the studio. */
export function configurationRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  configuration: ConfigurationService,
): void {
  const actor = (request: FastifyRequest) => configuration.actorOf(signedIn(request).user);
  const studio = <S extends z.ZodType, R>(
    name: string,
    body: S,
    handler: (input: z.output<S>, request: FastifyRequest) => Promise<R>,
  ) => registerAction(app, authenticate, { name: `Configuration/${name}`, body, auth: 'studio', handler });

  // Every signed-in browser asks which version is live, to refresh its routes, menus and texts.
  registerAction(app, authenticate, {
    name: 'Configuration/LiveVersion',
    body: z.object({}).loose(),
    auth: 'user',
    handler: async () => ({ Version: await configuration.version() }),
  });

  studio('Current', z.object({}).loose(), async () => {
    const live = await configuration.current();
    return { Version: live.version, Document: live.document };
  });
  studio('Export', z.object({}).loose(), async () => (await configuration.current()).document);
  studio('Draft', z.object({}).loose(), () => configuration.draft());
  studio('Check', documentRequestSchema.loose(), async (input) => ({
    Errors: configuration.check(input.Document),
  }));
  studio('CheckItem', saveDraftRequestSchema.pick({ Item: true, Value: true }).loose(), async (input) => ({
    Errors: configuration.checkItem(input.Item, input.Value === undefined ? null : input.Value),
  }));
  studio('SaveDraft', saveDraftRequestSchema.loose(), async (input, request) =>
    configuration.saveDraft(input, await actor(request)),
  );
  studio('DiscardDraft', discardDraftRequestSchema.loose(), async (input, request) => ({
    Discarded: await configuration.discard(input.Items, await actor(request)),
  }));
  studio('Publish', publishRequestSchema.loose(), async (input, request) =>
    configuration.publish(input.Message, await actor(request)),
  );
  studio('Plan', documentRequestSchema.loose(), (input) => configuration.plan(input.Document));
  studio('Apply', applyRequestSchema.loose(), async (input, request) =>
    configuration.apply(input.Document, input.Message, await actor(request)),
  );
  studio('History', historyRequestSchema.loose(), (input) =>
    configuration.history(input.Page, input.PageSize),
  );
  studio('Version', versionRequestSchema.loose(), (input) => configuration.versionDetail(input.Id));
  studio('Compare', compareRequestSchema.loose(), (input) => configuration.compare(input.From, input.To));
  studio('Restore', restoreRequestSchema.loose(), async (input, request) =>
    configuration.restore(input.Id, input.Message, await actor(request)),
  );

  // The JSON Schema of the configuration file, for editors and the studio's JSON view.
  app.get('/api/config.schema.json', { onRequest: authenticate('user') }, async (_request, reply) =>
    reply.type('application/schema+json; charset=utf-8').send(configurationJsonSchema()),
  );
}
