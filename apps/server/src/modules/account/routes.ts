import {
  accountUpdateFieldsRequestSchema,
  changePasswordRequestSchema,
  ERROR_CODES,
  forgotPasswordRequestSchema,
  oidcLoginRequestSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  socialLoginRequestSchema,
  tokenRequestSchema,
  validateTokenRequestSchema,
} from '@panelwright/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { Answer, parseWith, registerAction } from '../../lib/actions';
import { badRequest } from '../../lib/errors';
import { type Authenticator, signedIn } from '../../plugins/auth';
import type { User } from '../sessions/service';
import type { LockoutService } from './lockout-service';
import type { OidcService } from './oidc-service';
import type { PasswordResetService } from './password-reset-service';
import { type AccountService, toProfile } from './service';

const meta = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] });
const empty = z.object({}).loose();

export function accountRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  accounts: AccountService,
  resets: PasswordResetService,
  lockout: LockoutService,
  oidc: OidcService,
  /** The product's pages behind a rule the user may open (the screens' page rules). */
  openPages: (user: User) => Promise<string[]>,
): void {
  app.post('/oauth2/token', async (request, reply) => {
    const input = parseWith(tokenRequestSchema, request.body ?? {});
    if (input.grant_type !== 'password') {
      throw badRequest('grant_type: only "password" is supported', ERROR_CODES.unsupportedGrantType);
    }
    const answer = await accounts.passwordGrant(input.username, input.password, meta(request));
    // RFC 6749 §5.1: token answers are never cached.
    reply.header('Cache-Control', 'no-store').header('Pragma', 'no-cache');
    return answer;
  });

  registerAction(app, authenticate, {
    name: 'Account/Logout',
    body: empty,
    auth: 'user',
    handler: async (_input, request) => {
      await accounts.logout(signedIn(request), request.ip);
      return true;
    },
  });

  registerAction(app, authenticate, {
    name: 'Account/KeepAlive',
    body: empty,
    auth: 'user',
    handler: async () => true,
  });

  registerAction(app, authenticate, {
    name: 'Account/Register',
    body: registerRequestSchema.loose(),
    auth: 'public',
    handler: (input, request) => accounts.register(input, meta(request)),
  });

  registerAction(app, authenticate, {
    name: 'Account/SocialLogin',
    body: socialLoginRequestSchema.loose(),
    auth: 'public',
    handler: (input, request) => accounts.socialLogin(input, meta(request)),
  });

  registerAction(app, authenticate, {
    name: 'Account/OidcStart',
    body: empty,
    auth: 'public',
    handler: () => oidc.start(),
  });

  registerAction(app, authenticate, {
    name: 'Account/OidcLogin',
    body: oidcLoginRequestSchema.loose(),
    auth: 'public',
    handler: (input, request) => oidc.finish(input, meta(request)),
  });

  registerAction(app, authenticate, {
    name: 'Account/ForgotPassword',
    body: forgotPasswordRequestSchema.loose(),
    auth: 'public',
    handler: async (input, request) => new Answer(null, await resets.forgot(input.Email, request.ip)),
  });

  registerAction(app, authenticate, {
    name: 'Account/ValidateToken',
    body: validateTokenRequestSchema.loose(),
    auth: 'public',
    handler: (input) => resets.validate(input.PasswordKey),
  });

  registerAction(app, authenticate, {
    name: 'Account/ResetPassword',
    body: resetPasswordRequestSchema.loose(),
    auth: 'public',
    handler: async (input, request) => {
      await resets.reset(input, request.ip);
      return new Answer(true, 'Your password has been changed. Please sign in with it.');
    },
  });

  // The link mailed to the owner of a slowed account (docs/reliability.md, "Lockout").
  registerAction(app, authenticate, {
    name: 'Account/Unlock',
    body: z.object({ UnlockKey: z.string().min(1).max(128) }).loose(),
    auth: 'public',
    handler: (input, request) => lockout.unlockWithKey(input.UnlockKey, request.ip),
  });

  registerAction(app, authenticate, {
    name: 'Account/ChangePassword',
    body: changePasswordRequestSchema.loose(),
    auth: 'user',
    handler: async (input, request) => {
      await accounts.changePassword(signedIn(request), input, request.ip);
      return new Answer(true, 'Your password has been changed.');
    },
  });

  registerAction(app, authenticate, {
    name: 'Account/MyProfile',
    body: empty,
    auth: 'user',
    handler: async (_input, request) => {
      const { user } = signedIn(request);
      return { ...toProfile(user), OpenPages: await openPages(user) };
    },
  });

  registerAction(app, authenticate, {
    name: 'Account/UpdateFields',
    body: accountUpdateFieldsRequestSchema.loose(),
    auth: 'user',
    handler: (input, request) => accounts.updateProfile(signedIn(request).user, input.Values),
  });
}
