import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { authFailures, authRefusals } from '../db/schema';

export type ThrottleKind = 'signin_account' | 'signin_address' | 'fa2_user';

/** Attempts allowed per key within the window before further attempts are refused. */
export const THROTTLE_LIMITS: Record<ThrottleKind, number> = {
  signin_account: 10,
  // An address may try several accounts (a shared office), but not spray passwords across many.
  signin_address: 30,
  fa2_user: 10,
};
export const THROTTLE_WINDOW_MS = 10 * 60 * 1000;

export type ThrottleKey = readonly [ThrottleKind, string];

/** The counted attempt of each key, to give back when the attempt turns out right. */
export type Reservation = { kind: ThrottleKind; key: string; id: string }[];

export type ReserveResult =
  | { granted: true; reservation: Reservation }
  | {
      granted: false;
      kind: ThrottleKind;
      retryAfterSeconds: number;
      /** The first refusal of this key's burst: the one worth an audit row. */
      firstRefusal: boolean;
    };

/**
 * Counts attempts per key in a sliding 10-minute window, in the database so that every instance sees
 * the same count. An attempt is counted (reserved) before the password or code is checked, under a
 * per-key lock, so that however many arrive at once, on however many instances, no more than the
 * limit are ever checked. A right attempt gives its reservation back; a wrong one stays counted.
 * Once the limit is reached, every attempt is refused (even a right one) until the oldest counted
 * attempt leaves the window.
 */
export class ThrottleService {
  constructor(
    private readonly db: Database,
    private readonly now: () => number = Date.now,
  ) {}

  async reserve(keys: readonly ThrottleKey[]): Promise<ReserveResult> {
    // Locks are taken in one order, so two attempts sharing keys never wait on each other in a cycle.
    const ordered = [...keys].sort(([kindA, keyA], [kindB, keyB]) =>
      `${kindA}:${keyA}` < `${kindB}:${keyB}` ? -1 : 1,
    );
    return this.db.transaction(async (tx) => {
      const now = this.now();
      const since = new Date(now - THROTTLE_WINDOW_MS);
      for (const [kind, key] of ordered) {
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtextextended(${`throttle:${kind}:${key}`}, 0))`,
        );
      }
      for (const [kind, key] of ordered) {
        const limit = THROTTLE_LIMITS[kind];
        const counted = await tx
          .select({ at: authFailures.at })
          .from(authFailures)
          .where(and(eq(authFailures.kind, kind), eq(authFailures.key, key), gt(authFailures.at, since)))
          .orderBy(asc(authFailures.at))
          .limit(limit);
        if (counted.length < limit) continue;
        // The window reopens when the oldest of the counted attempts is older than the window.
        const oldest = counted[0]?.at.getTime() ?? now;
        const retryAfterSeconds = Math.max(1, Math.ceil((oldest + THROTTLE_WINDOW_MS - now) / 1000));
        const refusals = await countRefusal(tx as unknown as Database, kind, key, new Date(now), since);
        return { granted: false, kind, retryAfterSeconds, firstRefusal: refusals === 1 };
      }
      const rows = await tx
        .insert(authFailures)
        .values(ordered.map(([kind, key]) => ({ kind, key, at: new Date(now) })))
        .returning({ id: authFailures.id, kind: authFailures.kind, key: authFailures.key });
      return {
        granted: true,
        reservation: rows.map((row) => ({ kind: row.kind as ThrottleKind, key: row.key, id: row.id })),
      };
    });
  }

  /** Gives back the attempts of a reservation that turned out right (they were no guess). */
  async release(reservation: Reservation): Promise<void> {
    if (reservation.length === 0) return;
    await this.db.delete(authFailures).where(
      inArray(
        authFailures.id,
        reservation.map((entry) => entry.id),
      ),
    );
  }

  /** Forgets every counted attempt of a key (a success on the account clears its count). */
  async clear(kind: ThrottleKind, key: string): Promise<void> {
    await this.db.delete(authFailures).where(and(eq(authFailures.kind, kind), eq(authFailures.key, key)));
  }
}

/** Counts one refused attempt of a key; a refusal after a quiet window starts a new burst at 1. */
async function countRefusal(
  db: Database,
  kind: ThrottleKind,
  key: string,
  at: Date,
  windowStart: Date,
): Promise<number> {
  const [row] = await db
    .insert(authRefusals)
    .values({ kind, key, firstAt: at, lastAt: at, count: 1 })
    .onConflictDoUpdate({
      target: [authRefusals.kind, authRefusals.key],
      set: {
        count: sql`case when ${authRefusals.lastAt} < ${windowStart} then 1 else ${authRefusals.count} + 1 end`,
        firstAt: sql`case when ${authRefusals.lastAt} < ${windowStart} then excluded.first_at else ${authRefusals.firstAt} end`,
        lastAt: sql`excluded.last_at`,
      },
    })
    .returning({ count: authRefusals.count });
  return row?.count ?? 1;
}
