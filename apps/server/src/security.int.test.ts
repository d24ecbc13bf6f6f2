// Attacks that once worked against the product (issue 14), each kept as a test so it stays closed.
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  authFailures,
  authRefusals,
  fileEntries,
  mailOutbox,
  notifications,
  users,
} from './db/schema';
import { hashPassword } from './lib/passwords';
import { THROTTLE_LIMITS } from './lib/throttle';
import { startTestServer, type TestServer } from './testing/harness';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_PROXY: '127.0.0.1,::1' } });
});
afterAll(async () => {
  await server?.close();
});

async function addUser(username: string, password: string): Promise<number> {
  const [row] = await server.database.db
    .insert(users)
    .values({ username, displayName: username, roles: ['staff'], passwordHash: await hashPassword(password) })
    .returning({ id: users.id });
  return row?.id ?? 0;
}

/** The token call as a proxy in front would send it: the client's address last in X-Forwarded-For. */
const fromAddress = (address: string, spoofed?: string) => ({
  'x-forwarded-for': spoofed ? `${spoofed}, ${address}` : address,
});

describe('sign-in throttling under concurrency', () => {
  it('checks no more than the account limit of a parallel burst, and then refuses the right password', async () => {
    await addUser('burst-target', 'Right-Password-1');
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        server.tokenCall('burst-target', `wrong-guess-${index}`, fromAddress(`198.51.100.${index + 1}`)),
      ),
    );
    const checked = answers.filter((answer) => answer.status === 400).length;
    const refused = answers.filter((answer) => answer.status === 429).length;
    expect(checked).toBeLessThanOrEqual(THROTTLE_LIMITS.signin_account);
    expect(checked + refused).toBe(40);
    const right = await server.tokenCall('burst-target', 'Right-Password-1', fromAddress('198.51.100.200'));
    expect(right.status).toBe(429);
  });

  it('checks no more than the address limit of 100 parallel guesses from one address', async () => {
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        server.tokenCall(`nobody-${index}`, 'Password-123!', fromAddress('203.0.113.77')),
      ),
    );
    const checked = answers.filter((answer) => answer.status === 400).length;
    expect(checked).toBeLessThanOrEqual(THROTTLE_LIMITS.signin_address);
    expect(answers.every((answer) => answer.status === 400 || answer.status === 429)).toBe(true);
  });

  it('counts refused attempts instead of writing an audit row for each', async () => {
    const address = '203.0.113.88';
    for (let i = 0; i < THROTTLE_LIMITS.signin_address; i++) {
      await server.tokenCall(`spray-${i}`, 'Password-123!', fromAddress(address));
    }
    const before = await server.database.db.select().from(auditLog).where(eq(auditLog.outcome, 'throttled'));
    const refused = await Promise.all(
      Array.from({ length: 50 }, () => server.tokenCall('spray-x', 'Password-123!', fromAddress(address))),
    );
    expect(refused.every((answer) => answer.status === 429)).toBe(true);
    const after = await server.database.db.select().from(auditLog).where(eq(auditLog.outcome, 'throttled'));
    expect(after.length - before.length).toBe(1);
    const [counter] = await server.database.db
      .select()
      .from(authRefusals)
      .where(eq(authRefusals.key, address));
    expect(counter?.count).toBe(50);
  });

  it('gives the attempt of a right password back, so that it never counts as a failure', async () => {
    await addUser('right-once', 'Right-Password-1');
    expect((await server.tokenCall('right-once', 'Right-Password-1', fromAddress('192.0.2.55'))).status).toBe(
      200,
    );
    const rows = await server.database.db
      .select()
      .from(authFailures)
      .where(eq(authFailures.key, '192.0.2.55'));
    expect(rows).toEqual([]);
  });
});

describe('client addresses behind a proxy', () => {
  it('takes the address the trusted proxy saw, so a client cannot reset its limit with its own header', async () => {
    const realClient = '192.0.2.99';
    for (let i = 0; i < THROTTLE_LIMITS.signin_address; i++) {
      await server.tokenCall(`proxy-spray-${i}`, 'Password-123!', fromAddress(realClient, `10.9.9.${i}`));
    }
    const spoofed = await server.tokenCall(
      'proxy-spray-x',
      'Password-123!',
      fromAddress(realClient, '10.1.2.3'),
    );
    expect(spoofed.status).toBe(429);
  });
});

describe('password-reset links', () => {
  async function linkMailedFor(target: TestServer, email: string, headers: Record<string, string>) {
    await target.database.db
      .insert(users)
      .values({
        username: email.split('@')[0] as string,
        displayName: 'R',
        roles: ['staff'],
        email,
        passwordHash: await hashPassword('Right-Password-1'),
      })
      .onConflictDoNothing();
    const answer = await target.fetch('/api/v1/Account/ForgotPassword', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ Email: email }),
    });
    expect(answer.status).toBe(200);
    const [mail] = await target.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, email))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1);
    return /https?:\/\/\S+\/reset-password\/\S+/.exec(mail?.body ?? '')?.[0] ?? null;
  }

  it('never takes the link from the Host or X-Forwarded-Host of the request', async () => {
    const link = await linkMailedFor(server, 'host-attack@example.com', {
      host: 'attacker.example',
      'x-forwarded-host': 'attacker.example',
    });
    expect(link).not.toBeNull();
    expect(link).not.toContain('attacker.example');
    expect(link?.startsWith(`${server.url}/reset-password/`)).toBe(true);
  });

  it('mails no link at all when the server is reachable from outside and PUBLIC_URL is unset', async () => {
    const exposed = await startTestServer({ env: { HOST: '0.0.0.0' } });
    try {
      expect(await linkMailedFor(exposed, 'exposed@example.com', { host: 'attacker.example' })).toBeNull();
      const [audit] = await exposed.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'password_forgot'));
      expect(audit?.outcome).toBe('no_public_url');
    } finally {
      await exposed.close();
    }
  });

  it('uses PUBLIC_URL when it is set', async () => {
    const behindProxy = await startTestServer({
      env: { HOST: '0.0.0.0', PUBLIC_URL: 'https://admin.example.com/' },
    });
    try {
      const link = await linkMailedFor(behindProxy, 'public@example.com', { host: 'attacker.example' });
      expect(link?.startsWith('https://admin.example.com/reset-password/')).toBe(true);
    } finally {
      await behindProxy.close();
    }
  });
});

describe('secrets in the log', () => {
  it('writes neither reset keys nor file-link signatures to the request log', async () => {
    const resetKey = 'ResetKeyThatMustNotBeLogged0123456789abcdef';
    const signature = 'SignatureThatMustNotBeLogged0123456789abcd';
    await server.fetch(`/reset-password/${resetKey}`);
    await server.fetch(`/files/00000000-0000-4000-8000-000000000000/a.png?exp=9999999999&sig=${signature}`);
    const log = server.logs.join('');
    expect(log).toContain('/reset-password/[Redacted]');
    expect(log).not.toContain(resetKey);
    expect(log).not.toContain(signature);
  });
});

describe('bad input never gives a 5xx, and a refused call changes nothing', () => {
  let token = '';
  beforeAll(async () => {
    token = await server.signIn();
  });

  it('refuses a NUL character in the search box of every resource, for List and Export', async () => {
    for (const resource of server.app.services.resources.registry.all()) {
      for (const action of ['List', 'Export']) {
        const answer = await server.call(`${resource.apiName}/${action}`, { TextSearch: 'a\u0000b' }, token);
        expect(answer.status, `${resource.apiName}/${action}`).toBe(400);
        expect(answer.body.error_description).toMatch(/^TextSearch: may not contain the NUL character/);
      }
    }
  });

  it('refuses ids beyond the integer range instead of failing on the database', async () => {
    for (const name of ['Product/Restock', 'Product/CheckDetails', 'ApiTestCase/Run', 'Product/Detail']) {
      for (const Id of [2_147_483_648, '9999999999', 1e20]) {
        const answer = await server.call(name, { Id }, token);
        expect(answer.status, `${name} ${Id}`).toBe(400);
      }
    }
  });

  it('answers a date range at the end of the calendar, in the farthest time zone', async () => {
    const answer = await server.call(
      'Product/List',
      {
        Filters: [
          { FieldName: 'RestockedAt', Type: 'daterange', Value: { start: '9999-12-31', end: '9999-12-31' } },
        ],
        UI_TimezoneOffset: 840,
      },
      token,
    );
    expect(answer.body).toMatchObject({ StatusCode: 1 });
    const earliest = await server.call(
      'Product/List',
      {
        Filters: [
          { FieldName: 'RestockedAt', Type: 'daterange', Value: { start: '1000-01-01', end: '1000-01-01' } },
        ],
        UI_TimezoneOffset: -840,
      },
      token,
    );
    expect(earliest.body).toMatchObject({ StatusCode: 1 });
  });

  it('refuses lone surrogates before acting, so nothing is sent or created', async () => {
    const sent = await server.call('Notification/Send', { Title: 'Hi \ud800', Body: 'x' }, token);
    expect(sent.status).toBe(400);
    expect((await server.database.db.select().from(notifications)).length).toBe(0);
    const folder = await server.call('FileManager/CreateFolder', { Name: 'bad \udc00 name' }, token);
    expect(folder.status).toBe(400);
    expect((await server.database.db.select().from(fileEntries)).length).toBe(0);
    const forgot = await server.call('Account/ForgotPassword', { Email: 'a\u0000@example.com' });
    expect(forgot.status).toBe(400);
  });

  it('refuses a lone surrogate escaped in a key, and in a form body', async () => {
    const keyed = await server.fetch('/api/v1/Product/List', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: '{"\\ud800":1}',
    });
    expect(keyed.status).toBe(400);
    const form = await server.tokenCall('admin\u0000', 'x');
    expect(form.status).toBe(400);
  });

  it('refuses a multipart body without a boundary with 400', async () => {
    const answer = await server.fetch('/api/v1/ProjectPhoto/FileUploadFile', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data', authorization: `Bearer ${token}` },
      body: 'no boundary here',
    });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ status: 400, error: 'invalid_request' });
  });
});
