import {
  fa2CheckCodeRequestSchema,
  fa2CodeRequestSchema,
  fa2DisableRequestSchema,
  fa2SetupRequestSchema,
} from '@panelwright/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { registerAction } from '../../lib/actions';
import { type Authenticator, signedIn } from '../../plugins/auth';
import type { TwoFactorService } from './service';

const meta = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] });

export function twoFactorRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  twoFactor: TwoFactorService,
): void {
  registerAction(app, authenticate, {
    name: 'Aauth2FA/UserSetting',
    body: z.object({}).loose(),
    auth: 'fa2',
    handler: async (_input, request) => twoFactor.userSetting(signedIn(request).user),
  });
  registerAction(app, authenticate, {
    name: 'Aauth2FA/Setup',
    body: fa2SetupRequestSchema.loose(),
    auth: 'fa2',
    handler: (input, request) => twoFactor.setup(signedIn(request), input.FA2MethodId, input.Recipient),
  });
  registerAction(app, authenticate, {
    name: 'Aauth2FA/Enable',
    body: fa2CodeRequestSchema.loose(),
    auth: 'fa2',
    handler: (input, request) =>
      twoFactor.enable(signedIn(request), input.FA2MethodId, input.Code, meta(request)),
  });
  registerAction(app, authenticate, {
    name: 'Aauth2FA/Verify',
    body: fa2CodeRequestSchema.loose(),
    auth: 'fa2',
    handler: (input, request) =>
      twoFactor.verify(signedIn(request), input.FA2MethodId, input.Code, meta(request)),
  });
  registerAction(app, authenticate, {
    name: 'Aauth2FA/Disable',
    body: fa2DisableRequestSchema.loose(),
    auth: 'user',
    handler: async (input, request) => {
      await twoFactor.disable(signedIn(request), input.Code, meta(request));
      return true;
    },
  });
  // Not in the specification: the pay-slip prompt's check of a signed-in user's code.
  registerAction(app, authenticate, {
    name: 'Aauth2FA/CheckCode',
    body: fa2CheckCodeRequestSchema.loose(),
    auth: 'user',
    handler: (input, request) => twoFactor.checkCode(signedIn(request), input.Code, meta(request)),
  });
}
