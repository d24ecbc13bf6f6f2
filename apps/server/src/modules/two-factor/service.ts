import {
  EMAIL_ADDRESS_PATTERN,
  ERROR_CODES,
  type FA2Method,
  type FA2UserSetting,
  type TokenResponse,
} from '@panelwright/contract';
import { and, desc, eq, gt, isNull, lt, or } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { Database } from '../../db/client';
import { oneTimeCodes, users } from '../../db/schema';
import { normalizeLanguage, translateMessage } from '../../i18n';
import type { AuditService } from '../../lib/audit';
import { BusinessError, HttpError } from '../../lib/errors';
import type { MailService } from '../../lib/mail';
import { equalSecrets, randomDigits, type SecretBox, sha256 } from '../../lib/secure-random';
import type { ThrottleService } from '../../lib/throttle';
import type { AccountService } from '../account/service';
import type { AuthContext, RequestMeta, SessionService, User } from '../sessions/service';
import type { SettingsService } from '../settings/service';

export const FA2_METHODS: FA2Method[] = [
  {
    Id: 1,
    FA2MethodId: 'totp',
    FA2MethodName: 'Authenticator app',
    Configs: {
      OtpRecipientRequired: false,
      OTPDescription: 'Scan the QR code with an authenticator app, then enter the 6-digit code it shows.',
    },
  },
  {
    Id: 2,
    FA2MethodId: 'email',
    FA2MethodName: 'E-mail code',
    Configs: {
      OtpRecipientRequired: true,
      OTPDescription: 'Enter the 6-digit code we sent to your e-mail address.',
    },
  },
];

const TOTP_PERIOD_SECONDS = 30;
/** One step of clock drift either way. */
const TOTP_WINDOW = 1;
const EMAIL_CODE_TTL_MS = 10 * 60 * 1000;
const WRONG_CODE = 'The code is not correct or has expired.';

const maskEmail = (email: string) => email.replace(/^(.).*(@.*)$/, '$1***$2');

export type SetupAnswer =
  | { FA2MethodId: 'totp'; Secret: string; OtpAuthUrl: string; QrCodeDataUrl: string }
  | { FA2MethodId: 'email'; Sent: true; Recipient: string };

/**
 * The second factor: an authenticator app (TOTP) or a code by e-mail. Codes are six digits, used
 * once (a TOTP step is never accepted twice), and failures are throttled like sign-ins.
 */
export class TwoFactorService {
  constructor(
    private readonly db: Database,
    private readonly accounts: AccountService,
    private readonly sessions: SessionService,
    private readonly settings: SettingsService,
    private readonly throttle: ThrottleService,
    private readonly mail: MailService,
    private readonly audit: AuditService,
    private readonly secrets: SecretBox,
    private readonly now: () => number = Date.now,
  ) {
    accounts.startEmailSecondFactor = (user) => this.sendEmailCode(user, user.email ?? '');
  }

  userSetting(user: User): FA2UserSetting {
    return { Auth2FAEnabled: user.fa2Enabled, UniqueId: user.uniqueId, FA2Methods: FA2_METHODS };
  }

  async setup(auth: AuthContext, methodId: string, recipient: string | undefined): Promise<SetupAnswer> {
    const { user } = auth;
    const method = this.method(methodId);
    if (user.fa2Enabled) {
      // While verifying, only a new e-mail code may be asked for; replacing the factor needs it first.
      if (method === 'email' && user.fa2Method === 'email' && user.email) {
        await this.sendEmailCode(user, user.email);
        return { FA2MethodId: 'email', Sent: true, Recipient: maskEmail(user.email) };
      }
      throw new BusinessError('A second factor is already set up. Disable it first to choose another one.');
    }
    if (method === 'totp') {
      const secret = new Secret({ size: 20 });
      await this.db
        .update(users)
        .set({ totpPendingSecret: this.secrets.seal(secret.base32) })
        .where(eq(users.id, user.id));
      const { uiAppConfig } = await this.settings.load();
      const otpAuthUrl = this.totp(secret.base32, user, uiAppConfig.siteName).toString();
      return {
        FA2MethodId: 'totp',
        Secret: secret.base32,
        OtpAuthUrl: otpAuthUrl,
        QrCodeDataUrl: await QRCode.toDataURL(otpAuthUrl, { margin: 1, width: 220 }),
      };
    }
    const address = (recipient?.trim() || user.email || '').slice(0, 320);
    if (!EMAIL_ADDRESS_PATTERN.test(address))
      throw new BusinessError('Please enter the e-mail address that should receive the codes.');
    await this.sendEmailCode(user, address);
    return { FA2MethodId: 'email', Sent: true, Recipient: maskEmail(address) };
  }

  /** Turns the second factor on with a code from the new method; answers with a fresh full session. */
  async enable(auth: AuthContext, methodId: string, code: string, meta: RequestMeta): Promise<TokenResponse> {
    const { user } = auth;
    if (user.fa2Enabled) throw new BusinessError('A second factor is already set up.');
    const method = this.method(methodId);
    if (method === 'totp' && !user.totpPendingSecret) {
      throw new BusinessError('Start the set-up first to get a QR code.');
    }
    await this.guard(user);
    let changes: Partial<typeof users.$inferInsert>;
    if (method === 'totp') {
      if (!user.totpPendingSecret) throw new BusinessError('Start the set-up first to get a QR code.');
      const step = await this.acceptTotp(user, this.secrets.open(user.totpPendingSecret), code, meta);
      changes = { totpSecret: user.totpPendingSecret, totpPendingSecret: null, totpLastStep: step };
    } else {
      const recipient = await this.acceptEmailCode(user, code, meta);
      changes = { totpSecret: null, totpPendingSecret: null, email: user.email || recipient };
    }
    // The code was right: the attempt the guard counted is no failure.
    await this.throttle.clear('fa2_user', String(user.id));
    const enabled = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(users)
        .set({ ...changes, fa2Enabled: true, fa2Method: method, updatedAt: new Date() })
        .where(eq(users.id, user.id))
        .returning();
      await this.audit.record(
        { action: 'fa2_enable', userId: user.id, ip: meta.ip, details: { method } },
        tx as unknown as Database,
      );
      return row;
    });
    return this.finish(auth, enabled ?? user, meta);
  }

  /** The sign-in's second step: a right code turns the step token into a full session. */
  async verify(auth: AuthContext, methodId: string, code: string, meta: RequestMeta): Promise<TokenResponse> {
    const { user } = auth;
    if (auth.session.scope !== 'fa2') throw new BusinessError('This session is already verified.');
    if (!user.fa2Enabled || !user.fa2Method)
      throw new BusinessError('No second factor is set up for this account.');
    if (this.method(methodId) !== user.fa2Method)
      throw new BusinessError('Use the method set up for this account.');
    await this.guard(user);
    await this.acceptCode(user, code, meta);
    await this.audit.record({ action: 'fa2_verify', userId: user.id, ip: meta.ip });
    return this.finish(auth, user, meta);
  }

  async disable(auth: AuthContext, code: string, meta: RequestMeta): Promise<void> {
    const { user } = auth;
    if (!user.fa2Enabled) throw new BusinessError('No second factor is set up for this account.');
    const { security } = await this.settings.load();
    if (security.fa2Required) throw new BusinessError('A second factor is required for every account.');
    if (user.fa2Required)
      throw new BusinessError('An administrator requires a second factor for this account.');
    await this.guard(user);
    await this.acceptCode(user, code, meta);
    await this.db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({
          fa2Enabled: false,
          fa2Method: null,
          totpSecret: null,
          totpPendingSecret: null,
          totpLastStep: null,
          updatedAt: new Date(),
        })
        .where(eq(users.id, user.id));
      await this.audit.record(
        { action: 'fa2_disable', userId: user.id, ip: meta.ip },
        tx as unknown as Database,
      );
    });
  }

  /**
   * Checks the signed-in user's current code before protected content is shown (the pay-slip prompt).
   * The code is used up like any other and wrong codes count towards the same limit as sign-in codes.
   */
  async checkCode(auth: AuthContext, code: string, meta: RequestMeta): Promise<{ Verified: true }> {
    const { user } = auth;
    if (!user.fa2Enabled || !user.fa2Method) throw new BusinessError('Set up two-step verification first.');
    await this.guard(user);
    await this.acceptCode(user, code, meta);
    await this.audit.record({ action: 'fa2_check', userId: user.id, ip: meta.ip });
    return { Verified: true };
  }

  async sendEmailCode(user: User, recipient: string): Promise<void> {
    if (!EMAIL_ADDRESS_PATTERN.test(recipient)) return;
    const code = randomDigits(6);
    // A new code voids the older ones.
    await this.db
      .update(oneTimeCodes)
      .set({ usedAt: new Date(this.now()) })
      .where(
        and(eq(oneTimeCodes.userId, user.id), eq(oneTimeCodes.purpose, 'fa2'), isNull(oneTimeCodes.usedAt)),
      );
    await this.db.insert(oneTimeCodes).values({
      userId: user.id,
      purpose: 'fa2',
      codeHash: sha256(`${user.id}:${code}`),
      recipient,
      expiresAt: new Date(this.now() + EMAIL_CODE_TTL_MS),
    });
    const language = normalizeLanguage(user.languageCode);
    await this.mail.queue({
      to: recipient,
      subject: translateMessage(`Your sign-in code: ${code}`, language),
      body: translateMessage(
        `Your code is ${code}. It is valid for 10 minutes and can be used once.`,
        language,
      ),
    });
  }

  private method(methodId: string): 'totp' | 'email' {
    if (methodId === 'totp' || methodId === 'email') return methodId;
    throw new BusinessError('Choose one of the offered methods.');
  }

  private totp(base32: string, user: User, issuer: string): TOTP {
    return new TOTP({
      issuer,
      label: user.username,
      algorithm: 'SHA1',
      digits: 6,
      period: TOTP_PERIOD_SECONDS,
      secret: Secret.fromBase32(base32),
    });
  }

  /**
   * Counts the attempt before the code is checked (a right code gives it back), and answers 429 once a
   * user has had too many wrong codes within the window.
   */
  private async guard(user: User): Promise<void> {
    const attempt = await this.throttle.reserve([['fa2_user', String(user.id)]]);
    if (!attempt.granted) {
      throw new HttpError(429, ERROR_CODES.rateLimited, 'Too many wrong codes. Please wait and try again.', {
        'Retry-After': String(attempt.retryAfterSeconds),
      });
    }
  }

  private async wrongCode(user: User, meta: RequestMeta, reason: string): Promise<never> {
    await this.audit.record({ action: 'fa2_code', outcome: reason, userId: user.id, ip: meta.ip });
    throw new BusinessError(WRONG_CODE);
  }

  private async acceptCode(user: User, code: string, meta: RequestMeta): Promise<void> {
    if (user.fa2Method === 'totp') {
      if (!user.totpSecret) await this.wrongCode(user, meta, 'no_secret');
      await this.acceptTotp(user, this.secrets.open(user.totpSecret as string), code, meta);
    } else {
      await this.acceptEmailCode(user, code, meta);
    }
    await this.throttle.clear('fa2_user', String(user.id));
  }

  /** Accepts a TOTP code once: the step it belongs to is claimed atomically. Returns the step. */
  private async acceptTotp(user: User, base32: string, code: string, meta: RequestMeta): Promise<number> {
    const now = this.now();
    const delta = this.totp(base32, user, 'Admin').validate({
      token: code,
      window: TOTP_WINDOW,
      timestamp: now,
    });
    if (delta === null) return this.wrongCode(user, meta, 'wrong');
    const step = Math.floor(now / 1000 / TOTP_PERIOD_SECONDS) + delta;
    const claimed = await this.db
      .update(users)
      .set({ totpLastStep: step })
      .where(and(eq(users.id, user.id), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
      .returning({ id: users.id });
    if (claimed.length === 0) return this.wrongCode(user, meta, 'replay');
    return step;
  }

  /** Accepts the latest unused e-mail code once. Returns the address it was sent to. */
  private async acceptEmailCode(user: User, code: string, meta: RequestMeta): Promise<string> {
    const [latest] = await this.db
      .select()
      .from(oneTimeCodes)
      .where(
        and(
          eq(oneTimeCodes.userId, user.id),
          eq(oneTimeCodes.purpose, 'fa2'),
          isNull(oneTimeCodes.usedAt),
          gt(oneTimeCodes.expiresAt, new Date(this.now())),
        ),
      )
      .orderBy(desc(oneTimeCodes.createdAt))
      .limit(1);
    if (!latest || !equalSecrets(latest.codeHash, sha256(`${user.id}:${code}`)))
      return this.wrongCode(user, meta, 'wrong');
    const claimed = await this.db
      .update(oneTimeCodes)
      .set({ usedAt: new Date(this.now()) })
      .where(and(eq(oneTimeCodes.id, latest.id), isNull(oneTimeCodes.usedAt)))
      .returning({ id: oneTimeCodes.id });
    if (claimed.length === 0) return this.wrongCode(user, meta, 'replay');
    return latest.recipient ?? user.email ?? '';
  }

  /** The calling session (step token or old session) ends; a new full session begins. */
  private async finish(auth: AuthContext, user: User, meta: RequestMeta): Promise<TokenResponse> {
    await this.sessions.revoke(auth.session.id);
    return this.accounts.fullSession(user, meta);
  }
}
