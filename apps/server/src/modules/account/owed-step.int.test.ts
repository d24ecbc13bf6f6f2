// A session that owes a step (a temporary password to change, a required second factor to set up)
// may do that step and sign out, nothing else, whatever client holds its token (issue 20, point 5).
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/harness';

let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startTestServer({ env: { LOG_LEVEL: 'silent' } });
  admin = await server.signIn();
});
afterAll(() => server?.close());

/** Every registered action a guest may not call, but those listed: each must refuse the token. */
async function refusedEverywhere(token: string, allowed: ReadonlySet<string>, message: RegExp) {
  const leaks: string[] = [];
  for (const action of server.app.actions.values()) {
    if (action.auth === 'public' || allowed.has(action.name)) continue;
    // A route of parameters (the collections' `:APIName/:Action`) is no name to call: with no
    // collection it answers 404 to everyone; its auth mode is the one checked here for the others.
    if (action.name.includes(':')) continue;
    const answer = await server.app.inject({
      method: 'POST',
      url: `/api/v1/${action.name}`,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      payload: '{}',
    });
    if (answer.statusCode !== 403 || !message.test(answer.body)) {
      leaks.push(`${action.name}: ${answer.statusCode} ${answer.body.slice(0, 120)}`);
    }
  }
  expect(leaks).toEqual([]);
  // The live stream is a call like the others.
  const live = await server.fetch(`/api/v1/NotificationHub?access_token=${token}`);
  expect(live.status).toBe(403);
}

describe('a session owing a step', () => {
  it('with a temporary password may only change it, read its profile and sign out, until it is changed', async () => {
    const user = await server.createUser('owes-password');
    const reset = await server.call(
      'User/ResetPassword',
      { Id: user.id, Password: 'Temp-Pa55word!x' },
      admin,
    );
    expect(reset.body.StatusCode).toBe(1);
    const token = (await server.signIn('owes-password', 'Temp-Pa55word!x')) as string;

    await refusedEverywhere(
      token,
      new Set([
        'Account/ChangePassword',
        'Account/Logout',
        'Account/KeepAlive',
        'Account/MyProfile',
        'ConfigMenu/CategoryScreenList',
        'Configuration/LiveVersion',
      ]),
      /Change your password first/,
    );
    // What the web app needs on its change-password page still answers.
    const profile = await server.call('Account/MyProfile', {}, token);
    expect(profile.body.Data.MustChangePassword).toBe(true);
    expect((await server.call('ConfigMenu/CategoryScreenList', {}, token)).status).toBe(200);
    const first = await server.call('GlobalAppSetting/FirstSetting', {}, token);
    expect(first.body.Data.IsNeedCheckChangePass).toBe(true);

    const changed = await server.call(
      'Account/ChangePassword',
      { OldPassword: 'Temp-Pa55word!x', NewPassword: 'Own-Pa55word!x2', ConfirmPassword: 'Own-Pa55word!x2' },
      token,
    );
    expect(changed.body.StatusCode, changed.text).toBe(1);
    const listed = await server.call('Sale/List', { Page: 1, PageSize: 5 }, token);
    expect(listed.status).toBe(200);
    expect(listed.body.StatusCode).toBe(1);
  });

  it('owing the second factor the settings require may only set it up and sign out, until it is set up', async () => {
    const user = await server.createUser('owes-factor');
    expect(user.id).toBeGreaterThan(0);
    // Signed in before the rule came: the session is full, but owes the factor from now on.
    await server.setSetting('security', { fa2Required: true });
    try {
      await refusedEverywhere(
        user.token,
        new Set([
          'Account/Logout',
          'Account/KeepAlive',
          'Account/MyProfile',
          'ConfigMenu/CategoryScreenList',
          'Configuration/LiveVersion',
          // The enrolment itself (and the calls of its step).
          ...[...server.app.actions.values()].filter((a) => a.auth === 'fa2').map((a) => a.name),
        ]),
        /Set up your second factor first/,
      );
      // The answer names the step, so that the web app leads the user to enrolment rather than
      // showing a refusal until they sign in again.
      const refused = await server.call('Sale/List', { Page: 1, PageSize: 5 }, user.token);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ error: 'second_factor_required' });
      const setup = await server.call('Aauth2FA/Setup', { FA2MethodId: 'totp' }, user.token);
      expect(setup.body.StatusCode, setup.text).toBe(1);
      const secret = Secret.fromBase32(setup.body.Data.Secret as string);
      const code = new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' }).generate();
      const enabled = await server.call('Aauth2FA/Enable', { FA2MethodId: 'totp', Code: code }, user.token);
      expect(enabled.body.StatusCode, enabled.text).toBe(1);
      const token = (enabled.body.Data?.access_token as string | undefined) || user.token;
      const listed = await server.call('Sale/List', { Page: 1, PageSize: 5 }, token);
      expect(listed.body.StatusCode, listed.text).toBe(1);
    } finally {
      await server.setSetting('security', { fa2Required: false });
    }
  });
});
