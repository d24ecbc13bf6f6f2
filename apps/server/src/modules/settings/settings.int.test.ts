import { configSettingsSchema } from '@panelwright/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { startTestServer, type TestServer } from '../../testing/harness';

let server: TestServer;
let admin = '';
let staff = '';

beforeAll(async () => {
  server = await startTestServer();
  await server.database.db.insert(users).values({
    username: 'staffer',
    displayName: 'Staffer',
    roles: ['staff'],
    passwordHash: await hashPassword('Staff-Password-1'),
  });
  admin = await server.signIn();
  staff = await server.signIn('staffer', 'Staff-Password-1');
});
afterAll(() => server.close());

describe('GlobalAppSetting/SaveSettings', () => {
  it('lets an administrator switch feature flags, which the first settings show at once', async () => {
    const res = await server.call(
      'GlobalAppSetting/SaveSettings',
      { UIAppConfig: { registerAccount: true, checkIdleSecond: 30 } },
      admin,
    );
    expect(res.body.StatusCode).toBe(1);
    expect(res.body.Data.UIAppConfig).toMatchObject({
      registerAccount: true,
      checkIdleSecond: 30,
      forgotPassword: true,
    });
    const first = await server.call('GlobalAppSetting/FisrtSetting');
    expect(first.body.Data.UIAppConfig).toMatchObject({ registerAccount: true, checkIdleSecond: 30 });
    // Later changes merge with the earlier ones.
    await server.call('GlobalAppSetting/SaveSettings', { UIAppConfig: { hasCheckIdle: true } }, admin);
    const again = await server.call('GlobalAppSetting/FisrtSetting');
    expect(again.body.Data.UIAppConfig).toMatchObject({ registerAccount: true, hasCheckIdle: true });
    const [entry] = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'settings_save'));
    expect(entry?.details).toEqual({ UIAppConfig: { registerAccount: true, checkIdleSecond: 30 } });
  });

  it('refuses staff with 403, unknown keys and wrong types with 400, changing nothing', async () => {
    const before = (await server.call('GlobalAppSetting/FisrtSetting')).body.Data.UIAppConfig;
    expect(
      (await server.call('GlobalAppSetting/SaveSettings', { UIAppConfig: { registerAccount: false } }, staff))
        .status,
    ).toBe(403);
    const unknown = await server.call(
      'GlobalAppSetting/SaveSettings',
      { UIAppConfig: { dropTables: true } },
      admin,
    );
    expect(unknown.status).toBe(400);
    const wrongType = await server.call(
      'GlobalAppSetting/SaveSettings',
      { UIAppConfig: { checkIdleSecond: 'soon' } },
      admin,
    );
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.error_description).toContain('UIAppConfig.checkIdleSecond');
    expect((await server.call('GlobalAppSetting/SaveSettings', {}, undefined)).status).toBe(401);
    expect((await server.call('GlobalAppSetting/FisrtSetting')).body.Data.UIAppConfig).toEqual(before);
  });

  it('takes only http(s) addresses or paths of this site in URL settings, never javascript:, data: or //host', async () => {
    const before = (await server.call('GlobalAppSetting/FisrtSetting')).body.Data.UIAppConfig;
    const refused: [string, string][] = [
      ['logoUrl', 'javascript:alert(document.cookie)'],
      ['logoUrl', ' JavaScript:alert(1)'],
      ['logoUrl', 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4='],
      ['logoUrl', '//evil.example/logo.png'],
      ['logoUrl', 'vbscript:x'],
      ['chatWebhookUrl', 'javascript:alert(1)'],
      ['chatWebhookUrl', '/relative/hook'],
      ['analyticsScriptUrl', 'data:text/javascript,alert(1)'],
    ];
    for (const [key, value] of refused) {
      const answer = await server.call(
        'GlobalAppSetting/SaveSettings',
        { UIAppConfig: { [key]: value } },
        admin,
      );
      expect(answer.status, `${key}=${value}`).toBe(400);
      expect(answer.body.error_description).toContain(`UIAppConfig.${key}`);
    }
    expect((await server.call('GlobalAppSetting/FisrtSetting')).body.Data.UIAppConfig).toEqual(before);
    // The configuration's home address is a path of this site only.
    expect(configSettingsSchema.safeParse({ homeUrl: '//evil.example' }).success).toBe(false);
    expect(configSettingsSchema.safeParse({ homeUrl: 'javascript:alert(1)' }).success).toBe(false);
    expect(configSettingsSchema.safeParse({ homeUrl: '/home' }).success).toBe(true);
    for (const logoUrl of ['https://cdn.example/logo.png', '/config/logo.svg', '']) {
      const answer = await server.call('GlobalAppSetting/SaveSettings', { UIAppConfig: { logoUrl } }, admin);
      expect(answer.body.StatusCode, logoUrl).toBe(1);
    }
    await server.call('GlobalAppSetting/SaveSettings', { UIAppConfig: { logoUrl: before.logoUrl } }, admin);
  });

  it('refuses an empty site name with a message, keeping the name; trims a given one', async () => {
    const before = (await server.call('GlobalAppSetting/FisrtSetting')).body.Data.UIAppConfig.siteName;
    for (const siteName of ['', '   ']) {
      const res = await server.call('GlobalAppSetting/SaveSettings', { UIAppConfig: { siteName } }, admin);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        StatusCode: 0,
        Msg: 'Enter a site name: it is shown in the header and the window title.',
      });
    }
    const long = await server.call(
      'GlobalAppSetting/SaveSettings',
      { UIAppConfig: { siteName: 'x'.repeat(61) } },
      admin,
    );
    expect(long.body.StatusCode).toBe(0);
    expect((await server.call('GlobalAppSetting/FisrtSetting')).body.Data.UIAppConfig.siteName).toBe(before);
    await server.call(
      'GlobalAppSetting/SaveSettings',
      { UIAppConfig: { siteName: '  Back office ' } },
      admin,
    );
    expect((await server.call('GlobalAppSetting/FisrtSetting')).body.Data.UIAppConfig.siteName).toBe(
      'Back office',
    );
    await server.call('GlobalAppSetting/SaveSettings', { UIAppConfig: { siteName: before } }, admin);
  });

  it('answers the security and retention settings to an administrator only (GlobalAppSetting/AdminSettings)', async () => {
    await server.call('GlobalAppSetting/SaveSettings', { Security: { oidcDefaultRole: 'viewer' } }, admin);
    const read = await server.call('GlobalAppSetting/AdminSettings', {}, admin);
    expect(read.body.StatusCode).toBe(1);
    expect(read.body.Data.Security).toMatchObject({ oidcDefaultRole: 'viewer', fa2Required: false });
    expect(read.body.Data.Retention).toMatchObject({ auditDays: expect.any(Number) });
    expect((await server.call('GlobalAppSetting/AdminSettings', {}, staff)).status).toBe(403);
    await server.call('GlobalAppSetting/SaveSettings', { Security: { oidcDefaultRole: '' } }, admin);
  });

  it('keeps the valid keys of a stored ui_app_config when one fails the schema, and logs the one dropped', async () => {
    await server.setSetting('ui_app_config', {
      registerAccount: true,
      siteName: 'Kept Name',
      checkIdleSecond: 'soon',
    });
    const first = await server.call('GlobalAppSetting/FisrtSetting');
    expect(first.body.Data.UIAppConfig).toMatchObject({
      registerAccount: true,
      siteName: 'Kept Name',
      checkIdleSecond: expect.any(Number),
    });
    const warning = server.logs.find((line) => line.includes('"key":"checkIdleSecond"'));
    expect(warning).toContain('"setting":"ui_app_config"');
    expect(server.logs.some((line) => line.includes('"key":"registerAccount"'))).toBe(false);
    await server.setSetting('ui_app_config', {});
  });

  it('keeps the security settings off the first settings', async () => {
    await server.call('GlobalAppSetting/SaveSettings', { Security: { fa2Required: false } }, admin);
    const first = await server.call('GlobalAppSetting/FisrtSetting');
    expect(JSON.stringify(first.body)).not.toContain('fa2Required');
  });
});

describe('GlobalAppSetting/FisrtSetting, kept serialised between calls', () => {
  it('answers each caller their own language and password state, and a new public screen at once', async () => {
    await server.database.db.insert(users).values({
      username: 'nguyen',
      displayName: 'Nguyen',
      roles: ['staff'],
      languageCode: 'vn',
      mustChangePassword: true,
      passwordHash: await hashPassword('Nguyen-Password-1'),
    });
    const vietnamese = await server.signIn('nguyen', 'Nguyen-Password-1');
    for (let round = 0; round < 2; round++) {
      const guest = (await server.call('GlobalAppSetting/FisrtSetting')).body;
      const forAdmin = (await server.call('GlobalAppSetting/FisrtSetting', {}, admin)).body;
      const forNguyen = (await server.call('GlobalAppSetting/FisrtSetting', {}, vietnamese)).body;
      expect(guest).toMatchObject({ StatusCode: 1, Msg: '', Data: { IsNeedCheckChangePass: false } });
      expect(typeof guest.TotalMili).toBe('number');
      expect(forAdmin.Data.UserLanguageCode).toBe('en');
      expect(forNguyen.Data).toMatchObject({ UserLanguageCode: 'vn', IsNeedCheckChangePass: true });
      expect(forNguyen.Data.Message_IsNeedChangePass).not.toBe('');
    }
    const saved = await server.call(
      'ConfigMenu/SaveScreen',
      {
        ScreenCode: 'opening_hours',
        Title: 'Opening hours',
        UIUrl: '/info/opening-hours',
        UIType: 'mypage',
        IsPublic: true,
      },
      admin,
    );
    expect(saved.body.StatusCode).toBe(1);
    const after = (await server.call('GlobalAppSetting/FisrtSetting')).body.Data;
    expect(after.PublicApiScreenList.map((s: { ScreenCode: string }) => s.ScreenCode)).toContain(
      'opening_hours',
    );
  });

  it('tells a guest the addresses of the private screens, and nothing else of them', async () => {
    const data = (await server.call('GlobalAppSetting/FisrtSetting')).body.Data;
    expect(data.PrivateScreenUrls).toEqual(expect.arrayContaining(['/admin/users', '/admin/roles']));
    expect(data.PrivateScreenUrls).not.toContain('/info/opening-hours');
    // Neither the screens' codes nor their titles.
    expect(JSON.stringify(data)).not.toContain('admin-users');
    expect(JSON.stringify(data)).not.toContain('Permissions');
  });
});
