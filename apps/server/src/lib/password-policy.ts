import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@panelwright/contract';
import { SERVER_ROOT } from '../paths';

const COMMON_PASSWORDS_FILE = join(SERVER_ROOT, 'src', 'modules', 'account', 'common-passwords.txt');

let commonPasswords: Set<string> | undefined;

function common(): Set<string> {
  commonPasswords ??= new Set(
    readFileSync(COMMON_PASSWORDS_FILE, 'utf8')
      .split('\n')
      .map((line) => line.trim().toLowerCase())
      .filter((line) => line && !line.startsWith('#')),
  );
  return commonPasswords;
}

export const PASSWORD_TEXTS = {
  empty: 'Please fill your password',
  mismatch: 'Password and Confirm Password must be match',
  tooShort: `The password must be at least ${PASSWORD_MIN_LENGTH} characters long.`,
  tooLong: `The password must be at most ${PASSWORD_MAX_LENGTH} characters long.`,
  common: 'This password is too common. Please choose another one.',
  sameAsUser: 'The password must not be the user name.',
} as const;

/**
 * The product's password rules (OWASP ASVS 2.1): 8 to 128 characters, not a common password, not the
 * user name. Returns the message to show, or null when the password is acceptable.
 */
export function passwordProblem(password: string, username?: string): string | null {
  if (password === '') return PASSWORD_TEXTS.empty;
  // Length in characters as people count them, not UTF-16 units.
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return PASSWORD_TEXTS.tooShort;
  if (length > PASSWORD_MAX_LENGTH) return PASSWORD_TEXTS.tooLong;
  if (common().has(password.toLowerCase())) return PASSWORD_TEXTS.common;
  if (username && password.toLowerCase() === username.toLowerCase()) return PASSWORD_TEXTS.sameAsUser;
  return null;
}

/** The two client checks of the specification, repeated on the server, then the policy. */
export function newPasswordProblem(password: string, confirm: string, username?: string): string | null {
  if (password === '') return PASSWORD_TEXTS.empty;
  if (password !== confirm) return PASSWORD_TEXTS.mismatch;
  return passwordProblem(password, username);
}
