import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { registerAction } from '../../lib/actions';
import { type Authenticator, signedIn } from '../../plugins/auth';
import type { HomeService } from './service';

/** `Home/Start`: the signed-in user's start page, composed by the server for their role. */
export function homeRoutes(app: FastifyInstance, authenticate: Authenticator, home: HomeService): void {
  registerAction(app, authenticate, {
    name: 'Home/Start',
    body: z.object({}).loose(),
    auth: 'user',
    handler: (_input, request) => home.start(signedIn(request)),
  });
}
