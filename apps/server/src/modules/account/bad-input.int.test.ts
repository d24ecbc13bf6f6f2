import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { startTestServer, TEST_ADMIN, type TestServer } from '../../testing/harness';

let server: TestServer;
let token = '';
let before = '';

const snapshotUsers = async () =>
  JSON.stringify(await server.database.db.select().from(users).orderBy(users.id));

beforeAll(async () => {
  // Social tokens are checked at a loopback address that refuses: tests never call out.
  server = await startTestServer({
    env: { LOG_LEVEL: 'warn', SOCIAL_USERINFO_URL: 'http://127.0.0.1:9/userinfo' },
  });
  await server.setSetting('ui_app_config', { registerAccount: true, socialLogin: true });
  token = await server.signIn();
  before = await snapshotUsers();
});
afterAll(() => server.close());

/** Any JSON value a careless or hostile client might send for a field, including 1 MB of text. */
const anyValue = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(''),
  fc.constant('x'.repeat(1_000_000)),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
);

const CALLS: Record<string, string[]> = {
  'Account/Register': ['UserName', 'DisplayName', 'Email', 'PhoneNumber', 'Password', 'ConfirmPassword'],
  'Account/ForgotPassword': ['Email'],
  'Account/ValidateToken': ['PasswordKey'],
  'Account/ResetPassword': ['PasswordKey', 'Password', 'ConfirmPassword'],
  'Account/ChangePassword': ['OldPassword', 'NewPassword', 'ConfirmPassword'],
  'Account/UpdateFields': ['Values'],
  'Account/SocialLogin': ['SocialId', 'SocialToken', 'SocialUsername'],
  'Aauth2FA/Setup': ['FA2MethodId', 'Recipient'],
  'Aauth2FA/Enable': ['FA2MethodId', 'Code'],
  'Aauth2FA/Verify': ['FA2MethodId', 'Code'],
  'Aauth2FA/Disable': ['Code'],
};

/** zod's own messages, written for developers: never in an answer a person may read. */
const SCHEMA_TEXT =
  /Too (small|big)|Invalid (input|option|email|GUID|UUID|string)|expected .+, received|Unrecognized key|>=|<=/;

function expectClientAnswer(
  status: number,
  body: { StatusCode?: number; error_description?: string } | undefined,
  what: string,
) {
  expect(status, what).toBeLessThan(500);
  if (status === 400) expect(body?.error_description ?? '', what).not.toMatch(SCHEMA_TEXT);
  if (status === 200) expect([0, 1], what).toContain(body?.StatusCode);
  else expect([400, 401, 403, 413, 415, 429], what).toContain(status);
}

describe('bad input on the token and account calls', () => {
  it('never answers 5xx and never changes a record on a refused call', async () => {
    for (const [name, fields] of Object.entries(CALLS)) {
      await fc.assert(
        fc.asyncProperty(
          fc.record(Object.fromEntries(fields.map((f) => [f, anyValue])), { requiredKeys: [] }),
          async (body) => {
            const res = await server.call(name, body, token);
            expectClientAnswer(res.status, res.body, `${name} ${JSON.stringify(body).slice(0, 200)}`);
            // A refused call changes no record; an accepted one (a registration, a TOTP set-up) may.
            const after = await snapshotUsers();
            if (res.status === 200 && res.body?.StatusCode === 1) before = after;
            else expect(after, `${name} changed a record though refused`).toBe(before);
          },
        ),
        { numRuns: 25 },
      );
    }
  }, 300_000);

  it('answers the token call with 400 for any malformed field, in form or JSON', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({ grant_type: anyValue, username: anyValue, password: anyValue }, { requiredKeys: [] }),
        fc.boolean(),
        async (body, asJson) => {
          const res = asJson
            ? await server.fetch('/oauth2/token', {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify(body),
              })
            : await server.fetch('/oauth2/token', {
                method: 'POST',
                headers: { 'content-type': 'application/x-www-form-urlencoded' },
                body: new URLSearchParams(
                  Object.entries(body).map(([k, v]): [string, string] => [
                    k,
                    typeof v === 'string' ? v : JSON.stringify(v),
                  ]),
                ).toString(),
              });
          expect(res.status).toBeLessThan(500);
          if (res.status === 200) expect(body.username).toBe(TEST_ADMIN.username);
        },
      ),
      { numRuns: 60 },
    );
    expect(await snapshotUsers()).toBe(before);
  }, 120_000);

  it('describes a refused body in words for people, naming the field', async () => {
    const cases: [string, unknown, string][] = [
      ['Account/ForgotPassword', { Email: '' }, 'Email: is required'],
      ['Account/ForgotPassword', {}, 'Email: is required'],
      ['Account/ForgotPassword', { Email: 12 }, 'Email: must be text'],
      [
        'Account/ValidateToken',
        { PasswordKey: 'x'.repeat(513) },
        'PasswordKey: must be at most 512 characters',
      ],
      ['Aauth2FA/Setup', { FA2MethodId: '' }, 'FA2MethodId: is required'],
    ];
    for (const [name, body, description] of cases) {
      const res = await server.call(name, body, token);
      expect(res.status, name).toBe(400);
      expect(res.body.error_description, name).toBe(description);
    }
  });

  it('answers non-UTF-8, empty and wrongly typed bodies with 400', async () => {
    const invalidUtf8 = Buffer.from([
      0x7b, 0x22, 0x45, 0x6d, 0x61, 0x69, 0x6c, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x22, 0x7d,
    ]);
    for (const [path, type, body] of [
      ['/api/v1/Account/ForgotPassword', 'application/json', invalidUtf8],
      [
        '/oauth2/token',
        'application/x-www-form-urlencoded',
        Buffer.from([0x75, 0x3d, 0xff, 0xfe, 0x26, 0x70, 0x3d, 0xc3]),
      ],
      ['/api/v1/Account/Register', 'application/json', Buffer.from('')],
      ['/api/v1/Account/Register', 'application/json', Buffer.from('"just a string"')],
      [
        '/api/v1/Account/ResetPassword',
        'application/json',
        Buffer.from('{"PasswordKey": 12, "Password": [], "ConfirmPassword": {}}'),
      ],
    ] as const) {
      const res = await server.fetch(path, { method: 'POST', headers: { 'content-type': type }, body });
      expect(res.status, `${path} ${body.toString('hex').slice(0, 40)}`).toBe(400);
    }
    expect(await snapshotUsers()).toBe(before);
  });
});
