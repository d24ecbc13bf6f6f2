import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { registerAction } from '../../lib/actions';
import { type Authenticator, signedIn } from '../../plugins/auth';
import type { MenuService } from './service';

export function menuRoutes(app: FastifyInstance, authenticate: Authenticator, menus: MenuService): void {
  registerAction(app, authenticate, {
    name: 'ProjectScreenHeader/ProjectScreens',
    body: z.object({}).loose(),
    auth: 'user',
    handler: (_input, request) => menus.projectScreens(signedIn(request).user),
  });
}
