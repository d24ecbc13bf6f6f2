import { describe, expect, it } from 'vitest';
import {
  buildErrorLog,
  isChunkLoadError,
  isDebugHost,
  isLocalHost,
  obfuscatePasswords,
  shouldReloadForChunkError,
  slowOrLargeResponseText,
} from './error-reporting';

describe('chunk-load guard', () => {
  it('recognises chunk failures', () => {
    expect(isChunkLoadError('Loading chunk 12 failed.')).toBe(true);
    expect(isChunkLoadError('Failed to fetch dynamically imported module: /assets/x.js')).toBe(true);
    expect(isChunkLoadError('Cannot read properties of undefined')).toBe(false);
  });

  it('reloads once, not again within 10 seconds', () => {
    expect(shouldReloadForChunkError('Loading chunk 3 failed', null, 50_000)).toBe(true);
    expect(shouldReloadForChunkError('Loading chunk 3 failed', 45_000, 50_000)).toBe(false);
    expect(shouldReloadForChunkError('Loading chunk 3 failed', 39_999, 50_000)).toBe(true);
    expect(shouldReloadForChunkError('TypeError', null, 50_000)).toBe(false);
  });
});

describe('where reports go', () => {
  it('treats localhost and loopback as local', () => {
    for (const host of ['localhost', '127.0.0.1', '127.5.5.5', '::1']) expect(isLocalHost(host)).toBe(true);
    expect(isLocalHost('admin.example.com')).toBe(false);
    expect(isLocalHost('192.168.1.4')).toBe(false);
  });

  it('shows developer tools on localhost, 192.168 addresses or with the debug flag', () => {
    expect(isDebugHost('localhost', null)).toBe(true);
    expect(isDebugHost('192.168.1.4', null)).toBe(true);
    expect(isDebugHost('admin.example.com', null)).toBe(false);
    expect(isDebugHost('admin.example.com', '1')).toBe(true);
  });
});

describe('error logs', () => {
  it('hides passwords in form and JSON text', () => {
    expect(obfuscatePasswords('grant_type=password&username=a&password=s3cret&x=1')).toBe(
      'grant_type=password&username=a&password=***&x=1',
    );
    expect(obfuscatePasswords('{"OldPassword":"a\\"b","NewPassword": "c","x":1}')).toBe(
      '{"OldPassword":"***","NewPassword": "***","x":1}',
    );
  });

  it('carries the message, the first 300 characters of the stack and the user agent', () => {
    const log = buildErrorLog({
      user: 'ada',
      pageUrl: 'https://x/home',
      apiUrl: '/oauth2/token',
      message: 'Boom',
      stack: 's'.repeat(500),
      userAgent: 'UA/1',
      data: 'username=ada&password=hunter2',
    });
    expect(log.Error).toBe(`Boom\n${'s'.repeat(300)}\nUA/1`);
    expect(log.Data).toBe('username=ada&password=***');
    expect(log).toMatchObject({ LogBy: 'ada', AIPUrl: '/oauth2/token', Url: 'https://x/home' });
  });
});

describe('slow and large responses', () => {
  const limits = { slowMs: 5000, largeBytes: 2_000_000 };
  it('reports past 5000 ms or 2,000,000 bytes, with the page URL first', () => {
    expect(
      slowOrLargeResponseText({ url: '/api/v1/A/B', ms: 4999, bytes: 100 }, limits, 'https://x/p'),
    ).toBeNull();
    expect(slowOrLargeResponseText({ url: '/api/v1/A/B', ms: 5001, bytes: 100 }, limits, 'https://x/p')).toBe(
      'https://x/p\n/api/v1/A/B: slow response: 5001 ms',
    );
    expect(slowOrLargeResponseText({ url: '/u', ms: 10, bytes: 2_000_001 }, limits, 'p')).toBe(
      'p\n/u: large response: 2000001 bytes',
    );
  });
});
