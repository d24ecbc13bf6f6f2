import { createServer, type Server } from 'node:http';
import { desc, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, authFailures, mailOutbox, passwordResetTokens, sessions, users } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { startTestServer, TEST_ADMIN, type TestServer } from '../../testing/harness';
import { FORGOT_ANSWER_FLOOR_MS, FORGOT_MESSAGE } from './password-reset-service';

let server: TestServer;
let provider: Server;
let providerUrl = '';
/** The fake social provider knows one token. */
const SOCIAL_TOKENS: Record<string, object> = {
  'good-token': { sub: '1', email: 'ada@example.com', email_verified: true, name: 'Ada' },
  'new-person': { sub: '2', email: 'new.person@example.com', email_verified: true, name: 'New Person' },
  unverified: { sub: '3', email: 'ada@example.com', email_verified: false },
  'role-less': { sub: '4', email: 'role.less@example.com', email_verified: true, name: 'Role Less' },
  'viewer-to-be': { sub: '5', email: 'viewer.to.be@example.com', email_verified: true, name: 'Vee' },
  'lena-token': { sub: '6', email: 'lena@example.com', email_verified: true, name: 'Lena' },
  'dora-token': { sub: '7', email: 'Dora@Example.com', email_verified: true, name: 'Dora' },
};

beforeAll(async () => {
  provider = createServer((req, res) => {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const user = SOCIAL_TOKENS[token];
    res.writeHead(user ? 200 : 401, { 'content-type': 'application/json' });
    res.end(JSON.stringify(user ?? { error: 'invalid_token' }));
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  const address = provider.address();
  providerUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/userinfo`;
  server = await startTestServer({
    env: {
      SOCIAL_USERINFO_URL: providerUrl,
      PUBLIC_URL: 'https://admin.example.com',
      TRUST_PROXY: '127.0.0.1,::1',
    },
  });
});
afterAll(async () => {
  await server.close();
  provider.close();
});

async function createUser(
  username: string,
  password: string,
  extra: Partial<typeof users.$inferInsert> = {},
) {
  const [user] = await server.database.db
    .insert(users)
    .values({
      username,
      displayName: username,
      roles: ['staff'],
      passwordHash: await hashPassword(password),
      ...extra,
    })
    .returning();
  return user!;
}

const lastAudit = async (action: string) =>
  (
    await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, action))
      .orderBy(desc(auditLog.id))
      .limit(1)
  )[0];

describe('sign-in throttling and audit', () => {
  beforeEach(async () => {
    await server.database.db.delete(authFailures);
  });

  it('refuses one address after 10 failures on an account with 429 and Retry-After, even the right password, for 10 minutes', async () => {
    await createUser('throttled', 'Right-Password-1');
    for (let i = 0; i < 10; i++) {
      expect((await server.tokenCall('throttled', `wrong-${i}-password`)).status).toBe(400);
    }
    const blocked = await server.tokenCall('throttled', `wrong-again-password`);
    expect(blocked.status).toBe(429);
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(500);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(blocked.body).toMatchObject({ status: 429, error: 'rate_limited' });
    const right = await server.tokenCall('throttled', 'Right-Password-1');
    expect(right.status).toBe(429);
    expect((await lastAudit('sign_in'))?.outcome).toBe('throttled');
    // Another address is only slowed by the account's failures, not refused for 10 minutes.
    const elsewhere = await server.tokenCall('throttled', 'Right-Password-1', {
      'x-forwarded-for': '192.0.2.77',
    });
    expect(Number(elsewhere.headers.get('retry-after'))).toBeLessThanOrEqual(60);

    // Once the failures leave the window, the right password works again.
    await server.database.db
      .update(authFailures)
      .set({ at: new Date(Date.now() - 11 * 60 * 1000) })
      .where(like(authFailures.key, 'throttled%'));
    expect((await server.tokenCall('throttled', 'Right-Password-1')).status).toBe(200);
  });

  it('does not lock an account for nine failures, and a success clears its count', async () => {
    await createUser('nine-times', 'Right-Password-1');
    for (let i = 0; i < 9; i++) await server.tokenCall('nine-times', 'wrong-password-x');
    expect((await server.tokenCall('nine-times', 'Right-Password-1')).status).toBe(200);
    for (let i = 0; i < 9; i++) await server.tokenCall('nine-times', 'wrong-password-x');
    expect((await server.tokenCall('nine-times', 'Right-Password-1')).status).toBe(200);
  });

  it('throttles an address that tries many accounts', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.9' };
    for (let i = 0; i < 30; i++) {
      expect((await server.tokenCall(`sprayed-${i}`, 'Password-123!', headers)).status).toBe(400);
    }
    expect((await server.tokenCall(TEST_ADMIN.username, TEST_ADMIN.password, headers)).status).toBe(429);
    // Another address is not affected.
    expect(
      (
        await server.tokenCall(TEST_ADMIN.username, TEST_ADMIN.password, {
          'x-forwarded-for': '203.0.113.10',
        })
      ).status,
    ).toBe(200);
  });

  it('never refuses the owner at an address they signed in from; new addresses wait longer after each failure; the owner unlocks with the mailed link', async () => {
    const owner = await createUser('targeted', 'Right-Password-1', { email: 'targeted@example.com' });
    const home = { 'x-forwarded-for': '192.0.2.10' };
    const newPlace = { 'x-forwarded-for': '203.0.113.50' };
    expect((await server.tokenCall('targeted', 'Right-Password-1', home)).status).toBe(200);
    // Guesses spread over many addresses, as a botnet would: 10 are checked, then they are slowed.
    for (let i = 0; i < 12; i++) {
      const guess = await server.tokenCall('targeted', `guess-${i}-password`, {
        'x-forwarded-for': `198.51.100.${i + 1}`,
      });
      expect(guess.status).toBe(i < 10 ? 400 : 429);
    }
    const slowed = await server.tokenCall('targeted', 'Right-Password-1', newPlace);
    expect(slowed.status).toBe(429);
    expect(Number(slowed.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(slowed.body.error_description).toBe(
      'Sign-in to this account is slowed after many failed attempts. Try again in 1 minute, or use the unlock link mailed to its owner.',
    );
    // Once the wait has passed, one more guess is checked, and the next wait is longer.
    const waitPasses = () =>
      server.database.db
        .update(authFailures)
        .set({ at: sql`${authFailures.at} - interval '61 seconds'` })
        .where(eq(authFailures.key, 'targeted'));
    await waitPasses();
    expect(
      (await server.tokenCall('targeted', 'guess-late-password', { 'x-forwarded-for': '198.51.100.99' }))
        .status,
    ).toBe(400);
    const longer = await server.tokenCall('targeted', 'Right-Password-1', newPlace);
    expect(longer.status).toBe(429);
    expect(Number(longer.headers.get('retry-after'))).toBeGreaterThan(60);
    expect(Number(longer.headers.get('retry-after'))).toBeLessThanOrEqual(120);

    // The owner's first slowed attempt mailed them an unlock link (one mail for the burst).
    const mails = await server.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, 'targeted@example.com'));
    expect(mails).toHaveLength(1);
    const key =
      /https:\/\/admin\.example\.com\/unlock-account\/([\w-]+)/.exec(mails[0]?.body ?? '')?.[1] ?? '';
    expect(key.length).toBeGreaterThanOrEqual(43);

    // At the address they signed in from before, the right password is not refused at all.
    expect((await server.tokenCall('targeted', 'Right-Password-1', home)).status).toBe(200);

    // The guessing goes on; the link unlocks the new place, which then counts as the owner's.
    await waitPasses();
    for (let i = 0; i < 12; i++) {
      await server.tokenCall('targeted', `guess-${i}-again`, { 'x-forwarded-for': `198.51.100.${i + 1}` });
    }
    expect((await server.tokenCall('targeted', 'Right-Password-1', newPlace)).status).toBe(429);
    const unlocked = await server.fetch('/api/v1/Account/Unlock', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...newPlace },
      body: JSON.stringify({ UnlockKey: key }),
    });
    expect(await unlocked.json()).toMatchObject({
      StatusCode: 1,
      Msg: 'Your account is unlocked. You can sign in now.',
    });
    for (let i = 0; i < 12; i++) {
      await server.tokenCall('targeted', `guess-${i}-third`, { 'x-forwarded-for': `198.51.100.${i + 1}` });
    }
    expect((await server.tokenCall('targeted', 'Right-Password-1', newPlace)).status).toBe(200);
    // A link works once.
    const again = await server.call('Account/Unlock', { UnlockKey: key });
    expect(again.body).toMatchObject({ StatusCode: 0, Msg: 'This unlock link is not valid or has expired.' });
    expect(await lastAudit('unlock')).toMatchObject({ outcome: 'mailed_link', userId: owner.id });
  });

  it('answers an unknown user name like a known one, and mails nobody', async () => {
    const mailCount = async () => (await server.database.db.select().from(mailOutbox)).length;
    const before = await mailCount();
    for (let i = 0; i < 11; i++) {
      await server.tokenCall('no-such-user', `guess-${i}-password`, {
        'x-forwarded-for': `198.51.100.${i + 1}`,
      });
    }
    const slowed = await server.tokenCall('no-such-user', 'Right-Password-1', {
      'x-forwarded-for': '203.0.113.51',
    });
    expect(slowed.status).toBe(429);
    expect(slowed.body.error_description).toMatch(/^Sign-in to this account is slowed/);
    expect(await mailCount()).toBe(before);
  });

  it('an administrator unlocks an account from Users; nobody else may', async () => {
    const stuck = await createUser('stuck', 'Right-Password-1');
    for (let i = 0; i < 10; i++) await server.tokenCall('stuck', `wrong-${i}-password`);
    expect((await server.tokenCall('stuck', 'Right-Password-1')).status).toBe(429);
    const staff = await server.createUser('not-an-admin');
    expect((await server.call('User/Unlock', { Id: stuck.id }, staff.token)).status).toBe(403);
    expect((await server.tokenCall('stuck', 'Right-Password-1')).status).toBe(429);
    const admin = await server.signIn();
    const unlocked = await server.call('User/Unlock', { Id: stuck.id }, admin);
    expect(unlocked.body).toMatchObject({
      StatusCode: 1,
      Msg: 'Sign-in of stuck is unlocked: its failed attempts are forgotten.',
    });
    expect((await server.tokenCall('stuck', 'Right-Password-1')).status).toBe(200);
    expect((await server.call('User/Unlock', { Id: 999_999 }, admin)).body.StatusCode).toBe(0);
  });

  it('writes every attempt to the audit log with address and outcome, never the password', async () => {
    await server.tokenCall(TEST_ADMIN.username, 'Secret-Wrong-Pass', { 'x-forwarded-for': '198.51.100.7' });
    const failure = await lastAudit('sign_in');
    expect(failure).toMatchObject({ outcome: 'failure', ip: '198.51.100.7' });
    expect(failure?.details).toEqual({ username: TEST_ADMIN.username });
    await server.tokenCall(TEST_ADMIN.username, TEST_ADMIN.password, { 'x-forwarded-for': '198.51.100.7' });
    expect(await lastAudit('sign_in')).toMatchObject({ outcome: 'success', ip: '198.51.100.7' });
    const all = JSON.stringify(await server.database.db.select().from(auditLog));
    expect(all).not.toContain('Secret-Wrong-Pass');
    expect(all).not.toContain(TEST_ADMIN.password);
  });
});

describe('registration', () => {
  const body = (over: Record<string, unknown> = {}) => ({
    UserName: 'newbie',
    DisplayName: 'New Bie',
    Email: 'newbie@example.com',
    PhoneNumber: '+84 90 123 4567',
    Password: 'Tr1cky-Horse-Battery',
    ConfirmPassword: 'Tr1cky-Horse-Battery',
    ...over,
  });

  it('answers 403 while registration is off', async () => {
    await server.setSetting('ui_app_config', { registerAccount: false });
    const res = await server.call('Account/Register', body());
    expect(res.status).toBe(403);
    expect(await server.database.db.select().from(users).where(eq(users.username, 'newbie'))).toHaveLength(0);
  });

  it('checks the password rules and answers a sign-in when on', async () => {
    await server.setSetting('ui_app_config', { registerAccount: true });
    await server.createUser('taken-name');
    const cases: [Record<string, unknown>, string][] = [
      [{ Password: '' }, 'Please fill your password'],
      [{ ConfirmPassword: 'something-else' }, 'Password and Confirm Password must be match'],
      [{ Password: 'Sh0rt!', ConfirmPassword: 'Sh0rt!' }, 'at least 8 characters'],
      [{ Password: 'x'.repeat(129), ConfirmPassword: 'x'.repeat(129) }, 'at most 128 characters'],
      [{ Password: 'Password123', ConfirmPassword: 'Password123' }, 'too common'],
      [{ Password: 'iloveyou', ConfirmPassword: 'iloveyou' }, 'too common'],
      [{ UserName: 'a b' }, 'user name'],
      [{ Email: 'not-an-address' }, 'e-mail'],
      [{ UserName: 'taken-name' }, 'already taken'],
      [{ UserName: TEST_ADMIN.username }, 'This name is reserved'],
      // Names that would pass for the product's operators are nobody's to take.
      [{ UserName: 'administrator' }, 'This name is reserved'],
      [{ UserName: 'system' }, 'This name is reserved'],
      [{ DisplayName: 'Admin' }, 'This name is reserved'],
      [{ DisplayName: 'System Support' }, 'This name is reserved'],
    ];
    for (const [over, message] of cases) {
      const res = await server.call('Account/Register', body(over));
      expect(res.status, JSON.stringify(over)).toBe(200);
      expect(res.body.StatusCode).toBe(0);
      expect(res.body.Msg).toContain(message);
    }
    const ok = await server.call('Account/Register', body());
    expect(ok.body.StatusCode).toBe(1);
    expect(ok.body.Data).toMatchObject({ user_name: 'newbie', name: 'New Bie', token_type: 'Bearer' });
    expect((await server.call('Account/MyProfile', {}, ok.body.Data.access_token)).body.Data).toMatchObject({
      UserName: 'newbie',
      Email: 'newbie@example.com',
    });
    await server.setSetting('ui_app_config', {});
  });

  it("gives a registered account the settings' default role, and no role at all when none is set", async () => {
    await server.setSetting('ui_app_config', { registerAccount: true });
    await server.setSetting('security', { oidcDefaultRole: '' });
    const bare = await server.call('Account/Register', body({ UserName: 'no-role-nell', Email: '' }));
    expect(bare.body.StatusCode).toBe(1);
    const bareProfile = await server.call('Account/MyProfile', {}, bare.body.Data.access_token);
    expect(bareProfile.body.Data).toMatchObject({ Role: '', Roles: [] });
    const [bareRow] = await server.database.db.select().from(users).where(eq(users.username, 'no-role-nell'));
    expect(bareRow?.roles).toEqual([]);

    await server.setSetting('security', { oidcDefaultRole: 'viewer' });
    const viewer = await server.call('Account/Register', body({ UserName: 'viewer-vic', Email: '' }));
    expect(viewer.body.StatusCode).toBe(1);
    const profile = await server.call('Account/MyProfile', {}, viewer.body.Data.access_token);
    expect(profile.body.Data).toMatchObject({ Role: 'viewer', Roles: ['viewer'] });
    await server.setSetting('security', {});
    await server.setSetting('ui_app_config', {});
  });
});

describe('profile and password change', () => {
  it('refuses a display name imitating a reserved one, changing nothing', async () => {
    const user = await server.createUser('would-be-admin');
    for (const name of ['admin', 'Administrator', 'ADM1N', 'аdmin', 'system', 'The Admin']) {
      const res = await server.call(
        'Account/UpdateFields',
        { Values: [{ FieldName: 'DisplayName', NewValue: name }] },
        user.token,
      );
      expect(res.body.StatusCode, name).toBe(0);
      expect(res.body.Msg).toBe('This name is reserved; choose another one.');
    }
    const [stored] = await server.database.db.select().from(users).where(eq(users.id, user.id));
    expect(stored?.displayName).toBe('would-be-admin');
    const fine = await server.call(
      'Account/UpdateFields',
      { Values: [{ FieldName: 'DisplayName', NewValue: 'Adminton Smith' }] },
      user.token,
    );
    expect(fine.body.Data.DisplayName).toBe('Adminton Smith');
  });

  it("keeps the administrator's own reserved name when the profile form sends it back unchanged", async () => {
    const token = await server.signIn();
    const [admin] = await server.database.db
      .select()
      .from(users)
      .where(eq(users.username, TEST_ADMIN.username));
    const saved = await server.call(
      'Account/UpdateFields',
      {
        Values: [
          { FieldName: 'DisplayName', NewValue: admin?.displayName ?? '' },
          { FieldName: 'AvatarUrl', NewValue: '/config/logo.png' },
        ],
      },
      token,
    );
    expect(saved.body.StatusCode, saved.text).toBe(1);
    expect(saved.body.Data.AvatarUrl).toBe('/config/logo.png');
  });

  it('updates allowed profile fields, normalises vi to vn, refuses others', async () => {
    const token = await server.signIn();
    const res = await server.call(
      'Account/UpdateFields',
      { Values: [{ FieldName: 'LanguageCode', NewValue: 'vi' }] },
      token,
    );
    expect(res.body.Data.LanguageCode).toBe('vn');
    const refused = await server.call(
      'Account/UpdateFields',
      { Values: [{ FieldName: 'Role', NewValue: 'admin' }] },
      token,
    );
    expect(refused.body.StatusCode).toBe(0);
    const bad = await server.call(
      'Account/UpdateFields',
      { Values: [{ FieldName: 'Email', NewValue: 'nope' }] },
      token,
    );
    expect(bad.body.StatusCode).toBe(0);
    await server.call(
      'Account/UpdateFields',
      { Values: [{ FieldName: 'LanguageCode', NewValue: 'en' }] },
      token,
    );
  });

  it('changes the password, ending the other sessions but not this one', async () => {
    await createUser('changer', 'Old-Password-77');
    const other = await server.signIn('changer', 'Old-Password-77');
    const mine = await server.signIn('changer', 'Old-Password-77');
    const wrong = await server.call(
      'Account/ChangePassword',
      { OldPassword: 'nope', NewPassword: 'New-Password-88', ConfirmPassword: 'New-Password-88' },
      mine,
    );
    expect(wrong.body).toMatchObject({ StatusCode: 0, Msg: 'The old password is incorrect.' });
    const mismatch = await server.call(
      'Account/ChangePassword',
      { OldPassword: 'Old-Password-77', NewPassword: 'New-Password-88', ConfirmPassword: 'x' },
      mine,
    );
    expect(mismatch.body.Msg).toBe('Password and Confirm Password must be match');
    const ok = await server.call(
      'Account/ChangePassword',
      { OldPassword: 'Old-Password-77', NewPassword: 'New-Password-88', ConfirmPassword: 'New-Password-88' },
      mine,
    );
    expect(ok.body.StatusCode).toBe(1);
    expect((await server.call('Account/MyProfile', {}, mine)).status).toBe(200);
    expect((await server.call('Account/MyProfile', {}, other)).status).toBe(401);
    expect((await server.tokenCall('changer', 'New-Password-88')).status).toBe(200);
  });
});

describe('forgot and reset password', () => {
  it('answers the same text, no sooner than the floor, for known and unknown addresses', async () => {
    await createUser('forgetful', 'Forgot-Me-Not-1', { email: 'forgetful@example.com' });
    const started = Date.now();
    const known = await server.call('Account/ForgotPassword', { Email: 'Forgetful@Example.com' });
    const knownTook = Date.now() - started;
    const startedUnknown = Date.now();
    const unknown = await server.call('Account/ForgotPassword', { Email: 'nobody@example.com' });
    const unknownTook = Date.now() - startedUnknown;
    expect(known.body).toEqual({ ...unknown.body, TotalMili: known.body.TotalMili });
    expect(known.body.Msg).toBe(FORGOT_MESSAGE);
    expect(knownTook).toBeGreaterThanOrEqual(FORGOT_ANSWER_FLOOR_MS);
    expect(unknownTook).toBeGreaterThanOrEqual(FORGOT_ANSWER_FLOOR_MS);
  });

  it('mails one recipient at most 3 times an hour and answers one address at most 20 times, always with the same text', async () => {
    await createUser('flooded', 'Flooded-Password-1', { email: 'flooded@example.com' });
    const asked = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        server.fetch('/api/v1/Account/ForgotPassword', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `192.0.2.${100 + i}` },
          body: JSON.stringify({ Email: 'flooded@example.com' }),
        }),
      ),
    );
    for (const answer of asked) expect(((await answer.json()) as { Msg: string }).Msg).toBe(FORGOT_MESSAGE);
    const mailed = async (recipient: string) =>
      (await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, recipient))).length;
    expect(await mailed('flooded@example.com')).toBe(3);

    // One address asking for many recipients: past 20, nothing more is sent, whoever it names.
    await createUser('bystander', 'Bystander-Password-1', { email: 'bystander@example.com' });
    const fromOne = (email: string) =>
      server.fetch('/api/v1/Account/ForgotPassword', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.99' },
        body: JSON.stringify({ Email: email }),
      });
    await Promise.all(Array.from({ length: 20 }, (_, i) => fromOne(`unknown-${i}@example.com`)));
    const last = await fromOne('bystander@example.com');
    expect(((await last.json()) as { Msg: string }).Msg).toBe(FORGOT_MESSAGE);
    expect(await mailed('bystander@example.com')).toBe(0);
  });

  it('sends a single-use link that resets the password and ends every session', async () => {
    await createUser('resetter', 'Before-Reset-11', { email: 'resetter@example.com' });
    const session = await server.signIn('resetter', 'Before-Reset-11');
    await server.call('Account/ForgotPassword', { Email: 'resetter@example.com' });
    const [mail] = await server.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, 'resetter@example.com'));
    expect(mail?.status).toBe('kept');
    const link = /(https:\/\/admin\.example\.com\/reset-password\/[\w-]+)/.exec(mail?.body ?? '')?.[1];
    expect(link).toBeDefined();
    const key = link!.split('/').pop()!;
    // The outbox holds the link; the log never does, whatever the configuration (issue 20).
    expect(server.logs.join('\n')).not.toContain(key);
    expect(key.length).toBeGreaterThanOrEqual(43);
    // Only a hash is stored.
    const stored = await server.database.db.select().from(passwordResetTokens);
    expect(JSON.stringify(stored)).not.toContain(key);

    expect((await server.call('Account/ValidateToken', { PasswordKey: key })).body.Data).toEqual({
      IsValid: true,
      Msg: '',
    });
    const empty = await server.call('Account/ResetPassword', {
      PasswordKey: key,
      Password: '',
      ConfirmPassword: '',
    });
    expect(empty.body.Msg).toBe('Please fill your password');
    const mismatch = await server.call('Account/ResetPassword', {
      PasswordKey: key,
      Password: 'After-Reset-22',
      ConfirmPassword: 'After',
    });
    expect(mismatch.body.Msg).toBe('Password and Confirm Password must be match');
    const ok = await server.call('Account/ResetPassword', {
      PasswordKey: key,
      Password: 'After-Reset-22',
      ConfirmPassword: 'After-Reset-22',
    });
    expect(ok.body.StatusCode).toBe(1);
    expect((await server.call('Account/MyProfile', {}, session)).status).toBe(401);
    expect((await server.tokenCall('resetter', 'After-Reset-22')).status).toBe(200);
    const again = await server.call('Account/ResetPassword', {
      PasswordKey: key,
      Password: 'Third-Pass-333',
      ConfirmPassword: 'Third-Pass-333',
    });
    expect(again.body.StatusCode).toBe(0);
    expect((await server.call('Account/ValidateToken', { PasswordKey: key })).body.Data.IsValid).toBe(false);
    expect(await lastAudit('password_reset')).toBeDefined();
  });

  it('refuses a link older than 30 minutes', async () => {
    await createUser('late', 'Late-Password-1', { email: 'late@example.com' });
    await server.call('Account/ForgotPassword', { Email: 'late@example.com' });
    const [mail] = await server.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, 'late@example.com'));
    const key = /reset-password\/([\w-]+)/.exec(mail?.body ?? '')?.[1] ?? '';
    const [user] = await server.database.db.select().from(users).where(eq(users.username, 'late'));
    const [token] = await server.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user!.id));
    expect(token!.expiresAt.getTime() - token!.createdAt.getTime()).toBeLessThanOrEqual(
      30 * 60 * 1000 + 1000,
    );
    await server.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(passwordResetTokens.userId, user!.id));
    expect((await server.call('Account/ValidateToken', { PasswordKey: key })).body.Data.IsValid).toBe(false);
  });
});

describe('social sign-in', () => {
  beforeAll(async () => {
    await createUser('ada', 'Ada-Lovelace-1815', { email: 'ada@example.com' });
  });

  it('answers 403 while social sign-in is off', async () => {
    await server.setSetting('ui_app_config', { socialLogin: false });
    expect(
      (await server.call('Account/SocialLogin', { SocialId: 'google', SocialToken: 'good-token' })).status,
    ).toBe(403);
  });

  it('verifies the token at the provider and signs the matching account in', async () => {
    await server.setSetting('ui_app_config', { socialLogin: true });
    const res = await server.call('Account/SocialLogin', {
      SocialId: 'google',
      SocialToken: 'good-token',
      SocialUsername: 'someone-else',
    });
    expect(res.body.StatusCode).toBe(1);
    expect(res.body.Data.Token).toMatchObject({ user_name: 'ada', token_type: 'Bearer' });
    expect(res.body.Data.SocialInfo).toMatchObject({ Email: 'ada@example.com' });
  });

  it("never trusts the client's claim: a token the provider refuses or an unverified address signs nobody in", async () => {
    await server.setSetting('ui_app_config', { socialLogin: true });
    const forged = await server.call('Account/SocialLogin', {
      SocialId: 'google',
      SocialToken: 'forged',
      SocialUsername: 'ada',
    });
    expect(forged.body).toMatchObject({ StatusCode: 0, Data: null });
    const unverified = await server.call('Account/SocialLogin', {
      SocialId: 'google',
      SocialToken: 'unverified',
    });
    expect(unverified.body.StatusCode).toBe(0);
  });

  it('creates an account for an unknown address only when registration is on', async () => {
    await server.setSetting('ui_app_config', { socialLogin: true, registerAccount: false });
    expect(
      (await server.call('Account/SocialLogin', { SocialId: 'google', SocialToken: 'new-person' })).body
        .StatusCode,
    ).toBe(0);
    await server.setSetting('ui_app_config', { socialLogin: true, registerAccount: true });
    const res = await server.call('Account/SocialLogin', { SocialId: 'google', SocialToken: 'new-person' });
    expect(res.body.Data.Token.name).toBe('New Person');
    await server.setSetting('ui_app_config', {});
  });

  it("gives an account made by social sign-in the settings' default role, or none when none is set", async () => {
    await server.setSetting('ui_app_config', { socialLogin: true, registerAccount: true });
    await server.setSetting('security', { oidcDefaultRole: '' });
    const bare = await server.call('Account/SocialLogin', { SocialId: 'google', SocialToken: 'role-less' });
    expect(bare.body.StatusCode).toBe(1);
    const [bareRow] = await server.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'role.less@example.com'));
    expect(bareRow?.roles).toEqual([]);

    await server.setSetting('security', { oidcDefaultRole: 'viewer' });
    const viewer = await server.call('Account/SocialLogin', {
      SocialId: 'google',
      SocialToken: 'viewer-to-be',
    });
    const profile = await server.call('Account/MyProfile', {}, viewer.body.Data.Token.access_token);
    expect(profile.body.Data).toMatchObject({ Email: 'viewer.to.be@example.com', Roles: ['viewer'] });
    await server.setSetting('security', {});
    await server.setSetting('ui_app_config', {});
  });

  it('refuses an account locked by failed passwords as the right password is refused, in the same words', async () => {
    await server.setSetting('ui_app_config', { socialLogin: true });
    await createUser('locked-lena', 'Lena-Right-Password-1', { email: 'lena@example.com' });
    const socialFrom = async (address: string) => {
      const answer = await server.fetch('/api/v1/Account/SocialLogin', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body: JSON.stringify({ SocialId: 'google', SocialToken: 'lena-token' }),
      });
      return {
        status: answer.status,
        retryAfter: answer.headers.get('retry-after'),
        body: (await answer.json()) as { error_description?: string },
      };
    };
    const failuresOfLena = async () =>
      (
        await server.database.db
          .select()
          .from(authFailures)
          .where(sql`${authFailures.kind} = 'signin_account' and ${authFailures.key} = 'locked-lena'`)
      ).length;
    // 10 wrong passwords from one address: that address is refused for the account, the account slowed.
    const guesser = { 'x-forwarded-for': '198.51.100.61' };
    for (let i = 0; i < 10; i++) await server.tokenCall('locked-lena', `wrong-${i}-password`, guesser);
    expect(await failuresOfLena()).toBe(10);

    for (const address of ['198.51.100.61', '203.0.113.61']) {
      const social = await socialFrom(address);
      const password = await server.tokenCall('locked-lena', 'Lena-Right-Password-1', {
        'x-forwarded-for': address,
      });
      expect(password.status, address).toBe(429);
      expect(social.status, address).toBe(429);
      expect(social.retryAfter, address).toBeTruthy();
      expect(social.body.error_description, address).toBe(password.body.error_description);
    }
    expect((await socialFrom('203.0.113.61')).body.error_description).toBe(
      'Sign-in to this account is slowed after many failed attempts. Try again in 1 minute, or use the unlock link mailed to its owner.',
    );
    // A refused social sign-in neither signs in nor forgets the failed passwords.
    expect(await failuresOfLena()).toBe(10);
    expect(await lastAudit('social_sign_in')).toMatchObject({ outcome: 'throttled' });
    await server.setSetting('ui_app_config', {});
  });

  it('refuses a disabled account as a password is refused, and never makes another account with its address', async () => {
    await server.setSetting('ui_app_config', { socialLogin: true, registerAccount: true });
    await createUser('disabled-dora', 'Dora-Right-Password-1', {
      email: 'dora@example.com',
      isDisabled: true,
    });
    const social = await server.call('Account/SocialLogin', {
      SocialId: 'google',
      SocialToken: 'dora-token',
    });
    const password = await server.tokenCall('disabled-dora', 'Dora-Right-Password-1');
    expect(social.status).toBe(400);
    expect(social.body.error_description).toBe('This account is disabled.');
    expect(social.body.error_description).toBe(password.body.error_description);
    const withAddress = await server.database.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = 'dora@example.com'`);
    expect(withAddress.map((user) => user.username)).toEqual(['disabled-dora']);
    expect(await lastAudit('social_sign_in')).toMatchObject({ outcome: 'disabled' });
    await server.setSetting('ui_app_config', {});
  });

  it('hands the provider endpoints to the client', async () => {
    const first = await server.call('GlobalAppSetting/FisrtSetting');
    expect(first.body.Data.UIAppConfig.socialUserInfoUrl).toBe(providerUrl);
  });
});

describe('idle sessions and transport security', () => {
  it('ends a session idle for longer than the configured time when idle checking is on', async () => {
    await server.setSetting('ui_app_config', {
      hasCheckIdle: true,
      checkIdleSecond: 5,
      checkIdleCountdown: 2,
    });
    const token = await server.signIn();
    expect((await server.call('Account/KeepAlive', {}, token)).status).toBe(200);
    const sid = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid;
    await server.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 8000) })
      .where(eq(sessions.id, sid));
    const res = await server.call('Account/KeepAlive', {}, token);
    expect(res.status).toBe(401);
    expect(res.body.error_description).toMatch(/idle/);
    await server.setSetting('ui_app_config', {});
  });

  it('sends HSTS only over HTTPS', async () => {
    const plain = await server.fetch('/health/live');
    expect(plain.headers.get('strict-transport-security')).toBeNull();
    const secure = await server.fetch('/health/live', { headers: { 'x-forwarded-proto': 'https' } });
    expect(secure.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });
});
