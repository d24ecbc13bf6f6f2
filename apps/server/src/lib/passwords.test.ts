import { describe, expect, it } from 'vitest';
import { generatePassword } from '../modules/account/administrator';
import { READABLE_PASSWORD_ALPHABET, readablePassword } from './passwords';

describe('passwords read off a screen', () => {
  it('never use characters that can be taken for one another (0/O/o, 1/l/I)', () => {
    for (const lookAlike of ['0', 'O', 'o', '1', 'l', 'I']) {
      expect(READABLE_PASSWORD_ALPHABET).not.toContain(lookAlike);
    }
    expect(new Set(READABLE_PASSWORD_ALPHABET).size).toBe(READABLE_PASSWORD_ALPHABET.length);
  });

  it('are made of that alphabet only, at the length asked, and differ each time', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const password = readablePassword(16);
      expect(password).toMatch(/^[A-HJ-NP-Za-km-np-z2-9]{16}$/);
      seen.add(password);
    }
    expect(seen.size).toBe(200);
    // The administrator's printed first password too.
    expect(generatePassword()).toMatch(/^[A-HJ-NP-Za-km-np-z2-9]{24}$/);
  });
});
