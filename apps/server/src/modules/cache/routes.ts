import { cacheRefreshRequestSchema } from '@panelwright/contract';
import type { FastifyInstance } from 'fastify';
import { registerAction } from '../../lib/actions';
import { type Authenticator, signedIn } from '../../plugins/auth';
import type { CacheService } from './service';

export function cacheRoutes(app: FastifyInstance, authenticate: Authenticator, cache: CacheService): void {
  // Clearing every instance's caches costs each of them a round of database reads: administrators only.
  registerAction(app, authenticate, {
    name: 'Cache/Refresh',
    body: cacheRefreshRequestSchema.loose(),
    auth: 'admin',
    handler: (input, request) => cache.refresh(input.Id, signedIn(request).user.id, request.ip),
  });
}
