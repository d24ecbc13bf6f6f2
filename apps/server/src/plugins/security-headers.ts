import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { ConfiguredOrigins } from '../modules/settings/service';

/** One year: the HSTS max-age browsers and preload lists expect. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Security headers on every answer: a CSP without inline scripts, no framing, no sniffing, a strict
 * referrer policy; HSTS only over HTTPS, where it means something.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  configuredOrigins?: () => Promise<ConfiguredOrigins>,
): void {
  // Built once: @fastify/helmet built helmet's middleware again for every request (parsing the
  // policy's directives each time), 11 % of the server's time under a load of small requests.
  const applyHeaders = helmet({
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
        // Only the product frames its own pages (the studio's preview); no other site may.
        'frame-ancestors': ["'self'"],
      },
    },
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    // Matches frame-ancestors 'self' for browsers that only know the older header.
    frameguard: { action: 'sameorigin' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
    applyHeaders(request.raw, reply.raw, (error?: unknown) =>
      done(error instanceof Error ? error : undefined),
    );
  });
  if (!configuredOrigins) return;
  // Pages (not API answers, where a policy means nothing) may also load from what the settings name:
  // a tile server on the local network, an analytics script when that plugin is on.
  app.addHook('onSend', async (_request, reply, payload) => {
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy !== 'string' || !String(reply.getHeader('content-type') ?? '').startsWith('text/html'))
      return payload;
    reply.header('content-security-policy', widenPolicy(policy, await configuredOrigins()));
    return payload;
  });
}

const DIRECTIVES = { img: 'img-src', script: 'script-src', connect: 'connect-src' } as const;

/** The policy with each origin added to its directive (origins come from validated settings). */
export function widenPolicy(policy: string, origins: ConfiguredOrigins): string {
  return policy
    .split(';')
    .map((part) => {
      const directive = part.trim();
      const [name] = directive.split(/\s+/);
      const kind = (Object.keys(DIRECTIVES) as (keyof typeof DIRECTIVES)[]).find(
        (k) => DIRECTIVES[k] === name,
      );
      const extra = kind ? origins[kind].filter((origin) => /^https?:\/\/[^\s;'"]+$/.test(origin)) : [];
      return extra.length > 0 ? `${directive} ${extra.join(' ')}` : directive;
    })
    .join(';');
}
