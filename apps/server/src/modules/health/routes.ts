import type { FastifyInstance } from 'fastify';
import { sendError } from '../../plugins/errors';

export type Readiness = { kind: string; ping(): Promise<boolean> };

export function healthRoutes(app: FastifyInstance, database: Readiness): void {
  app.get('/health/live', async () => ({ status: 'ok' }));
  app.get('/health/ready', async (_request, reply) => {
    if (await database.ping()) return { status: 'ok', database: database.kind };
    return sendError(reply, 503, 'not_ready', 'The database does not answer.');
  });
}
