import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { roles, sessions, users } from '../../db/schema';
import { AuditService } from '../../lib/audit';
import { newPasswordProblem } from '../../lib/password-policy';
import { hashPassword } from '../../lib/passwords';
import { ThrottleService } from '../../lib/throttle';
import { ensureAdministrator, generatePassword } from './administrator';
import { accountKeyOf } from './lockout-service';
import { replacePassword } from './password-store';

export type RecoveredAdministrator = {
  username: string;
  password: string;
  /** A generated password must be changed at the next sign-in. */
  generated: boolean;
  /** The account did not exist and was created. */
  created: boolean;
};

/**
 * Gives an administrator a new password from the command line (`npm run admin:reset-password`), for a
 * first start whose printed password was lost, or a forgotten one. The password is `password` when
 * given (the policy applies), else a generated one that must be changed at the next sign-in. The
 * account is enabled again, its sessions and failed sign-ins are cleared, and the audit log says so.
 * An administrator of that name that does not exist yet is created.
 */
export async function resetAdministratorPassword(
  db: Database,
  username: string,
  password: string | undefined,
): Promise<RecoveredAdministrator> {
  if (password !== undefined) {
    const problem = newPasswordProblem(password, password, username);
    if (problem) throw new Error(`ADMIN_PASSWORD: ${problem}`);
  }
  const [existing] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
    .limit(1);
  if (!existing) {
    const created = await ensureAdministrator(db, {
      adminUsername: username,
      adminEmail: undefined,
      adminPassword: password,
    });
    if (!created) throw new Error(`The account ${username} could not be created.`);
    return { ...created, created: true };
  }
  const [adminRole] =
    existing.roles.length === 0
      ? []
      : await db
          .select({ code: roles.code })
          .from(roles)
          .where(and(eq(roles.isAdmin, true), inArray(roles.code, existing.roles)))
          .limit(1);
  if (!adminRole) {
    throw new Error(`${existing.username} is not an administrator; this command only resets administrators.`);
  }
  const generated = password === undefined;
  const newPassword = password ?? generatePassword();
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    await replacePassword(tx as unknown as Database, existing.id, passwordHash, {
      mustChange: generated,
      enable: true,
    });
    await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userId, existing.id), isNull(sessions.revokedAt)));
    // The failures of every address: the administrator signs in at once.
    await new ThrottleService(tx as unknown as Database).clearAccount(accountKeyOf(existing.username));
    await new AuditService(tx as unknown as Database).record({
      action: 'password_reset',
      outcome: 'command_line',
      userId: existing.id,
    });
  });
  return { username: existing.username, password: newPassword, generated, created: false };
}
