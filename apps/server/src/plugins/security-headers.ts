import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** One year: the HSTS max-age browsers and preload lists expect. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Security headers on every answer: a CSP without inline scripts, no framing, no sniffing, a strict
 * referrer policy; HSTS only over HTTPS, where it means something.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'", 'https:'],
        'media-src': ["'self'", 'blob:'],
        'worker-src': ["'self'"],
        'manifest-src': ["'self'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
      },
    },
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    // Matches frame-ancestors 'none' for browsers that only know the older header.
    frameguard: { action: 'deny' },
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
  });
}
