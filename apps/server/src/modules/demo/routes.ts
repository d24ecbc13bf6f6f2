import { formSubmitRequestSchema } from '@panelwright/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { registerAction } from '../../lib/actions';
import { type Authenticator, signedIn } from '../../plugins/auth';
import type { DemoActor, DemoService } from './service';

const actorOf = (request: FastifyRequest): DemoActor => ({ user: signedIn(request).user, ip: request.ip });

/** `Demo/*`: the server side of the demo pages. */
export function demoRoutes(app: FastifyInstance, authenticate: Authenticator, demo: DemoService): void {
  registerAction(app, authenticate, {
    name: 'Demo/FormAfterChange',
    body: formSubmitRequestSchema.extend({ Field: z.string().max(128).optional() }).loose(),
    auth: 'user',
    handler: async (input) => demo.afterChange(input.Field, input.DataForm),
  });
  registerAction(app, authenticate, {
    name: 'Demo/FormSave',
    body: formSubmitRequestSchema.loose(),
    auth: 'user',
    handler: (input, request) => demo.save(input.DefaultValues, input.DataForm, actorOf(request)),
  });
  registerAction(app, authenticate, {
    name: 'Demo/FormEntries',
    body: z.object({ FormCode: z.string().regex(/^[a-z][a-z0-9_-]{0,39}$/) }).loose(),
    auth: 'user',
    handler: (input, request) => demo.entries(input.FormCode, actorOf(request)),
  });
  registerAction(app, authenticate, {
    name: 'Demo/Action',
    body: z.object({ Action: z.string().max(40) }).loose(),
    auth: 'user',
    handler: async (input) => demo.action(input.Action),
  });
}
