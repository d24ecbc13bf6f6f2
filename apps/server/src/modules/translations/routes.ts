import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { registerAction } from '../../lib/actions';
import type { Authenticator } from '../../plugins/auth';
import { PREVIEW_HEADER } from '../configuration/preview';
import { NAMESPACE_PATTERN, type TranslationService, textLanguage } from './service';

/**
 * `GET /locales/{lng}/{namespace}.json`: a language file (en and vn; vi shares vn). The address
 * carries the configuration's version (`?c=`), so a publish makes browsers fetch it anew; each answer
 * is revalidated all the same. Guests fetch them too; a signed-in studio user's preview (its header and
 * token) gets the draft's texts.
 */
export function translationRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  translations: TranslationService,
): void {
  app.get<{ Params: { lng: string; ns: string } }>(
    '/locales/:lng/:ns',
    { onRequest: authenticate('public') },
    async (request, reply) => {
      const language = textLanguage(request.params.lng);
      const match = /^(.+)\.json$/.exec(request.params.ns);
      const namespace = match?.[1];
      if (!language || !namespace || !NAMESPACE_PATTERN.test(namespace)) return reply.callNotFound();
      return reply
        .header('Cache-Control', 'no-cache')
        .header('Vary', PREVIEW_HEADER)
        .type('application/json; charset=utf-8')
        .send(await translations.file(language, namespace));
    },
  );

  // The studio's texts page: what the build ships, to show beside (and reset to) the configured texts.
  registerAction(app, authenticate, {
    name: 'Translations/Shipped',
    body: z.object({}).loose(),
    auth: 'studio',
    handler: async () => ({ Texts: await translations.shippedFiles() }),
  });
}
