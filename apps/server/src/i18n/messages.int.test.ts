// The server answers its messages in the caller's language: `UI_Language` of the request, else the
// signed-in user's language_code.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PRODUCTS } from '../testing/demo';
import { startTestServer, type TestServer } from '../testing/harness';

let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startTestServer({ demoProducts: TEST_PRODUCTS });
  admin = await server.signIn();
});
afterAll(() => server.close());

const tokenCall = (language: string | null) =>
  fetch(`${server.url}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      username: 'admin',
      password: 'wrong-password',
      ...(language ? { UI_Language: language } : {}),
    }),
  }).then((res) => res.json() as Promise<Record<string, unknown>>);

describe('server messages in the caller language', () => {
  it('answers a wrong sign-in in Vietnamese when the page is in Vietnamese, and in English otherwise', async () => {
    expect((await tokenCall('vn')).error_description).toBe('Tên đăng nhập hoặc mật khẩu không đúng.');
    expect((await tokenCall('vi')).error_description).toBe('Tên đăng nhập hoặc mật khẩu không đúng.');
    expect((await tokenCall('en')).error_description).toBe('The user name or password is incorrect.');
    expect((await tokenCall(null)).error_description).toBe('The user name or password is incorrect.');
  });

  it('says Saved. and This record is locked. in Vietnamese', async () => {
    const before = await server.call('Product/List', { PageSize: 1, Filters: [] }, admin);
    const row = before.body.Data.Data[0];
    const saved = await server.call(
      'Product/UpdateFields',
      {
        Id: row.Id,
        IM_ReturnTime: row.IM_ReturnTime,
        Values: [{ FieldName: 'Name', NewValue: 'Đổi tên' }],
        UI_Language: 'vn',
      },
      admin,
    );
    expect(saved.body).toMatchObject({ StatusCode: 1, Msg: 'Đã lưu.' });
    const locked = await server.call(
      'Product/UpdateFields',
      { Id: 100, Values: [{ FieldName: 'Name', NewValue: 'x' }], UI_Language: 'vn' },
      admin,
    );
    expect(locked.body).toMatchObject({ StatusCode: 0, Msg: 'Bản ghi này đã bị khóa.' });
  });

  it('words validation refusals in Vietnamese, field names kept', async () => {
    const res = await server.call('Account/ChangePassword', { OldPassword: 'x', UI_Language: 'vn' }, admin);
    expect(res.status).toBe(400);
    expect(res.body.error_description).toMatch(/^NewPassword: là bắt buộc/);
    expect(res.body.error_description).not.toMatch(/required/);
  });

  it('answers in the signed-in user language when the call names none', async () => {
    const update = await server.call(
      'Account/UpdateFields',
      { Values: [{ FieldName: 'LanguageCode', NewValue: 'vn' }] },
      admin,
    );
    expect(update.body.StatusCode).toBe(1);
    const res = await server.call(
      'Account/ChangePassword',
      {
        OldPassword: 'not-the-old-one',
        NewPassword: 'Another-Secret-2026',
        ConfirmPassword: 'Another-Secret-2026',
      },
      admin,
    );
    expect(res.body).toMatchObject({ StatusCode: 0, Msg: 'Mật khẩu cũ không đúng.' });
    // The page's language wins over the account's.
    const english = await server.call(
      'Account/ChangePassword',
      {
        OldPassword: 'not-the-old-one',
        NewPassword: 'Another-Secret-2026',
        ConfirmPassword: 'Another-Secret-2026',
        UI_Language: 'en',
      },
      admin,
    );
    expect(english.body.Msg).toBe('The old password is incorrect.');
  });

  it('translates the reset-link check and the forgotten-password answer', async () => {
    const check = await server.call('Account/ValidateToken', {
      PasswordKey: 'no-such-key',
      UI_Language: 'vn',
    });
    expect(JSON.stringify(check.body)).toContain('Liên kết này không hợp lệ hoặc đã hết hạn.');
    const forgot = await server.call('Account/ForgotPassword', {
      Email: 'nobody@example.com',
      UI_Language: 'vn',
    });
    expect(forgot.body.Msg).toMatch(/^Nếu có tài khoản dùng địa chỉ email này/);
  });
});
