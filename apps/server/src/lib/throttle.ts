import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { authFailures } from '../db/schema';

export type ThrottleKind = 'signin_account' | 'signin_address' | 'fa2_user';

/** Failures allowed per key within the window before further attempts are refused. */
export const THROTTLE_LIMITS: Record<ThrottleKind, number> = {
  signin_account: 10,
  // An address may try several accounts (a shared office), but not spray passwords across many.
  signin_address: 30,
  fa2_user: 10,
};
export const THROTTLE_WINDOW_MS = 10 * 60 * 1000;

export type ThrottleState = { blocked: false } | { blocked: true; retryAfterSeconds: number };

/**
 * Counts failed attempts per key in a sliding 10-minute window, in the database so that every instance
 * sees the same count. Once the limit is reached, every attempt is refused (even a right one) until
 * the oldest counted failure leaves the window.
 */
export class ThrottleService {
  constructor(
    private readonly db: Database,
    private readonly now: () => number = Date.now,
  ) {}

  async state(kind: ThrottleKind, key: string): Promise<ThrottleState> {
    const since = new Date(this.now() - THROTTLE_WINDOW_MS);
    const limit = THROTTLE_LIMITS[kind];
    const rows = await this.db
      .select({ at: authFailures.at })
      .from(authFailures)
      .where(and(eq(authFailures.kind, kind), eq(authFailures.key, key), gt(authFailures.at, since)))
      .orderBy(asc(authFailures.at))
      .limit(limit);
    if (rows.length < limit) return { blocked: false };
    // The window reopens when the oldest of the counted failures is older than the window.
    const oldest = rows[0]?.at.getTime() ?? this.now();
    const retryAfterSeconds = Math.max(1, Math.ceil((oldest + THROTTLE_WINDOW_MS - this.now()) / 1000));
    return { blocked: true, retryAfterSeconds };
  }

  async fail(kind: ThrottleKind, key: string): Promise<void> {
    await this.db.insert(authFailures).values({ kind, key, at: new Date(this.now()) });
    // Old rows serve no purpose; trimming here keeps the table small without a scheduler.
    await this.db
      .delete(authFailures)
      .where(lt(authFailures.at, sql`${new Date(this.now() - 2 * THROTTLE_WINDOW_MS)}`));
  }

  async clear(kind: ThrottleKind, key: string): Promise<void> {
    await this.db.delete(authFailures).where(and(eq(authFailures.kind, kind), eq(authFailures.key, key)));
  }
}
