import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';

/**
 * Stores a user's new password hash (within the caller's transaction): a change, a reset by link, an
 * administrator's reset. `mustChange` asks for another change at the next sign-in (a password someone
 * else chose or generated).
 */
export async function replacePassword(
  db: Database,
  userId: number,
  passwordHash: string,
  options: { mustChange: boolean; enable?: boolean },
): Promise<void> {
  const now = new Date();
  await db
    .update(users)
    .set({
      passwordHash,
      mustChangePassword: options.mustChange,
      ...(options.enable ? { isDisabled: false } : {}),
      passwordChangedAt: now,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
}
