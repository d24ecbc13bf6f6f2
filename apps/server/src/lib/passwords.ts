import { randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** `Algorithm.Argon2id`; the package exports it as an ambient const enum, which isolated modules cannot read. */
const ARGON2ID = 2;

/** OWASP Password Storage Cheat Sheet: argon2id, 19 MiB, 2 iterations, 1 lane. */
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** A hash of nothing anyone knows, verified when the user does not exist so both paths cost the same. */
let decoyHash: Promise<string> | undefined;

/** Verifies a password; with no stored hash it still spends the same time, then says no. */
export async function verifyPassword(
  storedHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!storedHash) {
    decoyHash ??= hashPassword(`decoy-${Math.random()}`);
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

/**
 * Letters and digits that cannot be taken for one another when read off a screen or a console and
 * typed: no 0/O/o, no 1/l/I (55 characters, 5.78 bits each).
 */
export const READABLE_PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

/** A random password to be read and typed by a person: `length` characters of the readable alphabet. */
export function readablePassword(length: number): string {
  let password = '';
  for (let i = 0; i < length; i++) {
    password += READABLE_PASSWORD_ALPHABET[randomInt(READABLE_PASSWORD_ALPHABET.length)];
  }
  return password;
}
