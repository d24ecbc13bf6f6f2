import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { hashPassword, readablePassword } from '../../lib/passwords';

/** The administrator a start created, with the password to print once. */
export type CreatedAdministrator = { username: string; password: string; generated: boolean };

export type AdminConfig = Pick<Config, 'adminUsername' | 'adminEmail' | 'adminPassword'>;

/**
 * Creates the administrator when there is none by that name; answers its credentials when it did.
 * The start-up runs this first and prints the answer at once, before anything slower (the demo data),
 * so that an interrupted first start never loses a generated password.
 */
export async function ensureAdministrator(
  db: Database,
  config: AdminConfig,
): Promise<CreatedAdministrator | undefined> {
  const generated = config.adminPassword === undefined;
  const password = config.adminPassword ?? generatePassword();
  const created = await db
    .insert(users)
    .values({
      username: config.adminUsername,
      displayName: 'Administrator',
      roles: ['admin'],
      email: config.adminEmail,
      passwordHash: await hashPassword(password),
      // A password printed on the console must be replaced at the first sign-in.
      mustChangePassword: generated,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  return created.length > 0 ? { username: config.adminUsername, password, generated } : undefined;
}

/** A password to print once: 24 readable characters (no 0/O, 1/l/I), 138 random bits. */
export function generatePassword(): string {
  return readablePassword(24);
}
