import { saveLogRequestSchema } from '@panelwright/contract';
import type { FastifyInstance } from 'fastify';
import { registerAction } from '../../lib/actions';
import type { Authenticator } from '../../plugins/auth';
import type { ExceptionService } from './service';

export function exceptionRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  exceptions: ExceptionService,
): void {
  // Open to guests: the login page fails too. A sent token still tells whose browser it was.
  registerAction(app, authenticate, {
    name: 'Exception/SaveLog',
    body: saveLogRequestSchema.loose(),
    auth: 'public',
    handler: (input, request) =>
      exceptions.saveLog(input, {
        userId: request.auth?.user.id ?? null,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      }),
  });
}
