import { apiKeyAddNewSchema, apiKeyIdSchema } from '@panelwright/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { registerAction } from '../../lib/actions';
import { type Authenticator, signedIn } from '../../plugins/auth';
import type { ApiKeyService } from './service';

/** `ApiKey/AddNew`, `ApiKey/List`, `ApiKey/Revoke`: signed-in people only (a key cannot make keys). */
export function apiKeyRoutes(app: FastifyInstance, authenticate: Authenticator, keys: ApiKeyService): void {
  registerAction(app, authenticate, {
    name: 'ApiKey/AddNew',
    body: apiKeyAddNewSchema,
    auth: 'user',
    handler: (input, request) => keys.create(input, signedIn(request).user, request.ip),
  });
  registerAction(app, authenticate, {
    name: 'ApiKey/List',
    body: z.object({}).loose(),
    auth: 'user',
    handler: (_input, request) => keys.list(signedIn(request).user),
  });
  registerAction(app, authenticate, {
    name: 'ApiKey/Revoke',
    body: apiKeyIdSchema,
    auth: 'user',
    handler: (input, request) => keys.revoke(input.Id, signedIn(request).user, request.ip),
  });
}
