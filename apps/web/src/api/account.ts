import type { OidcStartResult, Profile, TokenResponse } from '@panelwright/contract';
import { api } from './api';

/** Calls whose failure text the page shows itself, under its form. */
const quiet = { silent: true, hideError: true } as const;

/** Resolves with the server's Msg: the same whether or not the address is known. */
export async function forgotPassword(email: string): Promise<string> {
  const envelope = await api.call<{ Msg: string }>({
    path: 'Account',
    name: 'ForgotPassword',
    body: { Email: email },
    ...quiet,
  });
  return envelope.Msg ?? '';
}

export function validateResetKey(passwordKey: string): Promise<{ IsValid: boolean; Msg: string }> {
  return api.post('Account', 'ValidateToken', { PasswordKey: passwordKey }, quiet);
}

export function resetPassword(
  passwordKey: string,
  password: string,
  confirmPassword: string,
): Promise<boolean> {
  return api.post(
    'Account',
    'ResetPassword',
    { PasswordKey: passwordKey, Password: password, ConfirmPassword: confirmPassword },
    quiet,
  );
}

/** The owner's unlock link of a slowed account; resolves with the server's Msg. */
export async function unlockAccount(unlockKey: string): Promise<string> {
  const envelope = await api.call<{ Msg: string }>({
    path: 'Account',
    name: 'Unlock',
    body: { UnlockKey: unlockKey },
    ...quiet,
  });
  return envelope.Msg ?? '';
}

export type Registration = {
  UserName: string;
  DisplayName: string;
  Email: string;
  PhoneNumber: string;
  Password: string;
  ConfirmPassword: string;
};

export function register(input: Registration): Promise<TokenResponse> {
  return api.post('Account', 'Register', input, quiet);
}

export function socialLogin(
  socialId: string,
  socialToken: string,
  socialUsername: string,
): Promise<{ Token: TokenResponse; SocialInfo: unknown }> {
  return api.post(
    'Account',
    'SocialLogin',
    { SocialId: socialId, SocialToken: socialToken, SocialUsername: socialUsername },
    quiet,
  );
}

/** Where to send the browser for an OpenID Connect sign-in, and the sealed state it brings back. */
export function oidcStart(): Promise<OidcStartResult> {
  return api.post('Account', 'OidcStart', {}, quiet);
}

/** The provider's return (code, state, iss) and the sealed start: a sign-in answer. */
export function oidcLogin(input: {
  Code: string;
  State: string;
  Iss?: string;
  Pending: string;
}): Promise<TokenResponse> {
  return api.post('Account', 'OidcLogin', input, quiet);
}

export async function changePassword(
  oldPassword: string,
  newPassword: string,
  confirmPassword: string,
): Promise<string> {
  const envelope = await api.call<{ Msg: string }>({
    path: 'Account',
    name: 'ChangePassword',
    body: { OldPassword: oldPassword, NewPassword: newPassword, ConfirmPassword: confirmPassword },
    ...quiet,
  });
  return envelope.Msg ?? '';
}

export function fetchProfile(): Promise<Profile> {
  return api.post('Account', 'MyProfile', {});
}

export function updateProfile(
  values: { FieldName: string; NewValue: unknown }[],
  options: { silent?: boolean } = {},
): Promise<Profile> {
  return api.post('Account', 'UpdateFields', { Values: values }, options);
}

/** Tells the server the user is active, so an idle limit there does not end a busy session. */
export async function keepAlive(): Promise<void> {
  await api.post('Account', 'KeepAlive', {}, quiet).catch(() => {});
}
