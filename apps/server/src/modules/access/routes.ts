import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { registerAction } from '../../lib/actions';
import { type Authenticator, signedIn } from '../../plugins/auth';
import type { LockoutService } from '../account/lockout-service';
import type { AdministrationService } from './administration';

const matrixRowSchema = z.object({
  Target: z.string().min(1).max(200),
  CanList: z.boolean(),
  CanDetail: z.boolean(),
  CanAdd: z.boolean(),
  CanEdit: z.boolean(),
  CanDelete: z.boolean(),
  CanExport: z.boolean(),
});

const idSchema = z.object({ Id: z.number().int().min(1).max(2_147_483_647) });

/** The Users screen's actions beyond its records (administrators only). */
export function administrationRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  administration: AdministrationService,
  lockout: LockoutService,
): void {
  registerAction(app, authenticate, {
    name: 'User/ResetPassword',
    body: idSchema.extend({
      Mode: z.enum(['temporary', 'link']).default('temporary'),
      Password: z.string().min(1).max(128).optional(),
    }),
    auth: 'admin',
    handler: (input, request) =>
      administration.resetPassword(input.Id, input.Mode, input.Password, {
        id: signedIn(request).user.id,
        ip: request.ip,
      }),
  });
  registerAction(app, authenticate, {
    name: 'Role/PreviewMenu',
    body: idSchema,
    auth: 'admin',
    handler: (input) => administration.previewMenu(input.Id),
  });
  registerAction(app, authenticate, {
    name: 'Role/Matrix',
    body: idSchema,
    auth: 'admin',
    handler: (input) => administration.matrix(input.Id),
  });
  registerAction(app, authenticate, {
    name: 'Role/SaveMatrix',
    body: idSchema.extend({ Grants: z.array(matrixRowSchema).max(1000) }),
    auth: 'admin',
    handler: (input, request) =>
      administration.saveMatrix(input.Id, input.Grants, { id: signedIn(request).user.id, ip: request.ip }),
  });
  registerAction(app, authenticate, {
    name: 'User/Sessions',
    body: idSchema,
    auth: 'admin',
    handler: (input) => administration.sessionsOf(input.Id),
  });
  registerAction(app, authenticate, {
    name: 'User/EndSessions',
    body: idSchema.extend({ SessionId: z.string().uuid().optional() }),
    auth: 'admin',
    handler: (input, request) =>
      administration.endSessions(input.Id, input.SessionId, {
        id: signedIn(request).user.id,
        ip: request.ip,
      }),
  });
  registerAction(app, authenticate, {
    name: 'User/Unlock',
    body: idSchema,
    auth: 'admin',
    handler: (input, request) =>
      lockout.unlockByAdministrator(input.Id, { id: signedIn(request).user.id, ip: request.ip }),
  });
}
