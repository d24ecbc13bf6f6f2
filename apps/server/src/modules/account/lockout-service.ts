import { ERROR_CODES } from '@panelwright/contract';
import { and, eq, gt, isNull, like, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { authRefusals, knownSignInAddresses, oneTimeCodes, users } from '../../db/schema';
import { normalizeLanguage, translateMessage } from '../../i18n';
import { Answer } from '../../lib/actions';
import type { AuditService } from '../../lib/audit';
import { BusinessError, HttpError } from '../../lib/errors';
import type { MailService } from '../../lib/mail';
import type { PublicAddress } from '../../lib/public-address';
import { randomKey, sha256 } from '../../lib/secure-random';
import { pairKey, type ThrottleKey, type ThrottleKind, type ThrottleService } from '../../lib/throttle';
import type { RequestMeta, User } from '../sessions/service';

/** An unlock link works for a day: as long as the account's failures are looked back on. */
export const UNLOCK_KEY_TTL_MS = 24 * 60 * 60 * 1000;
const UNLOCK_PURPOSE = 'account_unlock';
/** At most one unlock mail an hour per account, while its last link is unused. */
const UNLOCK_MAIL_INTERVAL_MS = 60 * 60 * 1000;

export const INVALID_UNLOCK_KEY = 'This unlock link is not valid or has expired.';
export const UNLOCKED_MESSAGE = 'Your account is unlocked. You can sign in now.';

/** The throttle's key of an account: its user name as typed, trimmed and in small letters. */
export const accountKeyOf = (username: string) => username.trim().toLowerCase().slice(0, 256);

/** What a sign-in attempt counts against: the account at this address, the account, the address. */
export function signInKeys(username: string, address: string): ThrottleKey[] {
  const account = accountKeyOf(username);
  return [
    ['signin_pair', pairKey(account, address)],
    ['signin_account', account],
    ['signin_address', address],
  ];
}

/**
 * The refusal of a sign-in past the lockout, whichever way it came (a password, OpenID Connect, a
 * social provider): the same words and `Retry-After` for all of them.
 */
export function lockedOutError(refusal: { kind: ThrottleKind; retryAfterSeconds: number }): HttpError {
  const minutes = Math.ceil(refusal.retryAfterSeconds / 60);
  const unit = `minute${minutes === 1 ? '' : 's'}`;
  return new HttpError(
    429,
    ERROR_CODES.rateLimited,
    refusal.kind === 'signin_account'
      ? `Sign-in to this account is slowed after many failed attempts. Try again in ${minutes} ${unit}, or use the unlock link mailed to its owner.`
      : `Too many failed sign-in attempts. Try again in ${minutes} ${unit}.`,
    { 'Retry-After': String(refusal.retryAfterSeconds) },
  );
}

/**
 * The sign-in lockout's other half (docs/reliability.md, "Lockout"): the addresses an account signed
 * in from, which a guesser elsewhere cannot slow; the unlock link mailed to the owner when the account
 * is slowed; and the unlock by that link or by an administrator, which forgets the account's failures.
 */
export class LockoutService {
  constructor(
    private readonly db: Database,
    private readonly throttle: ThrottleService,
    private readonly mail: MailService,
    private readonly audit: AuditService,
    private readonly publicAddress: PublicAddress,
    private readonly log: { warn(message: string): void },
  ) {}

  /** Whether the user completed a sign-in from this address before. */
  async isKnownAddress(userId: number, address: string | undefined): Promise<boolean> {
    if (!address) return false;
    const [row] = await this.db
      .select({ userId: knownSignInAddresses.userId })
      .from(knownSignInAddresses)
      .where(and(eq(knownSignInAddresses.userId, userId), eq(knownSignInAddresses.address, address)))
      .limit(1);
    return row !== undefined;
  }

  /**
   * A sign-in that proved who it is (the right password, a verified identity from the provider)
   * forgets the account's counted failures and this address's for the account, whichever way it came.
   */
  async forgetFailures(username: string, address: string): Promise<void> {
    const account = accountKeyOf(username);
    await this.throttle.clear('signin_account', account);
    await this.throttle.clear('signin_pair', pairKey(account, address));
  }

  /**
   * A sign-in that proved who it is without the password (OpenID Connect, a social provider) is
   * refused wherever the right password would be: the provider vouches for the person, not for this
   * address, so an account locked or slowed by failed passwords stays so here, with the same words.
   * Nothing is counted when it passes; a refusal is audited (and mails the unlock link) as a
   * password's is.
   */
  async admitVerifiedSignIn(user: User, meta: RequestMeta, auditAction: string): Promise<void> {
    const known = await this.isKnownAddress(user.id, meta.ip);
    const attempt = await this.throttle.reserve(signInKeys(user.username, meta.ip ?? 'unknown'), {
      exempt: known ? ['signin_account'] : [],
    });
    if (attempt.granted) {
      await this.throttle.release(attempt.reservation);
      return;
    }
    if (attempt.firstRefusal) {
      await this.audit.record({ action: auditAction, outcome: 'throttled', userId: user.id, ip: meta.ip });
      if (attempt.kind !== 'signin_address') await this.mailUnlockLink(user);
    }
    throw lockedOutError(attempt);
  }

  /** Remembers (or refreshes) an address the user signed in from. */
  async rememberAddress(userId: number, address: string | undefined): Promise<void> {
    if (!address) return;
    await this.db
      .insert(knownSignInAddresses)
      .values({ userId, address: address.slice(0, 64), lastAt: new Date() })
      .onConflictDoUpdate({
        target: [knownSignInAddresses.userId, knownSignInAddresses.address],
        set: { lastAt: sql`excluded.last_at` },
      });
  }

  /**
   * Mails the owner of a refused or slowed account a link that lifts it (the caller calls it on the
   * first refused attempt of a burst; one mail an hour at most). Without an e-mail address or a public address,
   * nothing is sent; the administrator can still unlock from Users.
   */
  async mailUnlockLink(user: User): Promise<void> {
    if (!user.email || user.isDisabled) return;
    // Refusals of many addresses start many bursts: the owner hears of them once an hour at most.
    const [recent] = await this.db
      .select({ id: oneTimeCodes.id })
      .from(oneTimeCodes)
      .where(
        and(
          eq(oneTimeCodes.userId, user.id),
          eq(oneTimeCodes.purpose, UNLOCK_PURPOSE),
          isNull(oneTimeCodes.usedAt),
          gt(oneTimeCodes.createdAt, new Date(Date.now() - UNLOCK_MAIL_INTERVAL_MS)),
        ),
      )
      .limit(1);
    if (recent) return;
    const origin = this.publicAddress.origin();
    if (origin === null) {
      this.log.warn('an unlock link was not mailed: set PUBLIC_URL to the address users open');
      return;
    }
    const key = randomKey(32);
    await this.db.insert(oneTimeCodes).values({
      userId: user.id,
      purpose: UNLOCK_PURPOSE,
      codeHash: sha256(key),
      recipient: user.email,
      expiresAt: new Date(Date.now() + UNLOCK_KEY_TTL_MS),
    });
    const link = `${origin}/unlock-account/${key}`;
    const language = normalizeLanguage(user.languageCode);
    await this.mail.queue({
      to: user.email,
      subject: translateMessage('Sign-in to your account was slowed', language),
      body: translateMessage(
        `Hello ${user.displayName || user.username},\n\nThere were many failed attempts to sign in to your account, so signing in from new places is slowed for now. If you want to sign in from a new place, open this link within 24 hours and press Unlock:\n${link}\n\nIf these attempts were not yours, consider changing your password.`,
        language,
      ),
    });
    await this.audit.record({ action: 'unlock_link', outcome: 'sent', userId: user.id });
  }

  /** The owner's mailed link: forgets the failures, and this address becomes one they signed in from. */
  async unlockWithKey(key: string, ip: string | undefined): Promise<Answer<boolean>> {
    const user = await this.db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(oneTimeCodes)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(oneTimeCodes.purpose, UNLOCK_PURPOSE),
            eq(oneTimeCodes.codeHash, sha256(key)),
            isNull(oneTimeCodes.usedAt),
            gt(oneTimeCodes.expiresAt, new Date()),
          ),
        )
        .returning({ userId: oneTimeCodes.userId });
      if (!claimed) return null;
      const [owner] = await tx.select().from(users).where(eq(users.id, claimed.userId)).limit(1);
      return owner ?? null;
    });
    if (!user) throw new BusinessError(INVALID_UNLOCK_KEY);
    await this.forget(user);
    await this.rememberAddress(user.id, ip);
    await this.audit.record({ action: 'unlock', outcome: 'mailed_link', userId: user.id, ip });
    return new Answer(true, UNLOCKED_MESSAGE);
  }

  /** An administrator's unlock from Users. */
  async unlockByAdministrator(
    id: number,
    admin: { id: number; ip?: string | undefined },
  ): Promise<Answer<boolean>> {
    const [user] = await this.db.select().from(users).where(eq(users.id, id)).limit(1);
    if (!user) throw new BusinessError('This user does not exist any more; reload the list.');
    await this.forget(user);
    await this.audit.record({
      action: 'unlock',
      outcome: 'administrator',
      userId: admin.id,
      resource: 'User',
      recordId: id,
      ip: admin.ip ?? null,
    });
    return new Answer(true, `Sign-in of ${user.username} is unlocked: its failed attempts are forgotten.`);
  }

  /** Forgets the account's failures and refusals from every address, and voids its other links. */
  private async forget(user: User): Promise<void> {
    const account = accountKeyOf(user.username);
    await this.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      await this.throttle.clearAccount(account, tx);
      const escaped = account.replace(/[\\%_]/g, (c) => `\\${c}`);
      await tx
        .delete(authRefusals)
        .where(
          or(
            and(eq(authRefusals.kind, 'signin_account'), eq(authRefusals.key, account)),
            and(eq(authRefusals.kind, 'signin_pair'), like(authRefusals.key, `${escaped}|%`)),
          ),
        );
      await tx
        .update(oneTimeCodes)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(oneTimeCodes.userId, user.id),
            eq(oneTimeCodes.purpose, UNLOCK_PURPOSE),
            isNull(oneTimeCodes.usedAt),
          ),
        );
    });
  }
}
