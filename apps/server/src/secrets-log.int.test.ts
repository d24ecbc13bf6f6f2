// Secrets never reach the log, whatever the configuration (issue 20, point 4): a whole run of the
// flows that handle secrets (sign-ins, a password reset, an administrator's reset and mailed link, a
// temporary password, both second factors, the live stream, file links), on a server that listens on
// loopback behind a trusted proxy with an https PUBLIC_URL and no SMTP (the setup that logged reset
// links), at the most verbose level; then its whole log is scanned for every secret the run handled.
import { desc, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from './db/schema';
import { startTestServer, TEST_ADMIN, type TestServer } from './testing/harness';

let server: TestServer;
/** Every secret the run saw, by what it is. */
const secrets = new Map<string, string>();
const keep = (what: string, value: unknown) => {
  if (typeof value === 'string' && value.length >= 6) secrets.set(value, what);
};

beforeAll(async () => {
  server = await startTestServer({
    env: { LOG_LEVEL: 'trace', PUBLIC_URL: 'https://admin.example.com/', TRUST_PROXY: '127.0.0.1' },
  });
});
afterAll(() => server?.close());

async function lastMail(to: string): Promise<string> {
  const [mail] = await server.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.recipient, to))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  return mail?.body ?? '';
}

describe('the log of a whole run', () => {
  it('holds no reset key, invitation link, temporary password, code, token or password', async () => {
    keep('admin password', TEST_ADMIN.password);
    const admin = await server.signIn();
    keep('admin token', admin);
    await server.tokenCall(TEST_ADMIN.username, 'Wrong-Password-Tried-1');
    keep('wrong password', 'Wrong-Password-Tried-1');

    // A user who forgets their password and resets it by the mailed link.
    const user = await server.createUser('log-scan');
    keep('user token', user.token);
    keep('user password', 'log-scan-Pa55word!');
    await server.call(
      'User/UpdateFields',
      { Id: user.id, Values: [{ FieldName: 'Email', NewValue: 'log.scan@example.com' }] },
      admin,
    );
    expect((await server.call('Account/ForgotPassword', { Email: 'log.scan@example.com' })).status).toBe(200);
    const link = /https:\/\/admin\.example\.com\/reset-password\/(\S+)/.exec(
      await lastMail('log.scan@example.com'),
    );
    expect(link).not.toBeNull();
    const key = link?.[1] as string;
    keep('reset link', link?.[0]);
    keep('reset key', key);
    await server.fetch(`/reset-password/${key}`);
    await server.call('Account/ValidateToken', { PasswordKey: key });
    const reset = await server.call('Account/ResetPassword', {
      PasswordKey: key,
      Password: 'After-Reset-Pa55!',
      ConfirmPassword: 'After-Reset-Pa55!',
    });
    expect(reset.body.StatusCode, reset.text).toBe(1);
    keep('new password', 'After-Reset-Pa55!');

    // The administrator mails a link (an invitation to set a password) and gives a temporary one.
    const invited = await server.call('User/ResetPassword', { Id: user.id, Mode: 'link' }, admin);
    expect(invited.body.StatusCode, invited.text).toBe(1);
    const invitation = /https:\/\/admin\.example\.com\/reset-password\/(\S+)/.exec(
      await lastMail('log.scan@example.com'),
    );
    keep('invitation link', invitation?.[0]);
    keep('invitation key', invitation?.[1]);
    const temporary = await server.call('User/ResetPassword', { Id: user.id, Mode: 'temporary' }, admin);
    expect(temporary.body.StatusCode, temporary.text).toBe(1);
    const temporaryPassword = temporary.body.Data.Password as string;
    keep('temporary password', temporaryPassword);
    const withTemporary = await server.tokenCall('log-scan', temporaryPassword ?? '');
    keep('temporary session', withTemporary.body.access_token);
    await server.call(
      'Account/ChangePassword',
      {
        OldPassword: temporaryPassword,
        NewPassword: 'Own-Choice-Pa55!',
        ConfirmPassword: 'Own-Choice-Pa55!',
      },
      withTemporary.body.access_token,
    );
    keep('chosen password', 'Own-Choice-Pa55!');

    // Both second factors: an app's secret and codes, a mailed code.
    const token = await server.signIn('log-scan', 'Own-Choice-Pa55!');
    keep('session', token);
    const setup = await server.call('Aauth2FA/Setup', { FA2MethodId: 'totp' }, token);
    keep('totp secret', setup.body.Data.Secret);
    const totp = new TOTP({ secret: Secret.fromBase32(setup.body.Data.Secret), digits: 6, period: 30 });
    const enableCode = totp.generate();
    const enabled = await server.call('Aauth2FA/Enable', { FA2MethodId: 'totp', Code: enableCode }, token);
    expect(enabled.body.StatusCode, enabled.text).toBe(1);
    const step = await server.tokenCall('log-scan', 'Own-Choice-Pa55!');
    keep('second-factor token', step.body.fa2_token);
    const verified = await server.call(
      'Aauth2FA/Verify',
      { FA2MethodId: 'totp', Code: totp.generate() },
      step.body.fa2_token,
    );
    keep('verified session', verified.body.Data?.access_token);
    const mailUser = await server.createUser('log-scan-mail');
    await server.call(
      'Aauth2FA/Setup',
      { FA2MethodId: 'email', Recipient: 'log.scan.mail@example.com' },
      mailUser.token,
    );
    const mailedCode = /\b(\d{6})\b/.exec(await lastMail('log.scan.mail@example.com'))?.[1];
    await server.call('Aauth2FA/Enable', { FA2MethodId: 'email', Code: mailedCode }, mailUser.token);

    // The live stream carries its token in the address.
    const live = await server.fetch(`/api/v1/NotificationHub?access_token=${admin}`);
    await live.body?.cancel();
    await server.call('Account/Logout', {}, admin);

    const log = server.logs.join('');
    expect(log.length).toBeGreaterThan(1000);
    const found = [...secrets].filter(([value]) => log.includes(value)).map(([, what]) => what);
    expect(found).toEqual([]);
    // Whatever was not named above: nothing shaped like a token, a reset link or a mailed code.
    expect(log).not.toMatch(/eyJ[\w-]{10,}\.[\w-]{10,}\.[\w-]{10,}/);
    expect(log).not.toMatch(/reset-password\/(?!\[Redacted\])[\w-]{20,}/);
    if (mailedCode) expect(log).not.toContain(`"${mailedCode}"`);
  }, 120_000);
});
