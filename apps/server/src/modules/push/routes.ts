import {
  pushSubscriptionDeleteRequestSchema,
  pushSubscriptionSaveRequestSchema,
} from '@panelwright/contract';
import type { FastifyInstance } from 'fastify';
import { registerAction } from '../../lib/actions';
import { type Authenticator, signedIn } from '../../plugins/auth';
import type { PushService } from './service';

export function pushRoutes(app: FastifyInstance, authenticate: Authenticator, push: PushService): void {
  registerAction(app, authenticate, {
    name: 'PushSubscription/Save',
    body: pushSubscriptionSaveRequestSchema.loose(),
    auth: 'user',
    handler: (input, request) =>
      push.save(signedIn(request).user.id, input.Subscription, request.headers['user-agent']),
  });
  registerAction(app, authenticate, {
    name: 'PushSubscription/Delete',
    body: pushSubscriptionDeleteRequestSchema.loose(),
    auth: 'user',
    handler: (input, request) => push.remove(signedIn(request).user.id, input.Endpoint),
  });
}
