import pino, { type DestinationStream, type Logger } from 'pino';

/** Log paths that may hold a secret; pino replaces their values before anything is written. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'password',
  'Password',
  'token',
  'access_token',
  'secret',
  '*.password',
  '*.Password',
  '*.OldPassword',
  '*.NewPassword',
  '*.ConfirmPassword',
  '*.access_token',
  '*.fa2_token',
  '*.token',
  '*.secret',
];

/**
 * Query parameters whose values never reach the log: the live stream carries its token in the URL, a
 * file link its signature.
 */
const SECRET_QUERY = /([?&](?:access_token|token|password|key|sig)=)[^&#]*/gi;
/** Paths that carry a secret: the reset link's key (`/reset-password/{key}`, opened from the mail). */
const SECRET_PATH = /(\/reset-password\/)[^/?#]+/gi;

export function maskUrl(url: string): string {
  return url.replace(SECRET_PATH, '$1[Redacted]').replace(SECRET_QUERY, '$1[Redacted]');
}

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      redact: { paths: REDACTED_PATHS, censor: '[Redacted]' },
      serializers: {
        req: (req: { method: string; url: string; ip?: string; id?: string }) => ({
          method: req.method,
          url: maskUrl(req.url),
          ip: req.ip,
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
        err: pino.stdSerializers.err,
      },
    },
    destination,
  );
}
