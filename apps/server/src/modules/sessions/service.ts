import { jwtClaimsSchema } from '@panelwright/contract';
import { and, eq, gt, inArray, isNull, ne } from 'drizzle-orm';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Database } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { unauthorized } from '../../lib/errors';

export type SessionScope = 'access' | 'fa2';
export type User = typeof users.$inferSelect;
export type Session = typeof sessions.$inferSelect;
/**
 * Who calls. A call with an API key carries `apiKey`: its `user` holds only the key's role and its
 * `session` is no row of `sessions` (see modules/api-keys).
 */
export type AuthContext = { user: User; session: Session; apiKey?: { id: string; name: string } };
export type RequestMeta = { ip?: string | undefined; userAgent?: string | undefined };

/** How often a session's last-seen time is written while it is used (more often for short idle limits). */
const LAST_SEEN_WRITE_INTERVAL_MS = 30_000;
/** The two-factor step token lives five minutes. */
export const FA2_TOKEN_TTL_SECONDS = 300;

/**
 * Tokens are JWTs backed by a session row: the signature makes them cheap to check, the row makes
 * logout, password changes and disabled users revoke them at once.
 */
export class SessionService {
  constructor(
    private readonly db: Database,
    private readonly secret: Uint8Array,
    private readonly ttlSeconds: number,
    /** How long a session may stay idle (ms), or null for no limit; read per call (it is cached). */
    private readonly idleLimitMs: () => Promise<number | null> = async () => null,
    /** Tells every instance that sessions of these users ended (the live hub ends their streams). */
    private readonly announce: (userIds: number[]) => void = () => {},
  ) {}

  /**
   * Announces, once the revocation is committed, that sessions of a user ended: their live streams
   * end at once on every instance instead of at the next heartbeat.
   */
  announceEnded(userId: number): void {
    this.announce([userId]);
  }

  async issue(
    user: Pick<User, 'id'>,
    scope: SessionScope,
    meta: RequestMeta,
    ttlSeconds = this.ttlSeconds,
  ): Promise<{ token: string; expiresIn: number; session: Session }> {
    const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
    const [session] = await this.db
      .insert(sessions)
      .values({
        userId: user.id,
        scope,
        expiresAt,
        ip: meta.ip?.slice(0, 64),
        userAgent: meta.userAgent?.slice(0, 512),
      })
      .returning();
    if (!session) throw new Error('session insert returned nothing');
    const token = await new SignJWT({ sid: session.id, scope })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(user.id))
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.secret);
    return { token, expiresIn: ttlSeconds, session };
  }

  /** Checks a bearer token; throws a 401 HttpError for a malformed, expired, revoked or foreign one. */
  async verify(token: string, allowedScopes: readonly SessionScope[]): Promise<AuthContext> {
    let payload: unknown;
    try {
      ({ payload } = await jwtVerify(token, this.secret, { algorithms: ['HS256'] }));
    } catch (error) {
      throw unauthorized(
        error instanceof joseErrors.JWTExpired
          ? 'The access token has expired.'
          : 'The access token is not valid.',
      );
    }
    const claims = jwtClaimsSchema.safeParse(payload);
    if (!claims.success) throw unauthorized('The access token is not valid.');
    const { sid, sub, scope } = claims.data;
    if (!allowedScopes.includes(scope)) throw unauthorized('This token cannot be used for this call.');
    const found = await this.db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.id, sid))
      .limit(1);
    const row = found[0];
    const now = Date.now();
    if (!row || String(row.user.id) !== sub) throw unauthorized('The access token is not valid.');
    if (row.session.revokedAt) throw unauthorized('The session has ended; please sign in again.');
    if (row.session.expiresAt.getTime() <= now) throw unauthorized('The access token has expired.');
    if (row.user.isDisabled) throw unauthorized('The account is disabled.');
    const idleLimit = scope === 'access' ? await this.idleLimitMs() : null;
    const idleFor = now - row.session.lastSeenAt.getTime();
    if (idleLimit !== null && idleFor > idleLimit) {
      await this.revoke(sid);
      throw unauthorized('The session ended after being idle; please sign in again.');
    }
    const writeInterval =
      idleLimit === null ? LAST_SEEN_WRITE_INTERVAL_MS : Math.min(LAST_SEEN_WRITE_INTERVAL_MS, idleLimit / 4);
    if (idleFor > writeInterval) {
      await this.db
        .update(sessions)
        .set({ lastSeenAt: new Date(now) })
        .where(eq(sessions.id, sid));
    }
    return { user: row.user, session: row.session };
  }

  /** Which of these sessions can no longer be used: gone, revoked, expired, or of a disabled user. */
  async endedAmong(sessionIds: readonly string[]): Promise<Set<string>> {
    const ended = new Set(sessionIds);
    for (let start = 0; start < sessionIds.length; start += 500) {
      const valid = await this.db
        .select({ id: sessions.id })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(
            inArray(sessions.id, sessionIds.slice(start, start + 500)),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, new Date()),
            eq(users.isDisabled, false),
          ),
        );
      for (const row of valid) ended.delete(row.id);
    }
    return ended;
  }

  async revoke(sessionId: string, db: Database = this.db): Promise<void> {
    await db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  }

  /** Ends every session of a user, but the one given (the caller's own, after a password change). */
  async revokeAllOfUser(userId: number, exceptSessionId?: string, db: Database = this.db): Promise<void> {
    const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
    if (exceptSessionId) conditions.push(ne(sessions.id, exceptSessionId));
    await db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(...conditions));
  }
}
