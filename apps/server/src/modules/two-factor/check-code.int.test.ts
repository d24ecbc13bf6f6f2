import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mailOutbox } from '../../db/schema';
import { startTestServer, type TestServer } from '../../testing/harness';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function latestMailCode(recipient: string): Promise<string> {
  const [mail] = await server.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.recipient, recipient))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  return /(\d{6})/.exec(mail?.subject ?? '')?.[1] ?? '';
}

/** A signed-in user with an e-mail second factor; answers the token of the session enabling made. */
async function userWithEmailFactor(username: string): Promise<string> {
  const { token } = await server.createUser(username);
  const recipient = `${username}@example.com`;
  await server.call('Aauth2FA/Setup', { FA2MethodId: 'email', Recipient: recipient }, token);
  const enabled = await server.call(
    'Aauth2FA/Enable',
    { FA2MethodId: 'email', Code: await latestMailCode(recipient) },
    token,
  );
  expect(enabled.body.StatusCode).toBe(1);
  return enabled.body.Data.access_token;
}

describe('Aauth2FA/CheckCode (the pay-slip prompt)', () => {
  it('needs a full session and a second factor set up', async () => {
    expect((await server.call('Aauth2FA/CheckCode', { Code: '123456' })).status).toBe(401);
    const { token } = await server.createUser('no-factor');
    expect((await server.call('Aauth2FA/CheckCode', { Code: '123456' }, token)).body).toMatchObject({
      StatusCode: 0,
      Msg: 'Set up two-step verification first.',
    });
    expect((await server.call('Aauth2FA/CheckCode', { Code: '12a456' }, token)).status).toBe(400);
  });

  it('accepts the current code once, audited, and refuses it the second time', async () => {
    const token = await userWithEmailFactor('payslip');
    expect((await server.call('Aauth2FA/Setup', { FA2MethodId: 'email' }, token)).body.StatusCode).toBe(1);
    const code = await latestMailCode('payslip@example.com');
    const ok = await server.call('Aauth2FA/CheckCode', { Code: code }, token);
    expect(ok.body).toMatchObject({ StatusCode: 1, Data: { Verified: true } });
    const again = await server.call('Aauth2FA/CheckCode', { Code: code }, token);
    expect(again.body).toMatchObject({ StatusCode: 0, Msg: 'The code is not correct or has expired.' });
    const [audit] = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'fa2_check'))
      .limit(1);
    expect(audit?.outcome).toBe('success');
    // The session is still a full one: checking a code does not sign anybody out.
    expect((await server.call('Account/MyProfile', {}, token)).status).toBe(200);
  });

  it('counts wrong codes towards the limit of code checks, then answers 429', async () => {
    const token = await userWithEmailFactor('guesser');
    for (let i = 0; i < 10; i++) {
      const res = await server.call('Aauth2FA/CheckCode', { Code: String(100000 + i) }, token);
      expect(res.body, `attempt ${i}`).toMatchObject({ StatusCode: 0 });
    }
    const blocked = await server.call('Aauth2FA/CheckCode', { Code: '999999' }, token);
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
