import { EMAIL_ADDRESS_PATTERN, ERROR_CODES, type Profile, type TokenResponse } from '@panelwright/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import type { AuditService } from '../../lib/audit';
import { BusinessError, forbidden, HttpError } from '../../lib/errors';
import { newPasswordProblem } from '../../lib/password-policy';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { imitatesReservedName, RESERVED_NAME_MESSAGE } from '../../lib/reserved-names';
import type { ThrottleService } from '../../lib/throttle';
import type { AuthContext, RequestMeta, SessionService, User } from '../sessions/service';
import { FA2_TOKEN_TTL_SECONDS } from '../sessions/service';
import type { SettingsService } from '../settings/service';
import { type LockoutService, lockedOutError, signInKeys } from './lockout-service';
import { replacePassword } from './password-store';

const WRONG_CREDENTIALS = 'The user name or password is incorrect.';
const USERNAME_PATTERN = /^[A-Za-z0-9._@-]{3,64}$/;
const PHONE_PATTERN = /^[+0-9 ()-]{0,32}$/;
const LANGUAGES: Record<string, string> = { en: 'en', vn: 'vn', vi: 'vn' };

/** The fields of `Account/UpdateFields` a user may change on their own profile, with their rule. */
const PROFILE_FIELDS: Record<
  string,
  {
    column: 'displayName' | 'email' | 'phoneNumber' | 'languageCode' | 'avatarUrl' | 'colorMode';
    check: (value: unknown) => string | null | { value: string };
  }
> = {
  DisplayName: {
    column: 'displayName',
    check: (v) =>
      typeof v !== 'string' || v.trim().length > 128
        ? 'DisplayName: at most 128 characters'
        : imitatesReservedName(v)
          ? RESERVED_NAME_MESSAGE
          : { value: v.trim() },
  },
  Email: {
    column: 'email',
    check: (v) =>
      typeof v === 'string' && (v === '' || (v.length <= 320 && EMAIL_ADDRESS_PATTERN.test(v)))
        ? { value: v.trim() }
        : 'Email: must be an e-mail address',
  },
  PhoneNumber: {
    column: 'phoneNumber',
    check: (v) =>
      typeof v === 'string' && PHONE_PATTERN.test(v)
        ? { value: v.trim() }
        : 'PhoneNumber: must be a phone number',
  },
  LanguageCode: {
    column: 'languageCode',
    check: (v) =>
      typeof v === 'string' && LANGUAGES[v.toLowerCase()]
        ? { value: LANGUAGES[v.toLowerCase()] as string }
        : 'LanguageCode: must be en or vn',
  },
  AvatarUrl: {
    column: 'avatarUrl',
    check: (v) =>
      typeof v === 'string' && v.length <= 2048 && (v === '' || v.startsWith('/') || /^https:\/\//.test(v))
        ? { value: v }
        : 'AvatarUrl: must be a path or an https URL',
  },
  ColorMode: {
    column: 'colorMode',
    check: (v) =>
      v === 'system' || v === 'light' || v === 'dark'
        ? { value: v }
        : 'ColorMode: must be system, light or dark',
  },
};

export function toProfile(user: User): Profile {
  return {
    UserId: user.id,
    UniqueId: user.uniqueId,
    UserName: user.username,
    DisplayName: user.displayName,
    Email: user.email ?? '',
    PhoneNumber: user.phoneNumber ?? '',
    LanguageCode: user.languageCode,
    AvatarUrl: user.avatarUrl,
    // The legacy single role: `admin` for an administrator, else the first role (Roles lists them all).
    Role: user.roles.includes('admin') ? 'admin' : (user.roles[0] ?? ''),
    Roles: [...user.roles],
    Auth2FAEnabled: user.fa2Enabled,
    FA2Method: user.fa2Method ?? '',
    MustChangePassword: user.mustChangePassword,
    ColorMode: (['light', 'dark'] as const).find((mode) => mode === user.colorMode) ?? 'system',
  };
}

/** Sends the one-time code of the e-mail method; the two-factor module provides it. */
export type SecondFactorStarter = (user: User) => Promise<void>;

export class AccountService {
  /** Set by the two-factor module: sends the e-mail code when a verify step starts. */
  startEmailSecondFactor: SecondFactorStarter = async () => {};

  constructor(
    private readonly db: Database,
    private readonly sessions: SessionService,
    private readonly settings: SettingsService,
    private readonly throttle: ThrottleService,
    private readonly audit: AuditService,
    private readonly social: Config['social'],
    private readonly lockout: LockoutService,
  ) {}

  async findByUsername(username: string): Promise<User | undefined> {
    const [user] = await this.db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.username})`, username.trim().toLowerCase()))
      .limit(1);
    return user;
  }

  async findByEmail(email: string): Promise<User | undefined> {
    const [user] = await this.db
      .select()
      .from(users)
      .where(and(eq(sql`lower(${users.email})`, email.trim().toLowerCase()), eq(users.isDisabled, false)))
      .limit(1);
    return user;
  }

  /**
   * The password grant, with the lockout of docs/reliability.md ("Lockout"): failures are counted per
   * account and address (10 in 10 minutes refuse that address, even the right password), per address
   * (30), and per account from every address, which past 10 slows new addresses (a wait that grows)
   * but never an address the account signed in from; the first slowed attempt mails the owner an
   * unlock link. A wrong password is a 400 `invalid_grant` that says nothing about which part was
   * wrong. Every attempt is audited, never with the password.
   */
  async passwordGrant(username: string, password: string, meta: RequestMeta): Promise<TokenResponse> {
    const address = meta.ip ?? 'unknown';
    const auditBase = { action: 'sign_in', ip: meta.ip, details: { username: username.slice(0, 64) } };
    const user = await this.findByUsername(username);
    const known = user ? await this.lockout.isKnownAddress(user.id, meta.ip) : false;
    const attempt = await this.throttle.reserve(signInKeys(username, address), {
      exempt: known ? ['signin_account'] : [],
    });
    if (!attempt.granted) {
      // A burst of refused attempts is one audit row; the rest are counted in auth_refusals.
      if (attempt.firstRefusal) {
        await this.audit.record({ ...auditBase, outcome: 'throttled', userId: user?.id });
        // Not for an address spraying many accounts: that refusal is about the address.
        if (attempt.kind !== 'signin_address' && user) await this.lockout.mailUnlockLink(user);
      }
      throw lockedOutError(attempt);
    }
    const valid = await verifyPassword(user?.passwordHash, password);
    if (!user || !valid) {
      // The reserved attempt stays counted as a failure.
      await this.audit.record({ ...auditBase, outcome: 'failure', userId: user?.id });
      throw new HttpError(400, ERROR_CODES.invalidGrant, WRONG_CREDENTIALS);
    }
    // The password was right: no guess to count.
    await this.throttle.release(attempt.reservation);
    if (user.isDisabled) {
      await this.audit.record({ ...auditBase, outcome: 'disabled', userId: user.id });
      throw new HttpError(400, ERROR_CODES.invalidGrant, 'This account is disabled.');
    }
    await this.lockout.forgetFailures(user.username, address);
    await this.audit.record({ ...auditBase, outcome: 'success', userId: user.id });
    return this.signIn(user, meta);
  }

  /**
   * What the user must do before any other call: change a temporary (or expired) password, or set
   * up the second factor required of everyone by the settings or of them by an administrator. The
   * authenticator enforces it on every call of a full session (see plugins/auth.ts).
   */
  async owedStep(user: User): Promise<'password' | 'fa2' | null> {
    if (user.mustChangePassword) return 'password';
    if (user.fa2Enabled) return null;
    if (user.fa2Required) return 'fa2';
    const { security } = await this.settings.load();
    return security.fa2Required ? 'fa2' : null;
  }

  /** A checked user signs in: a full session, or the two-factor step when a second factor is due. */
  async signIn(user: User, meta: RequestMeta): Promise<TokenResponse> {
    const { security } = await this.settings.load();
    if (user.fa2Enabled) {
      if (user.fa2Method === 'email') await this.startEmailSecondFactor(user);
      return this.secondFactorStep(user, meta, { needVerify: true });
    }
    // Required for everyone by the settings, or for this user by an administrator: set one up first.
    if (security.fa2Required || user.fa2Required)
      return this.secondFactorStep(user, meta, { needVerify: false });
    return this.fullSession(user, meta);
  }

  /** A full session and its token response (after the password, or after the second factor). */
  async fullSession(user: User, meta: RequestMeta): Promise<TokenResponse> {
    const [{ token, expiresIn }, base] = await Promise.all([
      this.sessions.issue(user, 'access', meta),
      this.baseResponse(user),
      // An address the user signed in from is not slowed by guessing elsewhere.
      this.lockout.rememberAddress(user.id, meta.ip),
    ]);
    return { ...base, access_token: token, expires_in: expiresIn };
  }

  private async secondFactorStep(
    user: User,
    meta: RequestMeta,
    step: { needVerify: boolean },
  ): Promise<TokenResponse> {
    const [{ token }, base] = await Promise.all([
      this.sessions.issue(user, 'fa2', meta, FA2_TOKEN_TTL_SECONDS),
      this.baseResponse(user),
    ]);
    return {
      ...base,
      access_token: '',
      expires_in: 0,
      fa2_needenable: !step.needVerify,
      fa2_needverify: step.needVerify,
      fa2_token: token,
      fa2_method: step.needVerify ? (user.fa2Method ?? '') : '',
    };
  }

  private async baseResponse(user: User): Promise<TokenResponse> {
    const settings = await this.settings.load();
    return {
      access_token: '',
      token_type: 'Bearer',
      expires_in: 0,
      user_id: user.id,
      user_uniqueid: user.uniqueId,
      user_name: user.username,
      name: user.displayName || user.username,
      avatar_url: user.avatarUrl,
      appLogo_url: settings.uiAppConfig.logoUrl,
      language_code: user.languageCode,
      configs: JSON.stringify({ home_url: settings.homeUrl }),
      fa2_needenable: false,
      fa2_needverify: false,
      fa2_token: '',
      fa2_method: '',
    };
  }

  async logout(auth: AuthContext, ip: string | undefined): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.sessions.revoke(auth.session.id, tx as unknown as Database);
      await this.audit.record({ action: 'logout', userId: auth.user.id, ip }, tx as unknown as Database);
    });
    this.sessions.announceEnded(auth.user.id);
  }

  /** Self-registration, only when the settings enable it; the answer is a sign-in. */
  async register(
    input: {
      UserName: string;
      DisplayName?: string;
      Email?: string;
      PhoneNumber?: string;
      Password: string;
      ConfirmPassword: string;
    },
    meta: RequestMeta,
  ): Promise<TokenResponse> {
    const { uiAppConfig } = await this.settings.load();
    if (!uiAppConfig.registerAccount) throw forbidden('Registration is not enabled.');
    const username = input.UserName.trim();
    if (!USERNAME_PATTERN.test(username)) {
      throw new BusinessError(
        'The user name must have 3 to 64 letters, digits, dots, dashes, underscores or @.',
      );
    }
    if (imitatesReservedName(username) || (input.DisplayName && imitatesReservedName(input.DisplayName)))
      throw new BusinessError(RESERVED_NAME_MESSAGE);
    const email = input.Email?.trim() ?? '';
    if (email && !EMAIL_ADDRESS_PATTERN.test(email))
      throw new BusinessError('Please enter a valid e-mail address.');
    if (input.PhoneNumber && !PHONE_PATTERN.test(input.PhoneNumber))
      throw new BusinessError('Please enter a valid phone number.');
    const problem = newPasswordProblem(input.Password, input.ConfirmPassword, username);
    if (problem) throw new BusinessError(problem);
    const passwordHash = await hashPassword(input.Password);
    const created = await this.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(users)
        .values({
          username,
          displayName: input.DisplayName?.trim().slice(0, 128) || username,
          email: email || null,
          phoneNumber: input.PhoneNumber?.trim() || null,
          passwordHash,
          roles: await this.newAccountRoles(),
        })
        .onConflictDoNothing()
        .returning();
      if (!inserted) throw new BusinessError('This user name is already taken.');
      await this.audit.record(
        { action: 'register', userId: inserted.id, ip: meta.ip },
        tx as unknown as Database,
      );
      return inserted;
    });
    return this.signIn(created, meta);
  }

  /**
   * Social sign-in: the server asks the provider's user-info endpoint who the token belongs to and
   * never trusts the client's claim. A known e-mail signs in; an unknown one registers only when
   * registration is enabled.
   */
  async socialLogin(
    input: { SocialId: string; SocialToken: string },
    meta: RequestMeta,
  ): Promise<{
    Token: TokenResponse;
    SocialInfo: { Email: string; Name: string; Picture: string; Provider: string };
  }> {
    const { uiAppConfig } = await this.settings.load();
    if (!uiAppConfig.socialLogin) throw forbidden('Social sign-in is not enabled.');
    const info = await this.fetchSocialUser(input.SocialToken);
    let user = await accountOfVerifiedEmail(this.db, info.email);
    if (user?.isDisabled) {
      await this.audit.record({
        action: 'social_sign_in',
        outcome: 'disabled',
        userId: user.id,
        ip: meta.ip,
      });
      throw new HttpError(400, ERROR_CODES.invalidGrant, 'This account is disabled.');
    }
    if (!user) {
      if (!uiAppConfig.registerAccount) {
        await this.audit.record({
          action: 'social_sign_in',
          outcome: 'unknown_account',
          ip: meta.ip,
          details: { email: info.email },
        });
        throw new BusinessError('No account uses this e-mail address.');
      }
      const base = info.email.split('@')[0]?.replace(/[^A-Za-z0-9._-]/g, '') || 'user';
      user = await this.db.transaction(async (tx) => {
        const [created] = await tx
          .insert(users)
          .values({
            username: `${base}-${Date.now().toString(36)}`,
            // A provider's name may not pass for the administrator either: the address's name then.
            displayName: (info.name && !imitatesReservedName(info.name) ? info.name : '') || base,
            email: info.email,
            avatarUrl: info.picture,
            roles: await this.newAccountRoles(),
          })
          .returning();
        if (!created) throw new BusinessError('The account could not be created.');
        await this.audit.record(
          { action: 'register', userId: created.id, ip: meta.ip, details: { provider: input.SocialId } },
          tx as unknown as Database,
        );
        return created;
      });
    } else {
      await this.lockout.admitVerifiedSignIn(user, meta, 'social_sign_in');
    }
    await this.lockout.forgetFailures(user.username, meta.ip ?? 'unknown');
    await this.audit.record({
      action: 'social_sign_in',
      userId: user.id,
      ip: meta.ip,
      details: { provider: input.SocialId },
    });
    return {
      Token: await this.signIn(user, meta),
      SocialInfo: { Email: info.email, Name: info.name, Picture: info.picture, Provider: input.SocialId },
    };
  }

  /**
   * The roles of an account its owner made (registration, social sign-in): the settings' default role
   * (`Security.oidcDefaultRole`, never an administrator's), or none until an administrator gives one.
   */
  private async newAccountRoles(): Promise<string[]> {
    const { security } = await this.settings.load();
    return security.oidcDefaultRole ? [security.oidcDefaultRole] : [];
  }

  private async fetchSocialUser(token: string): Promise<{ email: string; name: string; picture: string }> {
    let body: Record<string, unknown>;
    try {
      const response = await fetch(this.social.userInfoUrl, {
        headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
        signal: AbortSignal.timeout(5000),
        redirect: 'error',
      });
      if (!response.ok) throw new Error(`status ${response.status}`);
      body = (await response.json()) as Record<string, unknown>;
    } catch {
      throw new BusinessError('The social sign-in could not be verified. Please try again.');
    }
    const email = typeof body.email === 'string' ? body.email.trim() : '';
    if (!EMAIL_ADDRESS_PATTERN.test(email) || body.email_verified === false) {
      throw new BusinessError('The social account has no verified e-mail address.');
    }
    return {
      email,
      name: typeof body.name === 'string' ? body.name.slice(0, 128) : '',
      picture:
        typeof body.picture === 'string' && body.picture.startsWith('https://')
          ? body.picture.slice(0, 2048)
          : '',
    };
  }

  async changePassword(
    auth: AuthContext,
    input: { OldPassword: string; NewPassword: string; ConfirmPassword: string },
    ip: string | undefined,
  ): Promise<void> {
    const { user, session } = auth;
    if (!(await verifyPassword(user.passwordHash, input.OldPassword))) {
      await this.audit.record({ action: 'password_change', outcome: 'failure', userId: user.id, ip });
      throw new BusinessError('The old password is incorrect.');
    }
    const problem = newPasswordProblem(input.NewPassword, input.ConfirmPassword, user.username);
    if (problem) throw new BusinessError(problem);
    if (input.NewPassword === input.OldPassword)
      throw new BusinessError('The new password must differ from the old one.');
    const passwordHash = await hashPassword(input.NewPassword);
    await this.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      await replacePassword(tx, user.id, passwordHash, { mustChange: false });
      // Other devices must sign in again with the new password; this one stays signed in.
      await this.sessions.revokeAllOfUser(user.id, session.id, tx);
      await this.audit.record({ action: 'password_change', userId: user.id, ip }, tx);
    });
    this.sessions.announceEnded(user.id);
  }

  async updateProfile(user: User, values: { FieldName: string; NewValue: unknown }[]): Promise<Profile> {
    const changes: Partial<Record<(typeof PROFILE_FIELDS)[string]['column'], string>> = {};
    for (const { FieldName, NewValue } of values) {
      const field = PROFILE_FIELDS[FieldName];
      if (!field) throw new BusinessError(`${FieldName.slice(0, 64)} cannot be changed here.`);
      // A value sent back as it is (the form sends every field) is no change to check: the
      // administrator's own "Administrator" stays theirs when they change their avatar.
      if (typeof NewValue === 'string' && NewValue.trim() === (user[field.column] ?? '')) continue;
      const checked = field.check(NewValue);
      if (typeof checked === 'string' || checked === null)
        throw new BusinessError(checked ?? `${FieldName}: not valid`);
      changes[field.column] = checked.value;
    }
    const updated = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(users)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(users.id, user.id))
        .returning();
      // The colour-mode switch is a look, not a change of who the user is: its own action in the log.
      const { colorMode, ...profileChanges } = changes;
      if (colorMode !== undefined)
        await this.audit.record(
          { action: 'color_mode_change', userId: user.id, details: { mode: colorMode } },
          tx as unknown as Database,
        );
      if (colorMode === undefined || Object.keys(profileChanges).length > 0)
        await this.audit.record(
          { action: 'profile_update', userId: user.id, details: { fields: Object.keys(profileChanges) } },
          tx as unknown as Database,
        );
      return row;
    });
    return toProfile(updated ?? user);
  }
}

/**
 * The account a provider's verified e-mail address belongs to (OpenID Connect, social sign-in): an
 * enabled one first, else a disabled one, which the caller refuses, so that a disabled account is
 * never doubled by a new one with its address.
 */
export async function accountOfVerifiedEmail(db: Database, email: string): Promise<User | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .orderBy(users.isDisabled, users.id)
    .limit(1);
  return user;
}
