import { ERROR_CODES } from '@panelwright/contract';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/errors';
import { type Authenticator, signedIn } from '../../plugins/auth';
import type { LiveHub } from './service';

const STREAM_HEADERS = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-cache, no-transform',
  Connection: 'keep-alive',
  // nginx and some other proxies buffer responses unless told not to, which would hold events back.
  'X-Accel-Buffering': 'no',
};

export function liveRoutes(app: FastifyInstance, authenticate: Authenticator, hub: LiveHub): void {
  // EventSource cannot send an Authorization header, hence the token in the query (masked in logs).
  app.get(
    '/api/v1/NotificationHub',
    { onRequest: authenticate('user', { allowQueryToken: true }) },
    async (request, reply) => {
      const { user, session } = signedIn(request);
      if (!hub.accepts(user.id)) {
        // A non-200 answer makes EventSource give up instead of retrying, which is what an extra tab should do.
        throw new HttpError(
          429,
          ERROR_CODES.rateLimited,
          `At most ${hub.options.maxStreamsPerUser} live streams per user; close another tab first.`,
          { 'Retry-After': '60' },
        );
      }
      reply.hijack();
      const raw = reply.raw;
      // A hijacked reply skips Fastify's sending: the headers set so far (request id, security) go by hand.
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) raw.setHeader(name, value);
      }
      raw.writeHead(200, STREAM_HEADERS);
      const detach = hub.open(user.id, session.id, raw, user.roles);
      if (!detach) {
        raw.end();
        return;
      }
      raw.on('close', detach);
    },
  );
}
