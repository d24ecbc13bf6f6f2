/** The two client checks of reset and registration (part 1 section 5). */
export const PASSWORD_CHECK_TEXTS = {
  empty: 'Please fill your password',
  mismatch: 'Password and Confirm Password must be match',
} as const;

export function clientPasswordProblem(password: string, confirm: string): string | null {
  if (password === '') return PASSWORD_CHECK_TEXTS.empty;
  if (password !== confirm) return PASSWORD_CHECK_TEXTS.mismatch;
  return null;
}
