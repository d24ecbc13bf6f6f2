import { bulkDeleteRequestSchema, bulkUpdateRequestSchema } from '@panelwright/contract';
import type { FastifyInstance } from 'fastify';
import { registerAction } from '../../lib/actions';
import type { Authenticator } from '../../plugins/auth';
import type { BulkActions } from './bulk';
import { actorOf } from './routes';

/** `{APIName}/BulkUpdate` and `{APIName}/BulkDelete` for every declared resource. */
export function bulkRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  apiNames: readonly string[],
  bulk: BulkActions,
): void {
  for (const api of apiNames) {
    registerAction(app, authenticate, {
      name: `${api}/BulkUpdate`,
      body: bulkUpdateRequestSchema,
      auth: 'user',
      handler: (input, request) => bulk.update(api, input, actorOf(request)),
    });
    registerAction(app, authenticate, {
      name: `${api}/BulkDelete`,
      body: bulkDeleteRequestSchema,
      auth: 'user',
      handler: (input, request) => bulk.delete(api, input, actorOf(request)),
    });
  }
}
