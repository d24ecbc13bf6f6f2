import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { passwordResetTokens, users } from '../../db/schema';
import { normalizeLanguage, translateMessage } from '../../i18n';
import type { AuditService } from '../../lib/audit';
import { BusinessError } from '../../lib/errors';
import type { MailService } from '../../lib/mail';
import { newPasswordProblem } from '../../lib/password-policy';
import { hashPassword } from '../../lib/passwords';
import type { PublicAddress } from '../../lib/public-address';
import { randomKey, sha256 } from '../../lib/secure-random';
import type { ThrottleService } from '../../lib/throttle';
import type { SessionService } from '../sessions/service';
import { replacePassword } from './password-store';
import type { AccountService } from './service';

/** Reset links expire after 30 minutes. */
export const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;
/**
 * Every forgot-password answer takes at least this long, so that the time does not tell a known
 * address from an unknown one (the mail itself is sent after the answer).
 */
export const FORGOT_ANSWER_FLOOR_MS = 400;

export const FORGOT_MESSAGE =
  'If an account uses this e-mail address, we have sent it a link to reset the password. The link is valid for 30 minutes.';
export const INVALID_RESET_KEY = 'This link is not valid or has expired. Please ask for a new one.';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class PasswordResetService {
  constructor(
    private readonly db: Database,
    private readonly accounts: AccountService,
    private readonly sessions: SessionService,
    private readonly mail: MailService,
    private readonly audit: AuditService,
    private readonly publicAddress: PublicAddress,
    private readonly log: { warn(message: string): void },
    private readonly throttle: ThrottleService,
  ) {}

  /**
   * Always the same answer, in text and in time, whether the address is known or not. The link points
   * at the product's public address, never at one taken from the request; without one, no link is sent.
   */
  async forgot(
    email: string,
    ip: string | undefined,
    options: { throttled: boolean } = { throttled: true },
  ): Promise<string> {
    const started = Date.now();
    if (options.throttled && !(await this.mayMail(email, ip))) {
      await sleep(Math.max(0, FORGOT_ANSWER_FLOOR_MS - (Date.now() - started)));
      return FORGOT_MESSAGE;
    }
    const user = email.length <= 320 ? await this.accounts.findByEmail(email) : undefined;
    const origin = this.publicAddress.origin();
    if (user?.email && origin === null) {
      this.log.warn('a password-reset link was not mailed: set PUBLIC_URL to the address users open');
    }
    if (user?.email && origin !== null) {
      const key = randomKey(32);
      await this.db.insert(passwordResetTokens).values({
        userId: user.id,
        tokenHash: sha256(key),
        expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
      });
      const link = `${origin}/reset-password/${key}`;
      // The mail speaks the account's language, like the server's answers.
      const language = normalizeLanguage(user.languageCode);
      await this.mail.queue({
        to: user.email,
        subject: translateMessage('Reset your password', language),
        body: translateMessage(
          `Hello ${user.displayName || user.username},\n\nOpen this link within 30 minutes to choose a new password:\n${link}\n\nIf you did not ask for it, ignore this message.`,
          language,
        ),
      });
    }
    await this.audit.record({
      action: 'password_forgot',
      outcome: !user ? 'unknown_address' : origin === null ? 'no_public_url' : 'sent',
      userId: user?.id,
      ip,
    });
    await sleep(Math.max(0, FORGOT_ANSWER_FLOOR_MS - (Date.now() - started)));
    return FORGOT_MESSAGE;
  }

  /**
   * Whether a reset mail may go out: a few per recipient and a few dozen per requesting address an
   * hour. Past either, nothing is sent, and the answer stays the same text in the same time, so that
   * it tells nothing about the address (counted whether or not an account uses it).
   */
  private async mayMail(email: string, ip: string | undefined): Promise<boolean> {
    const attempt = await this.throttle.reserve([
      ['forgot_recipient', email.trim().toLowerCase().slice(0, 320)],
      ['forgot_address', ip ?? 'unknown'],
    ]);
    if (attempt.granted) return true;
    if (attempt.firstRefusal) {
      await this.audit.record({
        action: 'password_forgot',
        outcome: 'throttled',
        ip,
        details: { kind: attempt.kind },
      });
    }
    return false;
  }

  private async findValid(key: string) {
    const [row] = await this.db
      .select()
      .from(passwordResetTokens)
      .where(
        and(
          eq(passwordResetTokens.tokenHash, sha256(key)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, new Date()),
        ),
      )
      .limit(1);
    return row;
  }

  async validate(key: string): Promise<{ IsValid: boolean; Msg: string }> {
    return (await this.findValid(key))
      ? { IsValid: true, Msg: '' }
      : { IsValid: false, Msg: INVALID_RESET_KEY };
  }

  /** Sets the new password, uses the key up, and ends every session of the user. */
  async reset(
    input: { PasswordKey: string; Password: string; ConfirmPassword: string },
    ip: string | undefined,
  ) {
    const token = await this.findValid(input.PasswordKey);
    if (!token) throw new BusinessError(INVALID_RESET_KEY);
    const [user] = await this.db.select().from(users).where(eq(users.id, token.userId)).limit(1);
    if (!user) throw new BusinessError(INVALID_RESET_KEY);
    const problem = newPasswordProblem(input.Password, input.ConfirmPassword, user.username);
    if (problem) throw new BusinessError(problem);
    const passwordHash = await hashPassword(input.Password);
    const used = await this.db.transaction(async (tx) => {
      // Claim the key first: of two concurrent resets with one key, only one goes through.
      const claimed = await tx
        .update(passwordResetTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(passwordResetTokens.id, token.id), isNull(passwordResetTokens.usedAt)))
        .returning({ id: passwordResetTokens.id });
      if (claimed.length === 0) return false;
      await replacePassword(tx as unknown as Database, user.id, passwordHash, { mustChange: false });
      // Any other link sent to this user is void now.
      await tx
        .update(passwordResetTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt)));
      await this.sessions.revokeAllOfUser(user.id, undefined, tx as unknown as Database);
      await this.audit.record({ action: 'password_reset', userId: user.id, ip }, tx as unknown as Database);
      return true;
    });
    if (!used) throw new BusinessError(INVALID_RESET_KEY);
    this.sessions.announceEnded(user.id);
  }
}
