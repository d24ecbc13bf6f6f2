import { recordIdSchema } from '@panelwright/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { registerAction } from '../../lib/actions';
import { type Authenticator, signedIn } from '../../plugins/auth';
import type { ProjectService } from './service';

const idSchema = z.object({ Id: recordIdSchema }).loose();

export function projectRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  projects: ProjectService,
): void {
  registerAction(app, authenticate, {
    name: 'ApiTestCase/Run',
    body: idSchema,
    auth: 'user',
    handler: (input, request) =>
      projects.runTestCase(Number(input.Id), { user: signedIn(request).user, ip: request.ip }),
  });
}
