import { EMAIL_ADDRESS_PATTERN } from '@panelwright/contract/constants';

/** The two client checks of reset and registration (part 1 section 5), texts as written there. */
export const PASSWORD_CHECK_TEXTS = {
  empty: 'Please fill your password',
  mismatch: 'Password and Confirm Password must be match',
} as const;

/** Which field a password check is about, and its text: shown under that field. */
export type PasswordProblem = { field: 'password' | 'confirm'; message: string };

export function clientPasswordProblem(password: string, confirm: string): PasswordProblem | null {
  if (password === '') return { field: 'password', message: PASSWORD_CHECK_TEXTS.empty };
  if (password !== confirm) return { field: 'confirm', message: PASSWORD_CHECK_TEXTS.mismatch };
  return null;
}

/** The message of an e-mail field whose text is no e-mail address. */
export const EMAIL_FORMAT_MESSAGE = 'Enter a valid e-mail address, such as name@example.com.';

/** An e-mail address as the server accepts it (the text is trimmed first). */
export function isEmailAddress(text: string): boolean {
  return EMAIL_ADDRESS_PATTERN.test(text.trim());
}
