import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 12391,
      host: '127.0.0.1',
      dataDir: './data',
      adminUsername: 'admin',
      logLevel: 'info',
      databaseUrl: undefined,
      redisUrl: undefined,
      redisPrefix: 'panelwright:',
      adminPassword: undefined,
      jwtSecret: undefined,
      uploadLimitBytes: 10 * 1_048_576,
      demoData: true,
      demoProducts: 100_000,
    });
  });

  it('reads the demo-data switch and the upload limit', () => {
    expect(loadConfig({ DEMO_DATA: 'false', UPLOAD_LIMIT_BYTES: '2048' })).toMatchObject({
      demoData: false,
      uploadLimitBytes: 2048,
    });
    expect(loadConfig({ DEMO_DATA: 'YES' }).demoData).toBe(true);
    expect(() => loadConfig({ DEMO_DATA: 'maybe' })).toThrow('DEMO_DATA: must be true or false');
    expect(loadConfig({ DEMO_PRODUCTS: '250' }).demoProducts).toBe(250);
    expect(() => loadConfig({ DEMO_PRODUCTS: '0' })).toThrow('DEMO_PRODUCTS: must be between 1 and 1000000');
  });

  it('trusts only the proxies TRUST_PROXY lists, never anyone', () => {
    expect(loadConfig({}).trustedProxies).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustedProxies).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,fd00::/8,loopback' }).trustedProxies).toEqual(
      ['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8', 'loopback'],
    );
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: .*"true" \(trust anyone\) is not accepted/,
    );
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/not an address or range: 10.0.0.0\/33/);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.example' })).toThrow(/TRUST_PROXY/);
  });

  it('refuses a header time-out longer than the request time-out', () => {
    expect(loadConfig({}).requestTimeoutMs).toBe(60_000);
    expect(() => loadConfig({ HEADERS_TIMEOUT_MS: '20000', REQUEST_TIMEOUT_MS: '10000' })).toThrow(
      'HEADERS_TIMEOUT_MS',
    );
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', HOST: '  ', DATABASE_URL: '' })).toMatchObject({
      port: 12391,
      host: '127.0.0.1',
      databaseUrl: undefined,
    });
  });

  it('reads every variable of the README table', () => {
    expect(CONFIG_VARIABLES).toEqual(
      expect.arrayContaining([
        'PORT',
        'HOST',
        'DATA_DIR',
        'DATABASE_URL',
        'REDIS_URL',
        'REDIS_PREFIX',
        'PUBLIC_URL',
        'ADMIN_USERNAME',
        'ADMIN_EMAIL',
        'ADMIN_PASSWORD',
        'SMTP_URL',
        'LOG_LEVEL',
        'JWT_SECRET',
        'UPLOAD_LIMIT_BYTES',
        'DEMO_DATA',
        'DEMO_PRODUCTS',
      ]),
    );
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://u:p@db:5432/app',
      REDIS_URL: 'redis://cache:6379',
      PUBLIC_URL: 'https://admin.example.com',
      ADMIN_EMAIL: 'ops@example.com',
      SMTP_URL: 'smtp://mail:25',
      JWT_SECRET: 'x'.repeat(40),
    });
    expect(config).toMatchObject({ port: 8080, redisUrl: 'redis://cache:6379', smtpUrl: 'smtp://mail:25' });
  });

  it.each([
    ['PORT', 'abc', 'PORT: must be a whole number'],
    ['PORT', '70000', 'PORT: must be between 0 and 65535'],
    ['DATABASE_URL', 'mysql://db/app', 'DATABASE_URL: must be a URL starting with postgres://'],
    ['REDIS_URL', 'not a url', 'REDIS_URL: must be a URL'],
    ['REDIS_PREFIX', 'has space', 'REDIS_PREFIX: may hold'],
    ['PUBLIC_URL', 'ftp://x', 'PUBLIC_URL: must be a URL starting with http://'],
    ['ADMIN_EMAIL', 'nope', 'ADMIN_EMAIL: must be an e-mail address'],
    ['ADMIN_PASSWORD', 'short', 'ADMIN_PASSWORD: must be at least 8 characters'],
    ['ADMIN_USERNAME', 'has space', 'ADMIN_USERNAME: may hold'],
    ['SMTP_URL', 'http://mail', 'SMTP_URL: must be a URL starting with smtp://'],
    ['LOG_LEVEL', 'loud', 'LOG_LEVEL: must be one of'],
    ['JWT_SECRET', 'too-short', 'JWT_SECRET: must be at least 32 characters'],
  ])('names the bad variable %s', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrowError(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrowError(message);
  });

  it('lists every bad variable at once and never echoes a value', () => {
    try {
      loadConfig({ PORT: 'x', JWT_SECRET: 'sekrit-value' });
      expect.unreachable();
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('JWT_SECRET');
      expect(message).not.toContain('sekrit-value');
    }
  });
});
