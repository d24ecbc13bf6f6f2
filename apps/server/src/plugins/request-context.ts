import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** Every answer carries the request id, so a user's report can be matched with the server log. */
export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });
}

export const generateRequestId = (): string => randomUUID();
