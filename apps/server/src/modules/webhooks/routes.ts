import {
  webhookAddNewSchema,
  webhookDeliveriesSchema,
  webhookDeliveryIdSchema,
  webhookIdSchema,
  webhookUpdateSchema,
} from '@panelwright/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { registerAction } from '../../lib/actions';
import { type Authenticator, signedIn } from '../../plugins/auth';
import type { WebhookService } from './service';

/** `Webhook/*`: administrators only (a key of an administrator's role included). */
export function webhookRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  hooks: WebhookService,
): void {
  registerAction(app, authenticate, {
    name: 'Webhook/AddNew',
    body: webhookAddNewSchema,
    auth: 'admin',
    handler: (input, request) => hooks.create(input, signedIn(request).user, request.ip),
  });
  registerAction(app, authenticate, {
    name: 'Webhook/List',
    body: z.object({}).loose(),
    auth: 'admin',
    handler: () => hooks.list(),
  });
  registerAction(app, authenticate, {
    name: 'Webhook/Targets',
    body: z.object({}).loose(),
    auth: 'admin',
    handler: async () => hooks.targets(),
  });
  registerAction(app, authenticate, {
    name: 'Webhook/UpdateFields',
    body: webhookUpdateSchema,
    auth: 'admin',
    handler: (input, request) => hooks.update(input, signedIn(request).user, request.ip),
  });
  registerAction(app, authenticate, {
    name: 'Webhook/Delete',
    body: webhookIdSchema,
    auth: 'admin',
    handler: (input, request) => hooks.remove(input.Id, signedIn(request).user, request.ip),
  });
  registerAction(app, authenticate, {
    name: 'Webhook/Deliveries',
    body: webhookDeliveriesSchema,
    auth: 'admin',
    handler: (input) => hooks.deliveries(input),
  });
  registerAction(app, authenticate, {
    name: 'Webhook/Redeliver',
    body: webhookDeliveryIdSchema,
    auth: 'admin',
    handler: (input, request) => hooks.redeliver(input.Id, signedIn(request).user, request.ip),
  });
}
