import { screenOptionsRequestSchema } from '@panelwright/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { registerAction } from '../../lib/actions';
import { type Authenticator, signedIn } from '../../plugins/auth';
import { type ScreenAdminService, saveScreenSchema } from './screen-admin-service';
import type { ScreenService } from './service';

export function screenRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  screens: ScreenService,
  screenAdmin: ScreenAdminService,
): void {
  registerAction(app, authenticate, {
    name: 'ConfigMenu/CategoryScreenList',
    body: z.object({}).loose(),
    auth: 'user',
    handler: (_input, request) => screens.screensForUser(signedIn(request).user),
  });
  // Public screens (PublicApiScreenList) may be tabs or dashboards too, so guests may ask for those.
  registerAction(app, authenticate, {
    name: 'AppScreenUIControlSetting/Options',
    body: screenOptionsRequestSchema.loose(),
    auth: 'public',
    handler: (input, request) => screens.tree(input.ScreenGUID, request.auth?.user ?? null),
  });

  // Administrators compose screens without code (not part of the specification): a change of the
  // configuration, so the studio's grant (it is recorded as a version).
  registerAction(app, authenticate, {
    name: 'ConfigMenu/SaveScreen',
    body: saveScreenSchema.loose(),
    auth: 'studio',
    handler: (input, request) => screenAdmin.save(input, signedIn(request).user.id),
  });
  registerAction(app, authenticate, {
    name: 'ConfigMenu/DeleteScreen',
    body: z.object({ ScreenCode: z.string().min(1).max(64) }).loose(),
    auth: 'studio',
    handler: (input, request) => screenAdmin.remove(input.ScreenCode, signedIn(request).user.id),
  });
}
