import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, authFailures, users } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { startTestServer, type TestServer } from '../../testing/harness';
import { emailOfLogin, startTestOidcProvider, type TestOidcProvider } from '../../testing/oidc-provider';
import { OIDC_NO_ACCOUNT, OIDC_NOT_COMPLETED, OIDC_UNVERIFIED_EMAIL } from './oidc-service';

const PUBLIC_URL = 'https://admin.example.com';
let server: TestServer;
let provider: TestOidcProvider;
let adminToken = '';

beforeAll(async () => {
  provider = await startTestOidcProvider();
  server = await startTestServer({
    env: {
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      PUBLIC_URL,
      TRUST_PROXY: '127.0.0.1,::1',
    },
  });
  provider.register(`${PUBLIC_URL}/redirect`);
  adminToken = await server.signIn();
});
afterAll(async () => {
  await server?.close();
  await provider?.close();
});
beforeEach(async () => {
  await server.database.db.delete(authFailures);
  await server.setSetting('ui_app_config', { oidcLogin: true, oidcProviderName: 'Test ID' });
  await server.setSetting('security', { oidcDefaultRole: 'staff' });
});

/** The browser's round trip: start, sign in at the provider, come back with code and state. */
async function signInThroughProvider(login: string, headers: Record<string, string> = {}) {
  const start = await server.call('Account/OidcStart', {});
  expect(start.status).toBe(200);
  const { Url, State, Pending } = start.body.Data;
  const back = await provider.signInAs(Url, login);
  const answer = await call(
    'Account/OidcLogin',
    {
      Code: back.searchParams.get('code'),
      State: back.searchParams.get('state'),
      Iss: back.searchParams.get('iss') ?? undefined,
      Pending,
    },
    headers,
  );
  return { start: { Url, State, Pending }, back, answer };
}

async function call(name: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await server.fetch(`/api/v1/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any };
}

const usersWithEmail = (email: string) =>
  server.database.db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));

describe('OpenID Connect sign-in', () => {
  it('tells the client a provider is configured, with its name, and refuses while switched off', async () => {
    const first = await server.call('GlobalAppSetting/FisrtSetting', {});
    expect(first.body.Data.UIAppConfig).toMatchObject({
      oidcLogin: true,
      oidcConfigured: true,
      oidcProviderName: 'Test ID',
    });
    await server.setSetting('ui_app_config', { oidcLogin: false });
    const refused = await server.call('Account/OidcStart', {});
    expect(refused.status).toBe(403);
  });

  it('starts the authorization code flow at the discovered endpoint with PKCE (S256), state and nonce', async () => {
    const start = await server.call('Account/OidcStart', {});
    const url = new URL(start.body.Data.Url);
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('client_id')).toBe(provider.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/redirect`);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('state')).toBe(start.body.Data.State);
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    // The verifier and the nonce are not readable in what the browser keeps.
    expect(start.body.Data.Pending).not.toContain(url.searchParams.get('nonce'));
  });

  it('creates an account with the default role at the first sign-in and finds the same one at the second', async () => {
    const { answer } = await signInThroughProvider('grace');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ StatusCode: 1 });
    const token = answer.body.Data.access_token as string;
    expect(token).toBeTruthy();
    const [created, ...others] = await usersWithEmail(emailOfLogin('grace'));
    expect(others).toHaveLength(0);
    expect(created).toMatchObject({ roles: ['staff'], displayName: 'Person grace', passwordHash: null });
    const profile = await server.call('Account/MyProfile', {}, token);
    expect(profile.body.Data).toMatchObject({ Email: 'grace@example.com', Roles: ['staff'] });

    const again = await signInThroughProvider('grace');
    expect(again.answer.body.Data.user_id).toBe(created?.id);
    expect(await usersWithEmail(emailOfLogin('grace'))).toHaveLength(1);
    const audits = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'oidc_sign_in'));
    expect(audits.filter((row) => row.userId === created?.id && row.outcome === 'success')).toHaveLength(2);
  });

  it('matches an existing account by its verified e-mail, whatever its case', async () => {
    const [existing] = await server.database.db
      .insert(users)
      .values({ username: 'ada', displayName: 'Ada', email: 'Ada.L@example.com', roles: ['viewer'] })
      .returning();
    const { answer } = await signInThroughProvider('ada.l@example.com');
    expect(answer.body.Data.user_id).toBe(existing?.id);
    expect(await usersWithEmail('ada.l@example.com')).toHaveLength(1);
  });

  it('refuses a state that is not the one sent, or a sealed start that was tampered with, and signs no one in', async () => {
    const start = await server.call('Account/OidcStart', {});
    const back = await provider.signInAs(start.body.Data.Url, 'mallory');
    const wrongState = await call('Account/OidcLogin', {
      Code: back.searchParams.get('code'),
      State: 'another-state',
      Iss: back.searchParams.get('iss'),
      Pending: start.body.Data.Pending,
    });
    expect(wrongState.body).toMatchObject({ StatusCode: 0, Msg: OIDC_NOT_COMPLETED });
    const tampered = await call('Account/OidcLogin', {
      Code: back.searchParams.get('code'),
      State: back.searchParams.get('state'),
      Iss: back.searchParams.get('iss'),
      Pending: `${start.body.Data.Pending.slice(0, -4)}AAAA`,
    });
    expect(tampered.body).toMatchObject({ StatusCode: 0, Msg: OIDC_NOT_COMPLETED });
    // Another start's sealed state with this code: its verifier and nonce do not fit.
    const other = await server.call('Account/OidcStart', {});
    const swapped = await call('Account/OidcLogin', {
      Code: back.searchParams.get('code'),
      State: other.body.Data.State,
      Iss: back.searchParams.get('iss'),
      Pending: other.body.Data.Pending,
    });
    expect(swapped.body).toMatchObject({ StatusCode: 0, Msg: OIDC_NOT_COMPLETED });
    expect(await usersWithEmail(emailOfLogin('mallory'))).toHaveLength(0);
    const refusals = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'oidc_sign_in'));
    expect(refusals.map((row) => row.outcome)).toEqual(expect.arrayContaining(['bad_state', 'not_verified']));
  });

  it('refuses an e-mail the provider did not verify', async () => {
    const { answer } = await signInThroughProvider('unverified-eve');
    expect(answer.body).toMatchObject({ StatusCode: 0, Msg: OIDC_UNVERIFIED_EMAIL });
    expect(await usersWithEmail(emailOfLogin('unverified-eve'))).toHaveLength(0);
  });

  it('makes no account without a default role, and refuses an administrator role or an unknown one as the default', async () => {
    await server.setSetting('security', { oidcDefaultRole: '' });
    const { answer } = await signInThroughProvider('nobody-yet');
    expect(answer.body).toMatchObject({ StatusCode: 0, Msg: OIDC_NO_ACCOUNT });
    expect(await usersWithEmail(emailOfLogin('nobody-yet'))).toHaveLength(0);

    const admin = await server.call(
      'GlobalAppSetting/SaveSettings',
      { Security: { oidcDefaultRole: 'admin' } },
      adminToken,
    );
    expect(admin.body).toMatchObject({ StatusCode: 0 });
    expect(admin.body.Msg).toContain('may not be administrators');
    const unknown = await server.call(
      'GlobalAppSetting/SaveSettings',
      { Security: { oidcDefaultRole: 'no-such' } },
      adminToken,
    );
    expect(unknown.body).toMatchObject({ StatusCode: 0, Msg: 'No role has the code "no-such".' });
    const saved = await server.call(
      'GlobalAppSetting/SaveSettings',
      { Security: { oidcDefaultRole: 'viewer' } },
      adminToken,
    );
    expect(saved.body).toMatchObject({ StatusCode: 1 });
    expect(saved.body.Data.Security.oidcDefaultRole).toBe('viewer');
  });

  it('keeps the second factor: an account with one gets the verify step, not a session', async () => {
    await server.database.db.insert(users).values({
      username: 'two-factor-tom',
      displayName: 'Tom',
      email: 'tom@example.com',
      roles: ['staff'],
      fa2Enabled: true,
      fa2Method: 'totp',
    });
    const { answer } = await signInThroughProvider('tom');
    expect(answer.body.Data).toMatchObject({ access_token: '', fa2_needverify: true });
    expect(answer.body.Data.fa2_token).toBeTruthy();
  });

  it('keeps a forced password change: the session may do nothing else first', async () => {
    await server.database.db.insert(users).values({
      username: 'forced-fay',
      displayName: 'Fay',
      email: 'fay@example.com',
      roles: ['staff'],
      passwordHash: await hashPassword('Temporary-Pa55!'),
      mustChangePassword: true,
    });
    const { answer } = await signInThroughProvider('fay');
    const token = answer.body.Data.access_token as string;
    expect(token).toBeTruthy();
    const blocked = await server.call('ProjectScreenHeader/ProjectScreens', {}, token);
    expect(blocked.status).toBe(403);
  });

  it('refuses a disabled account and keeps the lockout of an account slowed by failed passwords', async () => {
    await server.database.db.insert(users).values({
      username: 'disabled-dan',
      displayName: 'Dan',
      email: 'dan@example.com',
      roles: ['staff'],
      isDisabled: true,
    });
    const disabled = await signInThroughProvider('dan');
    expect(disabled.answer.status).toBe(400);
    expect(disabled.answer.body.error_description).toBe('This account is disabled.');
    expect(await usersWithEmail('dan@example.com')).toHaveLength(1);

    await server.database.db.insert(users).values({
      username: 'targeted-tia',
      displayName: 'Tia',
      email: 'tia@example.com',
      roles: ['staff'],
      passwordHash: await hashPassword('Right-Password-1'),
    });
    for (let i = 0; i < 11; i++) {
      await server.tokenCall('targeted-tia', `guess-${i}-password`, {
        'x-forwarded-for': `198.51.100.${i + 1}`,
      });
    }
    const slowed = await signInThroughProvider('tia', { 'x-forwarded-for': '203.0.113.80' });
    expect(slowed.answer.status).toBe(429);
    // The same refusal, in the same words, as the right password gets at that address.
    const password = await server.tokenCall('targeted-tia', 'Right-Password-1', {
      'x-forwarded-for': '203.0.113.80',
    });
    expect(password.status).toBe(429);
    expect(slowed.answer.body.error_description).toBe(
      'Sign-in to this account is slowed after many failed attempts. Try again in 1 minute, or use the unlock link mailed to its owner.',
    );
    expect(slowed.answer.body.error_description).toBe(password.body.error_description);
  });

  it("clears the account's failure count when it signs in, as a right password does", async () => {
    await server.database.db.insert(users).values({
      username: 'forgetful-fred',
      displayName: 'Fred',
      email: 'fred@example.com',
      roles: ['staff'],
      passwordHash: await hashPassword('Right-Password-1'),
    });
    const from = { 'x-forwarded-for': '203.0.113.90' };
    for (let i = 0; i < 4; i++) await server.tokenCall('forgetful-fred', `wrong-${i}-password`, from);
    const failuresOf = (kind: string, key: string) =>
      server.database.db
        .select()
        .from(authFailures)
        .where(sql`${authFailures.kind} = ${kind} and ${authFailures.key} = ${key}`);
    expect(await failuresOf('signin_account', 'forgetful-fred')).toHaveLength(4);

    const { answer } = await signInThroughProvider('fred', from);
    expect(answer.body.Data.access_token).toBeTruthy();
    expect(await failuresOf('signin_account', 'forgetful-fred')).toHaveLength(0);
    expect(await failuresOf('signin_pair', 'forgetful-fred|203.0.113.90')).toHaveLength(0);
  });
});
