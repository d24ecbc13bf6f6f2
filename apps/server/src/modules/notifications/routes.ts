import {
  notificationListRequestSchema,
  notificationMarkReadRequestSchema,
  notificationSendRequestSchema,
} from '@panelwright/contract';
import type { FastifyInstance } from 'fastify';
import { registerAction } from '../../lib/actions';
import { type Authenticator, signedIn } from '../../plugins/auth';
import type { NotificationService } from './service';

export function notificationRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  notifications: NotificationService,
): void {
  registerAction(app, authenticate, {
    name: 'Notification/List',
    body: notificationListRequestSchema.loose(),
    auth: 'user',
    handler: (input, request) => notifications.list(signedIn(request).user.id, input.Take, input.UnreadOnly),
  });
  registerAction(app, authenticate, {
    name: 'Notification/MarkRead',
    body: notificationMarkReadRequestSchema,
    auth: 'user',
    handler: (input, request) => notifications.markRead(signedIn(request).user.id, input.Ids ?? 'all'),
  });
  registerAction(app, authenticate, {
    name: 'Notification/Send',
    body: notificationSendRequestSchema.loose(),
    auth: 'admin',
    handler: (input, request) => notifications.send(signedIn(request).user.id, input, request.ip),
  });
}
