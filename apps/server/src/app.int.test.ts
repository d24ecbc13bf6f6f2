import {
  anyEnvelopeSchema,
  errorBodySchema,
  firstSettingDataSchema,
  tokenResponseSchema,
} from '@panelwright/contract';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSettings, screens, sessions, users } from './db/schema';
import { startTestServer, TEST_ADMIN, TEST_JWT_SECRET, type TestServer } from './testing/harness';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    beforeListen: (app) => {
      app.post('/api/v1/Test/Explode', async () => {
        throw new Error('secret internal detail: select * from users');
      });
    },
  });
});
afterAll(() => server.close());

describe('envelope and error model', () => {
  it('answers FisrtSetting anonymously with the envelope and the first-setting shape', async () => {
    const res = await server.call('GlobalAppSetting/FisrtSetting', { UIAppConfig: {} });
    expect(res.status).toBe(200);
    const envelope = anyEnvelopeSchema.parse(res.body);
    expect(envelope.StatusCode).toBe(1);
    const data = firstSettingDataSchema.parse(envelope.Data);
    expect(data.DefaultHomeURL).toBe('/home');
    expect(data.UIAppConfig.forgotPassword).toBe(true);
    expect(data.UIAppConfig.registerAccount).toBe(false);
    expect(data.UIAppConfig.primaryColor).toBe('#057e38');
    expect(data.LanguageList.map((l) => l.Value)).toEqual(['en', 'vn']);
    expect(data.UserLanguageCode).toBe('en');
  });

  it('also answers the FirstSetting alias', async () => {
    const res = await server.call('GlobalAppSetting/FirstSetting');
    expect(res.body.StatusCode).toBe(1);
  });

  it('accepts and ignores the common body fields', async () => {
    const res = await server.call('GlobalAppSetting/FisrtSetting', {
      UI_FirstID: 'x',
      AppName: 'Admin',
      Url: 'http://x/',
      DocumentWidth: 1024,
      UI_StartAt: 123,
      UI_TimezoneOffset: -420,
      UI_Language: 'en',
      Unexpected: { deep: [1, 2] },
    });
    expect(res.body.StatusCode).toBe(1);
  });

  it('puts X-Request-Id on every answer, success or failure', async () => {
    const answers = await Promise.all([
      server.call('GlobalAppSetting/FisrtSetting'),
      server.call('Nope/Missing'),
      server.call('ConfigMenu/CategoryScreenList'),
      server.fetch('/health/live'),
    ]);
    const ids = answers.map((a) => a.headers.get('x-request-id'));
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('answers 404 naming the unknown API', async () => {
    const res = await server.call('Nope/Missing');
    expect(res.status).toBe(404);
    expect(errorBodySchema.parse(res.body)).toEqual({
      status: 404,
      title: 'Not Found',
      error: 'not_found',
      error_description: 'Api Nope/Missing not found',
    });
  });

  it('never falls back to the web app under /api/v1/, even for GET', async () => {
    const res = await server.fetch('/api/v1/Some/Page');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
  });

  it('answers 400 for malformed JSON, naming the problem', async () => {
    const res = await server.fetch('/api/v1/GlobalAppSetting/FisrtSetting', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"UIAppConfig": ',
    });
    expect(res.status).toBe(400);
    const body = errorBodySchema.parse(await res.json());
    expect(body).toMatchObject({ status: 400, title: 'Bad Request', error: 'invalid_request' });
    expect(body.error_description).toMatch(/not valid JSON/);
  });

  it('answers 400 when the body is JSON but not an object', async () => {
    const res = await server.fetch('/api/v1/GlobalAppSetting/FisrtSetting', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '[1,2,3]',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as any).error_description).toMatch(/JSON object/);
  });

  it('answers 413 for an oversized body', async () => {
    const res = await server.fetch('/api/v1/GlobalAppSetting/FisrtSetting', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ UIAppConfig: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect((await res.json()) as any).toMatchObject({ status: 413, title: 'Payload Too Large' });
  });

  it('answers 415 for an unsupported content type', async () => {
    const res = await server.fetch('/api/v1/GlobalAppSetting/FisrtSetting', {
      method: 'POST',
      headers: { 'content-type': 'application/xml' },
      body: '<a/>',
    });
    expect(res.status).toBe(415);
  });

  it('answers 5xx with a title only, and logs the detail with the request id', async () => {
    const res = await server.call('Test/Explode');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ status: 500, title: 'Internal Server Error', error: 'server_error' });
    expect(res.text).not.toContain('secret internal detail');
    const requestId = res.headers.get('x-request-id');
    const logged = server.logs.find((line) => line.includes('secret internal detail'));
    expect(logged).toBeDefined();
    expect(logged).toContain(requestId);
  });
});

describe('token and authentication', () => {
  it('issues a token response for the right credentials', async () => {
    const res = await server.fetch('/oauth2/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', ...TEST_ADMIN, app_name: 'Admin' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = tokenResponseSchema.parse(await res.json());
    expect(body.token_type).toBe('Bearer');
    expect(body.user_name).toBe('admin');
    expect(JSON.parse(body.configs)).toEqual({ home_url: '/home' });
    expect(body.fa2_needenable).toBe(false);
  });

  it('answers 400 invalid_grant for a wrong password and for an unknown user alike', async () => {
    for (const [username, password] of [
      ['admin', 'wrong-password'],
      ['nobody-here', 'whatever-password'],
    ]) {
      const res = await server.fetch('/oauth2/token', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'password', username: username!, password: password! }),
      });
      expect(res.status).toBe(400);
      expect((await res.json()) as any).toEqual({
        status: 400,
        title: 'Bad Request',
        error: 'invalid_grant',
        error_description: 'The user name or password is incorrect.',
      });
    }
  });

  it('refuses other grant types and missing fields with 400', async () => {
    const wrongGrant = await server.fetch('/oauth2/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', username: 'a', password: 'b' }),
    });
    expect(wrongGrant.status).toBe(400);
    expect(((await wrongGrant.json()) as any).error).toBe('unsupported_grant_type');
    const missing = await server.fetch('/oauth2/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password' }),
    });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as any).error_description).toMatch(/username/);
  });

  it('stores the password as argon2id at the OWASP parameters', async () => {
    const [admin] = await server.database.db.select().from(users).where(eq(users.username, 'admin'));
    expect(admin?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(admin?.roles).toEqual(['admin']);
  });

  it('answers 401 for a missing, malformed or forged token', async () => {
    const missing = await server.call('ConfigMenu/CategoryScreenList');
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toContain('Bearer');
    const malformed = await server.fetch('/api/v1/ConfigMenu/CategoryScreenList', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Token abc' },
      body: '{}',
    });
    expect(malformed.status).toBe(401);
    const forged = await new SignJWT({ sid: crypto.randomUUID(), scope: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setExpirationTime('1h')
      .setIssuedAt()
      .sign(new TextEncoder().encode('another-secret-of-at-least-thirty-two-chars'));
    expect((await server.call('ConfigMenu/CategoryScreenList', {}, forged)).status).toBe(401);
    expect((await server.call('ConfigMenu/CategoryScreenList', {}, 'not.a.jwt')).status).toBe(401);
  });

  it('answers 401 for a well-signed token whose session does not exist', async () => {
    const orphan = await new SignJWT({ sid: crypto.randomUUID(), scope: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setExpirationTime('1h')
      .setIssuedAt()
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    expect((await server.call('ConfigMenu/CategoryScreenList', {}, orphan)).status).toBe(401);
  });

  it('answers 401 for an expired token', async () => {
    const token = await server.signIn();
    const { sid } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    const expired = await new SignJWT({ sid, scope: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    const res = await server.call('ConfigMenu/CategoryScreenList', {}, expired);
    expect(res.status).toBe(401);
    expect(res.body.error_description).toMatch(/expired/);
    // The session row also carries the expiry: a token outliving its session is refused too.
    await server.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, sid));
    expect((await server.call('ConfigMenu/CategoryScreenList', {}, token)).status).toBe(401);
  });

  it('revokes the token on logout', async () => {
    const token = await server.signIn();
    expect((await server.call('ConfigMenu/CategoryScreenList', {}, token)).status).toBe(200);
    const logout = await server.call('Account/Logout', {}, token);
    expect(logout.body).toMatchObject({ StatusCode: 1, Data: true });
    const after = await server.call('ConfigMenu/CategoryScreenList', {}, token);
    expect(after.status).toBe(401);
  });

  it('refuses the tokens of a disabled user at once', async () => {
    const token = await server.signIn();
    await server.database.db.update(users).set({ isDisabled: true }).where(eq(users.username, 'admin'));
    try {
      expect((await server.call('ConfigMenu/CategoryScreenList', {}, token)).status).toBe(401);
    } finally {
      await server.database.db.update(users).set({ isDisabled: false }).where(eq(users.username, 'admin'));
    }
  });
});

describe('start-up calls answer from the database', () => {
  it('lists the private screens for a signed-in user and the public ones in the first settings', async () => {
    await server.database.db.insert(screens).values([
      { uiUrl: '/orders/[id]', screenCode: 'orders', title: 'Orders', apiName: 'Order', uiType: 'table' },
      { uiUrl: '/about', screenCode: 'about', title: 'About', isPublic: true },
      { uiUrl: '/hidden', screenCode: 'hidden', title: 'Hidden', isEnabled: false },
    ]);
    server.app.services.caches.clear('Screens');
    const token = await server.signIn();
    const list = await server.call('ConfigMenu/CategoryScreenList', {}, token);
    expect(list.body.StatusCode).toBe(1);
    // An administrator also sees the administration's screens (issue 11).
    expect(
      list.body.Data.map((s: { ScreenCode: string }) => s.ScreenCode).filter(
        (code: string) => !code.startsWith('admin-'),
      ),
    ).toEqual(['orders']);
    expect(list.body.Data[0]).toMatchObject({
      UIUrl: '/orders/[id]',
      APIName: 'Order',
      UIType: 'table',
      Config: '{}',
    });
    const first = await server.call('GlobalAppSetting/FisrtSetting');
    expect(first.body.Data.PublicApiScreenList.map((s: { ScreenCode: string }) => s.ScreenCode)).toEqual([
      'about',
    ]);
  });

  it('takes the feature flags from the settings table after a cache refresh', async () => {
    await server.database.db
      .update(appSettings)
      .set({ value: { registerAccount: true, siteName: 'Back office' } })
      .where(eq(appSettings.key, 'ui_app_config'));
    server.app.services.caches.clear('ALL');
    const first = await server.call('GlobalAppSetting/FisrtSetting');
    expect(first.body.Data.UIAppConfig).toMatchObject({
      registerAccount: true,
      siteName: 'Back office',
      forgotPassword: true,
    });
  });

  it('tells a signed-in user to change the password when the account demands it', async () => {
    await server.database.db
      .update(users)
      .set({ mustChangePassword: true, languageCode: 'vn' })
      .where(eq(users.username, 'admin'));
    const token = await server.signIn();
    const first = await server.call('GlobalAppSetting/FisrtSetting', {}, token);
    expect(first.body.Data).toMatchObject({ IsNeedCheckChangePass: true, UserLanguageCode: 'vn' });
    expect(first.body.Data.Message_IsNeedChangePass).not.toBe('');
    await server.database.db
      .update(users)
      .set({ mustChangePassword: false, languageCode: 'en' })
      .where(eq(users.username, 'admin'));
  });
});

describe('operations', () => {
  it('answers the health checks', async () => {
    expect(await (await server.fetch('/health/live')).json()).toEqual({ status: 'ok' });
    const ready = await server.fetch('/health/ready');
    expect(ready.status).toBe(200);
    expect(((await ready.json()) as any).status).toBe('ok');
  });

  it('sends the security headers on every answer', async () => {
    for (const res of [await server.fetch('/health/live'), await server.fetch('/api/v1/x/y')]) {
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain("'unsafe-inline'; script");
      expect(csp).toContain("frame-ancestors 'self'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('strict-transport-security')).toBeNull();
    }
  });
});

describe('logs', () => {
  it('never contain a password, a token or the signing secret', async () => {
    const token = await server.signIn();
    await server.call('ConfigMenu/CategoryScreenList', {}, token);
    await server.fetch(`/api/v1/NotificationHub?access_token=${token}`);
    await server.fetch('/oauth2/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', username: 'admin', password: 'typo-Secret-123' }),
    });
    const all = server.logs.join('\n');
    expect(all.length).toBeGreaterThan(0);
    expect(all).toContain('/api/v1/NotificationHub?access_token=[Redacted]');
    for (const secret of [
      TEST_ADMIN.password,
      'typo-Secret-123',
      token,
      token.split('.')[2]!,
      TEST_JWT_SECRET,
    ]) {
      expect(all).not.toContain(secret);
    }
  });
});
