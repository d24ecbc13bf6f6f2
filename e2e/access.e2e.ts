import { Secret, TOTP } from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, saveSettings, signInByApi } from './support/api';
import { expectNoAxeViolations, launchBrowser } from './support/browser';
import { type RunningServer, startServer } from './support/server';
import { logoutThroughMenu } from './support/shell';
import { startSmtpSink } from './support/smtp-sink';

const ADMIN_PASSWORD = 'E2e-Admin-Password-1';
let server: RunningServer;
let browser: Browser;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let adminToken = '';

beforeAll(async () => {
  sink = await startSmtpSink();
  [server, browser] = await Promise.all([
    startServer({ ADMIN_PASSWORD, SMTP_URL: sink.url }),
    launchBrowser(),
  ]);
  adminToken = await signInByApi(server, 'admin', ADMIN_PASSWORD);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await sink?.close();
});

async function newPage(): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  return page;
}

async function signIn(page: Page, username: string, password: string) {
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

async function register(page: Page, user: { UserName: string; Email: string; Password: string }) {
  await page.goto(`${server.url}/register`);
  await page.getByLabel('Username').fill(user.UserName);
  await page.getByLabel('Display name').fill(user.UserName);
  await page.getByLabel('Email').fill(user.Email);
  await page.getByLabel('Password', { exact: true }).fill(user.Password);
  await page.getByLabel('Confirm Password').fill(user.Password);
  await page.getByRole('button', { name: 'Register' }).click();
  await page.waitForURL(`${server.url}/home`);
}

async function logout(page: Page) {
  await logoutThroughMenu(page);
  await page.waitForURL(`${server.url}/`);
}

/** The code of the current 30 s step, or of a later one (`stepsAhead`), as an authenticator app computes it. */
const totpCode = (secret: string, stepsAhead = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: Date.now() + stepsAhead * 30_000,
  });

describe('registration', () => {
  it("says 'Oops!' and the server refuses while registration is off", async () => {
    const page = await newPage();
    await page.goto(`${server.url}/register`);
    await page.getByRole('heading', { name: 'Oops!' }).waitFor();
    await expectNoAxeViolations(page);
    const refused = await apiCall(server, 'Account/Register', {
      UserName: 'sneaky',
      Password: 'Sneaky-Pass-123',
      ConfirmPassword: 'Sneaky-Pass-123',
    });
    expect(refused.status).toBe(403);
    await page.goto(`${server.url}/login`);
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect(await page.getByRole('link', { name: 'Create an account' }).count()).toBe(0);
  });

  it('registers through the form with the two client checks once enabled, and is signed in', async () => {
    await saveSettings(server, adminToken, { registerAccount: true });
    const page = await newPage();
    await page.goto(`${server.url}/login`);
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByRole('heading', { name: 'Create an account' }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByLabel('Username').fill('grace');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByRole('alert').getByText('Please fill your password').waitFor();
    await page.getByLabel('Password', { exact: true }).fill('Grace-Hopper-1906');
    await page.getByLabel('Confirm Password').fill('Grace-Hopper-1907');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByRole('alert').getByText('Password and Confirm Password must be match').waitFor();
    await page.getByLabel('Confirm Password').fill('password');
    await page.getByLabel('Password', { exact: true }).fill('password');
    await page.getByRole('button', { name: 'Register' }).click();
    await page
      .getByRole('alert')
      .getByText(/too common/)
      .waitFor();
    await page.getByLabel('Password', { exact: true }).fill('Grace-Hopper-1906');
    await page.getByLabel('Confirm Password').fill('Grace-Hopper-1906');
    await page.getByLabel('Email').fill('grace@example.com');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL(`${server.url}/home`);
    await page.getByRole('heading', { name: 'Hi grace' }).waitFor();
  });
});

/** The flows below register their own users. */
const registrationOn = () => saveSettings(server, adminToken, { registerAccount: true });

describe('lockout', () => {
  beforeAll(registrationOn);
  it('refuses the address after 10 wrong passwords, even the right one, with the server text under the form; the mailed link unlocks it', async () => {
    const page = await newPage();
    await register(page, { UserName: 'locked', Email: 'locked@example.com', Password: 'Locked-Out-Pass-1' });
    await logout(page);
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Username').fill('locked');
    const submit = async (password: string) => {
      await page.getByLabel('Password', { exact: true }).fill(password);
      await Promise.all([
        page.waitForResponse((r) => r.url().endsWith('/oauth2/token')),
        page.getByRole('button', { name: 'Login' }).click(),
      ]);
    };
    for (let i = 0; i < 10; i++) {
      await submit(`wrong-password-${i}`);
      await expect
        .poll(() => page.getByRole('alert').textContent())
        .toBe('The user name or password is incorrect.');
    }
    const before = sink.mails.length;
    await submit('Locked-Out-Pass-1');
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('Too many failed sign-in attempts. Try again in 10 minutes.');
    expect(new URL(page.url()).pathname).toBe('/login');

    // The owner is mailed a link; opening it changes nothing until Unlock is pressed.
    const mail = await sink.waitFor('locked@example.com', before);
    expect(mail.subject).toBe('Sign-in to your account was slowed');
    const link = /(http:\/\/127\.0\.0\.1:\d+\/unlock-account\/[\w-]+)/.exec(mail.text)?.[1];
    expect(link).toBeDefined();
    await page.goto(link!);
    await page.getByRole('heading', { name: 'Unlock your account' }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Unlock' }).click();
    await page.getByRole('status').getByText('Your account is unlocked. You can sign in now.').waitFor();
    await signIn(page, 'locked', 'Locked-Out-Pass-1');
    await page.waitForURL(`${server.url}/home`);

    // A used link says so under the button.
    await page.goto(link!);
    await page.getByRole('button', { name: 'Unlock' }).click();
    await page.getByRole('alert').getByText('This unlock link is not valid or has expired.').waitFor();
  });
});

describe('forgot and reset password through a real SMTP server', () => {
  beforeAll(registrationOn);
  it('mails a link that sets a new password, then signs in with it', async () => {
    const page = await newPage();
    await register(page, {
      UserName: 'forgetful',
      Email: 'forgetful@example.com',
      Password: 'First-Password-11',
    });
    await logout(page);
    await page.goto(`${server.url}/login`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Forgot password?' }).waitFor();
    await expectNoAxeViolations(page);
    const before = sink.mails.length;
    await page.getByLabel('Email').fill('forgetful@example.com');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    await page.getByText(/If an account uses this e-mail address/).waitFor();
    const mail = await sink.waitFor('forgetful@example.com', before);
    expect(mail.subject).toBe('Reset your password');
    const link = /(http:\/\/127\.0\.0\.1:\d+\/reset-password\/[\w-]+)/.exec(mail.text)?.[1];
    expect(link).toBeDefined();

    await page.goto(link!);
    await page.getByLabel('Confirm Password').waitFor();
    await expectNoAxeViolations(page);
    await page.getByLabel('Password', { exact: true }).fill('Second-Password-22');
    await page.getByLabel('Confirm Password').fill('Second-Password-2x');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByRole('alert').getByText('Password and Confirm Password must be match').waitFor();
    await page.getByLabel('Confirm Password').fill('Second-Password-22');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.waitForURL(`${server.url}/`);

    // The link is used up: it now opens the token-entry form.
    await page.goto(link!);
    await page.getByRole('button', { name: 'Valid Token' }).waitFor();
    await signIn(page, 'forgetful', 'Second-Password-22');
    await page.waitForURL(`${server.url}/home`);
  });
});

describe('two-factor', () => {
  beforeAll(registrationOn);
  it('enables an authenticator app from the profile, then asks for its code at sign-in', async () => {
    const page = await newPage();
    await register(page, { UserName: 'totp-user', Email: 'totp@example.com', Password: 'Totp-User-Pass-1' });
    await page.goto(`${server.url}/my-profile?tab=twofactor`);
    await page.getByRole('button', { name: /Authenticator app/ }).click();
    const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.getByRole('img', { name: 'QR code for the authenticator app' }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByLabel('Code').fill(totpCode(secret));
    await page.getByRole('button', { name: 'Enable' }).click();
    await page.getByText('Two-step verification is on.').first().waitFor();
    await logout(page);

    await signIn(page, 'totp-user', 'Totp-User-Pass-1');
    await page.getByRole('heading', { name: 'Two-step verification' }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByLabel('Code').fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('alert').getByText('The code is not correct or has expired.').waitFor();
    // The enable step used this step's code; the next step's code is within the allowed drift.
    await page.getByLabel('Code').fill(totpCode(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`${server.url}/home`);
    await page.getByRole('heading', { name: 'Hi totp-user' }).waitFor();
  });

  it('enables an e-mail code, then sends one at every sign-in', async () => {
    const page = await newPage();
    await register(page, {
      UserName: 'mail-user',
      Email: 'mail-user@example.com',
      Password: 'Mail-User-Pass-1',
    });
    await page.goto(`${server.url}/my-profile?tab=twofactor`);
    await page.getByRole('button', { name: /E-mail code/ }).click();
    const before = sink.mails.length;
    await page.getByRole('button', { name: 'Send code' }).click();
    const setupMail = await sink.waitFor('mail-user@example.com', before);
    await page.getByLabel('Code').fill(/(\d{6})/.exec(setupMail.subject)?.[1] ?? '');
    await page.getByRole('button', { name: 'Enable' }).click();
    await page.getByText('Two-step verification is on.').first().waitFor();
    await logout(page);

    const beforeSignIn = sink.mails.length;
    await signIn(page, 'mail-user', 'Mail-User-Pass-1');
    await page.getByRole('heading', { name: 'Two-step verification' }).waitFor();
    const signInMail = await sink.waitFor('mail-user@example.com', beforeSignIn);
    await page.getByLabel('Code').fill(/(\d{6})/.exec(signInMail.subject)?.[1] ?? '');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`${server.url}/home`);
  });
});
