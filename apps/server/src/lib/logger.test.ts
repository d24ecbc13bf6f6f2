import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, maskUrl } from './logger';

describe('logger redaction', () => {
  it('masks secrets in query strings', () => {
    expect(maskUrl('/api/v1/NotificationHub?access_token=abc.def&x=1')).toBe(
      '/api/v1/NotificationHub?access_token=[Redacted]&x=1',
    );
    expect(maskUrl('/a?x=1&password=hunter2')).toBe('/a?x=1&password=[Redacted]');
  });

  it('masks the key of a reset link and the signature of a file link', () => {
    expect(maskUrl('/reset-password/AbC123_-x?from=mail')).toBe('/reset-password/[Redacted]?from=mail');
    expect(maskUrl('/files/0b6e/a.png?exp=1700000000&sig=abcDEF123')).toBe(
      '/files/0b6e/a.png?exp=1700000000&sig=[Redacted]',
    );
  });

  it('replaces passwords, tokens and authorization headers in structured fields', () => {
    const lines: string[] = [];
    const logger = createLogger(
      'info',
      new Writable({
        write(chunk, _e, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    );
    logger.info({ password: 'p1-secret', body: { Password: 'p2-secret', access_token: 't-secret' } }, 'x');
    logger.info(
      { req: { method: 'GET', url: '/?token=t2-secret', headers: { authorization: 'Bearer t3' } } },
      'y',
    );
    const all = lines.join('');
    for (const secret of ['p1-secret', 'p2-secret', 't-secret', 't2-secret', 'Bearer t3']) {
      expect(all).not.toContain(secret);
    }
  });
});
