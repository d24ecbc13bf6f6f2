import {
  EMAIL_ADDRESS_PATTERN,
  ERROR_CODES,
  type OidcStartResult,
  type TokenResponse,
} from '@panelwright/contract';
import * as oidc from 'openid-client';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import type { AuditService } from '../../lib/audit';
import { BusinessError, forbidden, HttpError } from '../../lib/errors';
import { isLoopbackHost, type PublicAddress } from '../../lib/public-address';
import { imitatesReservedName } from '../../lib/reserved-names';
import type { SecretBox } from '../../lib/secure-random';
import type { ThrottleService } from '../../lib/throttle';
import type { RequestMeta, User } from '../sessions/service';
import type { SettingsService } from '../settings/service';
import { type LockoutService, lockedOutError } from './lockout-service';
import { accountOfVerifiedEmail } from './service';

/** How long a started sign-in may take at the provider before its sealed state is refused. */
export const OIDC_PENDING_TTL_MS = 10 * 60 * 1000;
const AUDIT_ACTION = 'oidc_sign_in';

export const OIDC_NOT_COMPLETED = 'The sign-in could not be completed. Please start it again.';
export const OIDC_UNVERIFIED_EMAIL =
  'The identity provider did not confirm an e-mail address for this account.';
export const OIDC_NO_ACCOUNT = 'No account uses this e-mail address. Ask an administrator to create one.';
export const OIDC_UNAVAILABLE = 'The identity provider cannot be reached. Please try again later.';

type Pending = { state: string; nonce: string; verifier: string; expiresAt: number };

/** What the sign-in needs of the account module: the common last step after a checked identity. */
export type SignInStep = (user: User, meta: RequestMeta) => Promise<TokenResponse>;

/**
 * OpenID Connect sign-in (docs/integrations.md), any provider by its issuer address: discovery, the
 * authorization code flow with PKCE, state and nonce, and the ID token verified against the
 * provider's published keys by openid-client. Nothing is kept on the server between the start and the
 * return: the PKCE verifier, the nonce and the state travel sealed (AES-256-GCM under the server's
 * secret) through the browser, so that any instance finishes what another started.
 */
export class OidcService {
  private configuration: Promise<oidc.Configuration> | null = null;

  constructor(
    private readonly db: Database,
    private readonly settings: SettingsService,
    private readonly audit: AuditService,
    private readonly throttle: ThrottleService,
    private readonly lockout: LockoutService,
    private readonly secretBox: SecretBox,
    private readonly publicAddress: PublicAddress,
    private readonly provider: Config['oidc'],
    private readonly signIn: SignInStep,
  ) {}

  get configured(): boolean {
    return Boolean(this.provider.issuer && this.provider.clientId);
  }

  /** The provider sends the browser back to the product's /redirect page, at its public address. */
  private redirectUri(): string {
    const origin = this.publicAddress.origin();
    if (!origin) throw new BusinessError('OpenID Connect sign-in needs PUBLIC_URL to be set.');
    return `${origin}/redirect`;
  }

  /** The provider's metadata and keys' address, discovered once (again after a failure). */
  private discover(): Promise<oidc.Configuration> {
    if (!this.configuration) {
      const { issuer, clientId, clientSecret } = this.provider;
      const issuerUrl = new URL(issuer as string);
      // Plain http only to a provider on this machine (development, the tests); https elsewhere.
      const insecure = issuerUrl.protocol === 'http:' && isLoopbackHost(issuerUrl.hostname);
      this.configuration = oidc.discovery(
        issuerUrl,
        clientId as string,
        clientSecret,
        clientSecret ? oidc.ClientSecretBasic(clientSecret) : oidc.None(),
        { execute: insecure ? [oidc.allowInsecureRequests] : [], timeout: 10 },
      );
      this.configuration.catch(() => {
        this.configuration = null;
      });
    }
    return this.configuration;
  }

  private async ensureEnabled(): Promise<void> {
    const { uiAppConfig } = await this.settings.load();
    if (!uiAppConfig.oidcLogin || !this.configured) throw forbidden('OpenID Connect sign-in is not enabled.');
  }

  /** Where the browser goes to sign in at the provider, and the sealed state it brings back. */
  async start(): Promise<OidcStartResult> {
    await this.ensureEnabled();
    const configuration = await this.discover().catch(() => {
      throw new BusinessError(OIDC_UNAVAILABLE);
    });
    const pending: Pending = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      verifier: oidc.randomPKCECodeVerifier(),
      expiresAt: Date.now() + OIDC_PENDING_TTL_MS,
    };
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: this.redirectUri(),
      scope: 'openid email profile',
      response_type: 'code',
      code_challenge: await oidc.calculatePKCECodeChallenge(pending.verifier),
      code_challenge_method: 'S256',
      state: pending.state,
      nonce: pending.nonce,
    });
    return { Url: url.href, State: pending.state, Pending: this.secretBox.seal(JSON.stringify(pending)) };
  }

  /**
   * The return from the provider: the code is exchanged (with the PKCE verifier), the ID token checked
   * (signature by the provider's keys, issuer, audience, expiry, nonce), then the account is found by
   * its verified e-mail or made with the default role of the settings. The sign-in then takes the same
   * last step as a password's: the second factor and a forced password change still come first.
   */
  async finish(
    input: { Code: string; State: string; Iss?: string | undefined; Pending: string },
    meta: RequestMeta,
  ): Promise<TokenResponse> {
    await this.ensureEnabled();
    const address = meta.ip ?? 'unknown';
    const refuse = async (outcome: string, message: string, details: Record<string, unknown> = {}) => {
      // A refused return counts as a failed sign-in of the address, as a wrong password does.
      const attempt = await this.throttle.reserve([['signin_address', address]]);
      await this.audit.record({ action: AUDIT_ACTION, outcome, ip: meta.ip, details });
      if (!attempt.granted) throw lockedOutError(attempt);
      return new BusinessError(message);
    };

    const pending = this.openPending(input.Pending);
    if (!pending || pending.expiresAt < Date.now() || pending.state !== input.State)
      throw await refuse('bad_state', OIDC_NOT_COMPLETED);

    let claims: Record<string, unknown>;
    try {
      const configuration = await this.discover();
      const redirect = new URL(this.redirectUri());
      redirect.searchParams.set('code', input.Code);
      redirect.searchParams.set('state', input.State);
      if (input.Iss) redirect.searchParams.set('iss', input.Iss);
      const tokens = await oidc.authorizationCodeGrant(configuration, redirect, {
        pkceCodeVerifier: pending.verifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims();
      if (!idClaims) throw new Error('no ID token');
      claims = { ...idClaims };
      // Providers that keep the ID token small give the e-mail at the user-info endpoint.
      if (typeof claims.email !== 'string' && tokens.access_token) {
        const info = await oidc.fetchUserInfo(configuration, tokens.access_token, idClaims.sub);
        claims = { ...info, ...idClaims };
      }
    } catch (error) {
      throw await refuse('not_verified', OIDC_NOT_COMPLETED, {
        reason: error instanceof Error ? error.message.slice(0, 200) : 'unknown',
      });
    }

    const email = typeof claims.email === 'string' ? claims.email.trim() : '';
    if (!EMAIL_ADDRESS_PATTERN.test(email) || claims.email_verified !== true)
      throw await refuse('unverified_email', OIDC_UNVERIFIED_EMAIL, { email: email.slice(0, 320) });

    let user = await accountOfVerifiedEmail(this.db, email);
    if (user?.isDisabled) {
      await this.audit.record({ action: AUDIT_ACTION, outcome: 'disabled', userId: user.id, ip: meta.ip });
      throw new HttpError(400, ERROR_CODES.invalidGrant, 'This account is disabled.');
    }
    if (user) await this.lockout.admitVerifiedSignIn(user, meta, AUDIT_ACTION);
    if (!user) user = await this.createAccount(email, claims, meta);
    await this.lockout.forgetFailures(user.username, address);
    await this.audit.record({
      action: AUDIT_ACTION,
      outcome: 'success',
      userId: user.id,
      ip: meta.ip,
      details: { issuer: this.provider.issuer, subject: String(claims.sub ?? '').slice(0, 255) },
    });
    return this.signIn(user, meta);
  }

  private openPending(sealed: string): Pending | null {
    try {
      const value = JSON.parse(this.secretBox.open(sealed)) as Partial<Pending>;
      if (
        typeof value.state !== 'string' ||
        typeof value.nonce !== 'string' ||
        typeof value.verifier !== 'string' ||
        typeof value.expiresAt !== 'number'
      )
        return null;
      return value as Pending;
    } catch {
      return null;
    }
  }

  private async createAccount(
    email: string,
    claims: Record<string, unknown>,
    meta: RequestMeta,
  ): Promise<User> {
    const { security } = await this.settings.load();
    const role = security.oidcDefaultRole;
    if (!role) {
      await this.audit.record({
        action: AUDIT_ACTION,
        outcome: 'unknown_account',
        ip: meta.ip,
        details: { email },
      });
      throw new BusinessError(OIDC_NO_ACCOUNT);
    }
    const base = (email.split('@')[0] ?? '').replace(/[^A-Za-z0-9._-]/g, '').slice(0, 40) || 'user';
    const name = typeof claims.name === 'string' ? claims.name.trim().slice(0, 128) : '';
    return this.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({
          username: `${base}-${Date.now().toString(36)}`,
          // A provider's name may not pass for the administrator either: the address's name then.
          displayName: (name && !imitatesReservedName(name) ? name : '') || base,
          email,
          roles: [role],
        })
        .returning();
      if (!created) throw new BusinessError('The account could not be created.');
      await this.audit.record(
        {
          action: 'register',
          userId: created.id,
          ip: meta.ip,
          details: { provider: 'oidc', issuer: this.provider.issuer, role },
        },
        tx as unknown as Database,
      );
      return created;
    });
  }
}
