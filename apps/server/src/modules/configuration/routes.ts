import {
  applyRequestSchema,
  compareRequestSchema,
  discardDraftRequestSchema,
  documentRequestSchema,
  historyRequestSchema,
  publishRequestSchema,
  resourceColumnsRequestSchema,
  restoreRequestSchema,
  saveDraftRequestSchema,
  versionRequestSchema,
} from '@panelwright/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type MessageLanguage, requestLanguage, translateMessage } from '../../i18n';
import { registerAction } from '../../lib/actions';
import { type Authenticator, signedIn } from '../../plugins/auth';
import { configurationJsonSchema } from './json-schema';
import type { ConfigurationService } from './service';
import type { ConfigIssue } from './validate';

/** Issues in the caller's language (the reason; the path is the document's own). */
const inLanguage = (issues: ConfigIssue[], language: MessageLanguage) =>
  issues.map((issue) => ({ ...issue, Message: translateMessage(issue.Message, language) }));

/** The versions the product made (the shipped one, upgrades, changes outside the studio) say why in the caller's language; an author's message stays as written. */
const SYSTEM_WORDED = new Set(['shipped', 'upgrade', 'change']);
const worded = <V extends { Kind: string; Message: string }>(version: V, language: MessageLanguage): V =>
  SYSTEM_WORDED.has(version.Kind)
    ? { ...version, Message: translateMessage(version.Message, language) }
    : version;

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
  studio('Columns', resourceColumnsRequestSchema.loose(), async (input) => ({
    Columns: configuration.resourceColumns(input.ApiName),
  }));
  studio('Check', documentRequestSchema.loose(), async (input, request) => ({
    Errors: inLanguage(configuration.check(input.Document), requestLanguage(request)),
  }));
  studio(
    'CheckItem',
    saveDraftRequestSchema.pick({ Item: true, Value: true }).loose(),
    async (input, request) => ({
      Errors: inLanguage(
        configuration.checkItem(input.Item, input.Value === undefined ? null : input.Value),
        requestLanguage(request),
      ),
    }),
  );
  studio('SaveDraft', saveDraftRequestSchema.loose(), async (input, request) =>
    configuration.saveDraft(input, await actor(request)),
  );
  studio('DiscardDraft', discardDraftRequestSchema.loose(), async (input, request) => ({
    Discarded: await configuration.discard(input.Items, await actor(request)),
  }));
  studio('Publish', publishRequestSchema.loose(), async (input, request) =>
    configuration.publish(input.Message, await actor(request), input.Confirm),
  );
  studio('Plan', documentRequestSchema.loose(), (input) => configuration.plan(input.Document));
  studio('Apply', applyRequestSchema.loose(), async (input, request) =>
    configuration.apply(input.Document, input.Message, await actor(request), input.Confirm),
  );
  studio('History', historyRequestSchema.loose(), async (input, request) => {
    const page = await configuration.history(input.Page, input.PageSize);
    const language = requestLanguage(request);
    return { ...page, Data: page.Data.map((version) => worded(version, language)) };
  });
  studio('Version', versionRequestSchema.loose(), async (input, request) => {
    const detail = await configuration.versionDetail(input.Id);
    return { ...detail, Version: worded(detail.Version, requestLanguage(request)) };
  });
  studio('Compare', compareRequestSchema.loose(), (input) => configuration.compare(input.From, input.To));
  studio('Restore', restoreRequestSchema.loose(), async (input, request) =>
    configuration.restore(input.Id, input.Message, await actor(request)),
  );

  // The JSON Schema of the configuration file, for editors and the studio's JSON view.
  app.get('/api/config.schema.json', { onRequest: authenticate('user') }, async (_request, reply) =>
    reply.type('application/schema+json; charset=utf-8').send(configurationJsonSchema()),
  );
}
