import type { FA2UserSetting, TokenResponse } from '@panelwright/contract';
import { api } from './api';

export type SetupAnswer =
  | { FA2MethodId: 'totp'; Secret: string; OtpAuthUrl: string; QrCodeDataUrl: string }
  | { FA2MethodId: 'email'; Sent: true; Recipient: string };

/**
 * The two-factor calls. During sign-in they carry the short-lived step token instead of the session
 * token; from the profile they carry the session token (stepToken omitted).
 */
function options(stepToken: string | undefined) {
  return {
    silent: true,
    hideError: true,
    ...(stepToken ? { headers: { Authorization: `Bearer ${stepToken}` } } : {}),
  };
}

export function fetchTwoFactorSetting(stepToken?: string): Promise<FA2UserSetting> {
  return api.post('Aauth2FA', 'UserSetting', {}, options(stepToken));
}

export function setupTwoFactor(
  methodId: string,
  recipient: string | undefined,
  stepToken?: string,
): Promise<SetupAnswer> {
  return api.post(
    'Aauth2FA',
    'Setup',
    { FA2MethodId: methodId, ...(recipient ? { Recipient: recipient } : {}) },
    options(stepToken),
  );
}

export function enableTwoFactor(methodId: string, code: string, stepToken?: string): Promise<TokenResponse> {
  return api.post('Aauth2FA', 'Enable', { FA2MethodId: methodId, Code: code }, options(stepToken));
}

export function verifyTwoFactor(methodId: string, code: string, stepToken: string): Promise<TokenResponse> {
  return api.post('Aauth2FA', 'Verify', { FA2MethodId: methodId, Code: code }, options(stepToken));
}

export function disableTwoFactor(code: string): Promise<boolean> {
  return api.post('Aauth2FA', 'Disable', { Code: code }, options(undefined));
}

/** `Aauth2FA/CheckCode`: the signed-in user's current code, before protected content is shown. */
export function checkTwoFactorCode(code: string): Promise<{ Verified: true }> {
  return api.post('Aauth2FA', 'CheckCode', { Code: code }, options(undefined));
}
