import { desc, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authFailures, mailOutbox, sessions, users } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { startTestServer, type TestServer } from '../../testing/harness';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function createUser(username: string, email?: string) {
  await server.database.db.insert(users).values({
    username,
    displayName: username,
    email,
    roles: ['staff'],
    passwordHash: await hashPassword('Two-Factor-Pass-1'),
  });
}

const currentStep = () => Math.floor(Date.now() / 30_000);
const codeForStep = (secret: string, step: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: step * 30_000 + 1,
  });
/** The code `offsetSteps` away from now, generated well inside a step so the server sees the same step. */
async function codeAt(secret: string, offsetSteps: number): Promise<string> {
  const intoStep = Date.now() % 30_000;
  if (intoStep > 27_000) await new Promise((r) => setTimeout(r, 30_000 - intoStep + 50));
  return codeForStep(secret, currentStep() + offsetSteps);
}

async function latestMailCode(recipient: string): Promise<string> {
  const [mail] = await server.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.recipient, recipient))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  return /(\d{6})/.exec(mail?.subject ?? '')?.[1] ?? '';
}

describe('TOTP', () => {
  let secret = '';
  /** The step of the last code the server accepted. */
  let usedStep = 0;

  it('sets up with a QR code and a manual key, and enables with a code allowing one step of drift', async () => {
    await createUser('totp-user');
    const token = await server.signIn('totp-user', 'Two-Factor-Pass-1');
    const settings = await server.call('Aauth2FA/UserSetting', {}, token);
    expect(settings.body.Data.Auth2FAEnabled).toBe(false);
    expect(settings.body.Data.FA2Methods.map((m: { FA2MethodId: string }) => m.FA2MethodId)).toEqual([
      'totp',
      'email',
    ]);
    const setup = await server.call('Aauth2FA/Setup', { FA2MethodId: 'totp' }, token);
    secret = setup.body.Data.Secret;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.Data.OtpAuthUrl).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(setup.body.Data.QrCodeDataUrl).toMatch(/^data:image\/png;base64,/);
    const wrongLength = await server.call('Aauth2FA/Enable', { FA2MethodId: 'totp', Code: '12345' }, token);
    expect(wrongLength.status).toBe(400);
    const enabled = await server.call(
      'Aauth2FA/Enable',
      { FA2MethodId: 'totp', Code: await codeAt(secret, -1) },
      token,
    );
    expect(enabled.body.StatusCode).toBe(1);
    expect(enabled.body.Data.access_token).not.toBe('');
    // The session that enabled it was replaced by the new one.
    expect((await server.call('Account/MyProfile', {}, token)).status).toBe(401);
    expect(
      (await server.call('Account/MyProfile', {}, enabled.body.Data.access_token)).body.Data.Auth2FAEnabled,
    ).toBe(true);
  });

  it('asks for the code at sign-in with a step token that only the two-factor calls accept', async () => {
    const answer = await server.tokenCall('totp-user', 'Two-Factor-Pass-1');
    expect(answer.body).toMatchObject({
      access_token: '',
      fa2_needverify: true,
      fa2_needenable: false,
      fa2_method: 'totp',
    });
    const stepToken = answer.body.fa2_token;
    expect((await server.call('ConfigMenu/CategoryScreenList', {}, stepToken)).status).toBe(401);
    expect((await server.call('Account/MyProfile', {}, stepToken)).status).toBe(401);
    expect((await server.call('Aauth2FA/UserSetting', {}, stepToken)).status).toBe(200);
    const sid = JSON.parse(Buffer.from(stepToken.split('.')[1], 'base64url').toString()).sid;
    const [row] = await server.database.db.select().from(sessions).where(eq(sessions.id, sid));
    expect((row!.expiresAt.getTime() - row!.createdAt.getTime()) / 1000).toBeCloseTo(300, 0);
    // A code two steps away is outside the allowed drift.
    const far = await server.call(
      'Aauth2FA/Verify',
      { FA2MethodId: 'totp', Code: await codeAt(secret, 3) },
      stepToken,
    );
    expect(far.body.StatusCode).toBe(0);
    const code = await codeAt(secret, 0);
    usedStep = currentStep();
    const verified = await server.call('Aauth2FA/Verify', { FA2MethodId: 'totp', Code: code }, stepToken);
    expect(verified.body.StatusCode).toBe(1);
    expect(
      (await server.call('ConfigMenu/CategoryScreenList', {}, verified.body.Data.access_token)).status,
    ).toBe(200);
    // The step token is spent.
    expect((await server.call('Aauth2FA/UserSetting', {}, stepToken)).status).toBe(401);
  });

  it('refuses a code used once already (replay), and any older one', async () => {
    const answer = await server.tokenCall('totp-user', 'Two-Factor-Pass-1');
    const replay = await server.call(
      'Aauth2FA/Verify',
      { FA2MethodId: 'totp', Code: codeForStep(secret, usedStep) },
      answer.body.fa2_token,
    );
    expect(replay.body).toMatchObject({ StatusCode: 0, Msg: 'The code is not correct or has expired.' });
    const older = await server.call(
      'Aauth2FA/Verify',
      { FA2MethodId: 'totp', Code: codeForStep(secret, usedStep - 1) },
      answer.body.fa2_token,
    );
    expect(older.body.StatusCode).toBe(0);
    const next = await server.call(
      'Aauth2FA/Verify',
      { FA2MethodId: 'totp', Code: codeForStep(secret, usedStep + 1) },
      answer.body.fa2_token,
    );
    expect(next.body.StatusCode).toBe(1);
  });

  it('refuses to replace an enabled factor during the sign-in step', async () => {
    const answer = await server.tokenCall('totp-user', 'Two-Factor-Pass-1');
    const setup = await server.call('Aauth2FA/Setup', { FA2MethodId: 'totp' }, answer.body.fa2_token);
    expect(setup.body.StatusCode).toBe(0);
    const enable = await server.call(
      'Aauth2FA/Enable',
      { FA2MethodId: 'email', Code: '123456' },
      answer.body.fa2_token,
    );
    expect(enable.body.StatusCode).toBe(0);
  });

  it('throttles wrong codes: 429 after 10 failures, even for the right code', async () => {
    const answer = await server.tokenCall('totp-user', 'Two-Factor-Pass-1');
    for (let i = 0; i < 10; i++) {
      const res = await server.call(
        'Aauth2FA/Verify',
        { FA2MethodId: 'totp', Code: '000000' },
        answer.body.fa2_token,
      );
      expect(res.body.StatusCode).toBe(0);
    }
    const blocked = await server.call(
      'Aauth2FA/Verify',
      { FA2MethodId: 'totp', Code: codeForStep(secret, usedStep + 1) },
      answer.body.fa2_token,
    );
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    await server.database.db.delete(authFailures);
  });
});

describe('e-mail code', () => {
  it('enables with a code sent to the given address, then sends a code at every sign-in', async () => {
    await createUser('mail-user');
    const token = await server.signIn('mail-user', 'Two-Factor-Pass-1');
    const noAddress = await server.call('Aauth2FA/Setup', { FA2MethodId: 'email' }, token);
    expect(noAddress.body.StatusCode).toBe(0);
    const setup = await server.call(
      'Aauth2FA/Setup',
      { FA2MethodId: 'email', Recipient: 'mail.user@example.com' },
      token,
    );
    expect(setup.body.Data).toMatchObject({ Sent: true, Recipient: 'm***@example.com' });
    const code = await latestMailCode('mail.user@example.com');
    expect(code).toMatch(/^\d{6}$/);
    const enabled = await server.call('Aauth2FA/Enable', { FA2MethodId: 'email', Code: code }, token);
    expect(enabled.body.StatusCode).toBe(1);

    const answer = await server.tokenCall('mail-user', 'Two-Factor-Pass-1');
    expect(answer.body).toMatchObject({ fa2_needverify: true, fa2_method: 'email' });
    const signInCode = await latestMailCode('mail.user@example.com');
    expect(signInCode).not.toBe(code);
    const reused = await server.call(
      'Aauth2FA/Verify',
      { FA2MethodId: 'email', Code: code },
      answer.body.fa2_token,
    );
    expect(reused.body.StatusCode).toBe(0);
    const verified = await server.call(
      'Aauth2FA/Verify',
      { FA2MethodId: 'email', Code: signInCode },
      answer.body.fa2_token,
    );
    expect(verified.body.StatusCode).toBe(1);
    const again = await server.tokenCall('mail-user', 'Two-Factor-Pass-1');
    const replay = await server.call(
      'Aauth2FA/Verify',
      { FA2MethodId: 'email', Code: signInCode },
      again.body.fa2_token,
    );
    expect(replay.body.StatusCode).toBe(0);
  });

  it('disables with a valid code', async () => {
    const answer = await server.tokenCall('mail-user', 'Two-Factor-Pass-1');
    const code = await latestMailCode('mail.user@example.com');
    const verified = await server.call(
      'Aauth2FA/Verify',
      { FA2MethodId: 'email', Code: code },
      answer.body.fa2_token,
    );
    const token = verified.body.Data.access_token;
    await server.call('Aauth2FA/Setup', { FA2MethodId: 'email' }, token);
    const disabled = await server.call(
      'Aauth2FA/Disable',
      { Code: await latestMailCode('mail.user@example.com') },
      token,
    );
    expect(disabled.body.StatusCode).toBe(1);
    expect((await server.tokenCall('mail-user', 'Two-Factor-Pass-1')).body.access_token).not.toBe('');
  });
});

describe('required second factor', () => {
  it('makes every sign-in without a factor go through enabling one', async () => {
    await server.setSetting('security', { fa2Required: true });
    await createUser('must-enable');
    const answer = await server.tokenCall('must-enable', 'Two-Factor-Pass-1');
    expect(answer.body).toMatchObject({ access_token: '', fa2_needenable: true, fa2_needverify: false });
    const setup = await server.call('Aauth2FA/Setup', { FA2MethodId: 'totp' }, answer.body.fa2_token);
    const enabled = await server.call(
      'Aauth2FA/Enable',
      { FA2MethodId: 'totp', Code: await codeAt(setup.body.Data.Secret, 0) },
      answer.body.fa2_token,
    );
    expect(enabled.body.Data.access_token).not.toBe('');
    await server.setSetting('security', {});
  });
});
