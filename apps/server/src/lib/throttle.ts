import { and, asc, count, eq, gt, inArray, like, max, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { authFailures, authRefusals } from '../db/schema';

export type ThrottleKind =
  | 'signin_pair'
  | 'signin_account'
  | 'signin_address'
  | 'fa2_user'
  | 'forgot_recipient'
  | 'forgot_address';

/**
 * What happens past the limit: `refuse` refuses every attempt until the oldest counted one leaves the
 * window; `slow` lets one attempt through after a wait that doubles with each further failure
 * (`slowDownWaitMs`), so that nobody can lock the key, only slow it.
 */
export type ThrottleRule = { limit: number; windowMs: number; past: 'refuse' | 'slow' };

const MINUTE_MS = 60 * 1000;

/** docs/reliability.md, "Lockout": why each key has the rule it has. */
export const THROTTLE_RULES: Record<ThrottleKind, ThrottleRule> = {
  // One account from one address: an owner who mistypes, or a guesser at their own address.
  signin_pair: { limit: 10, windowMs: 10 * MINUTE_MS, past: 'refuse' },
  // An account from every address: guessing spread over many addresses is slowed, never a lockout
  // (an address that signed in to the account before is not slowed at all).
  signin_account: { limit: 10, windowMs: 24 * 60 * MINUTE_MS, past: 'slow' },
  // An address may try several accounts (a shared office), but not spray passwords across many.
  signin_address: { limit: 30, windowMs: 10 * MINUTE_MS, past: 'refuse' },
  fa2_user: { limit: 10, windowMs: 10 * MINUTE_MS, past: 'refuse' },
  // Reset mails: a few to one recipient an hour, whoever asks; a few dozen asked from one address.
  forgot_recipient: { limit: 3, windowMs: 60 * MINUTE_MS, past: 'refuse' },
  forgot_address: { limit: 20, windowMs: 60 * MINUTE_MS, past: 'refuse' },
};

/** Attempts allowed per key within its window before further attempts are refused or slowed. */
export const THROTTLE_LIMITS = Object.fromEntries(
  Object.entries(THROTTLE_RULES).map(([kind, rule]) => [kind, rule.limit]),
) as Record<ThrottleKind, number>;

/** The longest window of any key: counted attempts older than this are kept by no rule. */
export const THROTTLE_WINDOW_MS = Math.max(...Object.values(THROTTLE_RULES).map((rule) => rule.windowMs));

/** The wait before the next attempt of a slowed key: 1 minute, doubling per failure, at most 15. */
export function slowDownWaitMs(failuresPastLimit: number): number {
  return Math.min(15 * MINUTE_MS, MINUTE_MS * 2 ** Math.max(0, Math.min(failuresPastLimit, 10)));
}

/** The key of one account from one address. */
export const pairKey = (account: string, address: string) => `${account}|${address}`;

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
 * Counts attempts per key in a sliding window, in the database so that every instance sees the same
 * count. An attempt is counted (reserved) before the password or code is checked, under a per-key
 * lock, so that however many arrive at once, on however many instances, no more than the limit are
 * ever checked. A right attempt gives its reservation back; a wrong one stays counted. Past the
 * limit, a `refuse` key refuses every attempt (even a right one) until the oldest counted attempt
 * leaves the window; a `slow` key lets one attempt through per growing wait.
 */
export class ThrottleService {
  constructor(
    private readonly db: Database,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Reserves one attempt of every key, or refuses it. Keys of an `exempt` kind are counted but not
   * checked (the account's count for an address that signed in to it before).
   */
  async reserve(
    keys: readonly ThrottleKey[],
    options: { exempt?: readonly ThrottleKind[] } = {},
  ): Promise<ReserveResult> {
    // Locks are taken in one order, so two attempts sharing keys never wait on each other in a cycle.
    const ordered = [...keys].sort(([kindA, keyA], [kindB, keyB]) =>
      `${kindA}:${keyA}` < `${kindB}:${keyB}` ? -1 : 1,
    );
    return this.db.transaction(async (tx) => {
      const now = this.now();
      for (const [kind, key] of ordered) {
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtextextended(${`throttle:${kind}:${key}`}, 0))`,
        );
      }
      // Of several keys that refuse, the one that refuses longest is the answer.
      let refusal: { kind: ThrottleKind; key: string; reopensAt: number; since: Date } | null = null;
      for (const [kind, key] of ordered) {
        if (options.exempt?.includes(kind)) continue;
        const rule = THROTTLE_RULES[kind];
        const since = new Date(now - rule.windowMs);
        const reopensAt =
          rule.past === 'refuse'
            ? await refusedUntil(tx as unknown as Database, kind, key, since, rule)
            : await slowedUntil(tx as unknown as Database, kind, key, since, rule);
        if (reopensAt === null || reopensAt <= now) continue;
        if (!refusal || reopensAt > refusal.reopensAt) refusal = { kind, key, reopensAt, since };
      }
      if (refusal) {
        const { kind, key, since } = refusal;
        const retryAfterSeconds = Math.max(1, Math.ceil((refusal.reopensAt - now) / 1000));
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

  /** How many attempts of a key are counted in its window (a failure just reserved included). */
  async counted(kind: ThrottleKind, key: string): Promise<number> {
    const since = new Date(this.now() - THROTTLE_RULES[kind].windowMs);
    const [row] = await this.db
      .select({ n: count() })
      .from(authFailures)
      .where(and(eq(authFailures.kind, kind), eq(authFailures.key, key), gt(authFailures.at, since)));
    return Number(row?.n ?? 0);
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
  async clear(kind: ThrottleKind, key: string, db: Database = this.db): Promise<void> {
    await db.delete(authFailures).where(and(eq(authFailures.kind, kind), eq(authFailures.key, key)));
  }

  /**
   * Forgets the sign-in failures of an account, from every address (an unlock by the owner's mailed
   * link or by an administrator).
   */
  async clearAccount(account: string, db: Database = this.db): Promise<void> {
    const escaped = account.replace(/[\\%_]/g, (c) => `\\${c}`);
    await db
      .delete(authFailures)
      .where(
        or(
          and(eq(authFailures.kind, 'signin_account'), eq(authFailures.key, account)),
          and(eq(authFailures.kind, 'signin_pair'), like(authFailures.key, `${escaped}|%`)),
        ),
      );
  }
}

/** When a `refuse` key takes attempts again: when the oldest counted one leaves the window. */
async function refusedUntil(
  db: Database,
  kind: ThrottleKind,
  key: string,
  since: Date,
  rule: ThrottleRule,
): Promise<number | null> {
  const counted = await db
    .select({ at: authFailures.at })
    .from(authFailures)
    .where(and(eq(authFailures.kind, kind), eq(authFailures.key, key), gt(authFailures.at, since)))
    .orderBy(asc(authFailures.at))
    .limit(rule.limit);
  if (counted.length < rule.limit) return null;
  const oldest = counted[0]?.at.getTime();
  return oldest === undefined ? null : oldest + rule.windowMs;
}

/** When a `slow` key takes its next attempt: its newest failure plus the wait its count has earned. */
async function slowedUntil(
  db: Database,
  kind: ThrottleKind,
  key: string,
  since: Date,
  rule: ThrottleRule,
): Promise<number | null> {
  const [row] = await db
    .select({ n: count(), newest: max(authFailures.at) })
    .from(authFailures)
    .where(and(eq(authFailures.kind, kind), eq(authFailures.key, key), gt(authFailures.at, since)));
  const failures = Number(row?.n ?? 0);
  if (failures < rule.limit || !row?.newest) return null;
  return new Date(row.newest).getTime() + slowDownWaitMs(failures - rule.limit);
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
