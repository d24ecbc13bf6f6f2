import { isIP } from 'node:net';
import { API_KEY_PREFIX, type ApiKeyAddNew, type ApiKeyItem, ERROR_CODES } from '@panelwright/contract';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { apiKeys, roles, users } from '../../db/schema';
import { Answer } from '../../lib/actions';
import type { AuditService } from '../../lib/audit';
import { BusinessError, forbidden, HttpError, unauthorized } from '../../lib/errors';
import { randomKey, sha256 } from '../../lib/secure-random';
import type { AccessService } from '../access/service';
import type { AuthContext, User } from '../sessions/service';
import { addressMatches, parseAddressRule } from './addresses';
import { type KeyRateLimiter, localKeyRateLimiter } from './throttle';

/** The grant that lets a user who is not an administrator make keys for themselves. */
export const OWN_KEYS_GRANT = ['ApiKey', 'add'] as const;

/** How often a key's last use is written while it is used from the same address. */
const LAST_USED_WRITE_INTERVAL_MS = 60_000;

/** Who a key is, for the audit log and the answer's headers. */
export type ApiKeyIdentity = { id: string; name: string };

/** A caller's AuthContext when the call came with a key. */
export type KeyAuthContext = AuthContext & { apiKey: ApiKeyIdentity };

const describeStatus = (row: { revokedAt: Date | null; expiresAt: Date | null }, now = Date.now()) =>
  row.revokedAt ? 'revoked' : row.expiresAt && row.expiresAt.getTime() <= now ? 'expired' : 'active';

/**
 * API keys: made by administrators (or by users granted `ApiKey` add, for themselves), shown once,
 * kept as a hash, checked on every call that carries one. A key acts as its owner holding only the
 * key's role; it is no session, so the idle limit does not end it and it opens none.
 */
export class ApiKeyService {
  private readonly throttle: KeyRateLimiter;

  constructor(
    private readonly db: Database,
    private readonly access: AccessService,
    private readonly audit: AuditService,
    requestsPerMinute: number,
    /** Shared by the instances through Redis when configured; this instance's memory otherwise. */
    throttle?: KeyRateLimiter,
  ) {
    this.throttle = throttle ?? localKeyRateLimiter(requestsPerMinute);
  }

  private async mayManageAll(user: User): Promise<boolean> {
    return this.access.isAdministrator(user);
  }

  /** Makes a key for the caller; answers it once, in `Key`. */
  async create(
    input: ApiKeyAddNew,
    creator: User,
    ip: string | undefined,
  ): Promise<Answer<ApiKeyItem & { Key: string }>> {
    const isAdmin = await this.mayManageAll(creator);
    if (!isAdmin && !(await this.access.policy(creator)).allows(...OWN_KEYS_GRANT)) {
      throw forbidden('Your role may not make API keys (permission missing: ApiKey add).');
    }
    const [role] = await this.db.select({ code: roles.code }).from(roles).where(eq(roles.code, input.Role));
    if (!role) throw new BusinessError(`Role: ${input.Role.slice(0, 64)} is not a role.`);
    // Never more than the creator's own: one of their roles, or any when they administer.
    if (!isAdmin && !creator.roles.includes(role.code)) {
      throw forbidden(`Role: a key may only hold one of your own roles (${creator.roles.join(', ')}).`);
    }
    const expiresAt = input.ExpiresAt ? new Date(input.ExpiresAt) : null;
    if (expiresAt && expiresAt.getTime() <= Date.now()) {
      throw new BusinessError('ExpiresAt: must be in the future.');
    }
    const allowed = (input.AllowedAddresses ?? []).map((rule, index) => {
      const parsed = parseAddressRule(rule);
      if (!parsed)
        throw new BusinessError(`AllowedAddresses.${index}: ${rule} is not an address or a range.`);
      return parsed;
    });
    const key = `${API_KEY_PREFIX}${randomKey(32)}`;
    const row = await this.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(apiKeys)
        .values({
          name: input.Name,
          prefix: key.slice(0, API_KEY_PREFIX.length + 8),
          keyHash: sha256(key),
          userId: creator.id,
          role: role.code,
          allowedAddresses: allowed,
          expiresAt,
          createdBy: creator.id,
        })
        .returning();
      if (!created) throw new Error('api key insert returned nothing');
      await this.audit.record(
        {
          action: 'api_key_create',
          userId: creator.id,
          ip: ip ?? null,
          recordId: created.id,
          details: { name: created.name, role: created.role, expiresAt: input.ExpiresAt ?? null },
        },
        tx as unknown as Database,
      );
      return created;
    });
    return new Answer(
      { ...this.item(row, creator.displayName || creator.username), Key: key },
      'The key is shown only now: copy it and keep it safe.',
    );
  }

  private item(row: typeof apiKeys.$inferSelect, owner: string): ApiKeyItem {
    return {
      Id: row.id,
      Name: row.name,
      Prefix: row.prefix,
      Role: row.role,
      Owner: owner,
      AllowedAddresses: row.allowedAddresses,
      ExpiresAt: row.expiresAt?.toISOString() ?? null,
      CreatedAt: row.createdAt.toISOString(),
      LastUsedAt: row.lastUsedAt?.toISOString() ?? null,
      LastUsedIp: row.lastUsedIp,
      RevokedAt: row.revokedAt?.toISOString() ?? null,
      Status: describeStatus(row),
    };
  }

  /** Every key for an administrator; one's own keys otherwise. */
  async list(caller: User): Promise<ApiKeyItem[]> {
    const all = await this.mayManageAll(caller);
    const rows = await this.db
      .select({ key: apiKeys, username: users.username, displayName: users.displayName })
      .from(apiKeys)
      .innerJoin(users, eq(users.id, apiKeys.userId))
      .where(all ? undefined : eq(apiKeys.userId, caller.id))
      .orderBy(desc(apiKeys.createdAt))
      .limit(1000);
    return rows.map((row) => this.item(row.key, row.displayName || row.username));
  }

  /** Revokes a key at once (an administrator any key, a user their own). */
  async revoke(id: string, caller: User, ip: string | undefined): Promise<Answer<boolean>> {
    const all = await this.mayManageAll(caller);
    const [row] = await this.db
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.id, id), all ? undefined : eq(apiKeys.userId, caller.id)));
    if (!row) throw new BusinessError('This key does not exist any more; reload the list.');
    if (row.revokedAt) return new Answer(true, 'The key was already revoked.');
    await this.db.transaction(async (tx) => {
      await tx
        .update(apiKeys)
        .set({ revokedAt: new Date() })
        .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)));
      await this.audit.record(
        {
          action: 'api_key_revoke',
          userId: caller.id,
          ip: ip ?? null,
          recordId: id,
          details: { name: row.name },
        },
        tx as unknown as Database,
      );
    });
    return new Answer(true, `The key ${row.name} was revoked.`);
  }

  /**
   * The caller a key stands for; a 401 for an unknown, revoked or expired key, one used from an
   * address it does not allow, or one whose owner is disabled or no longer holds its role; a 429 past
   * the key's rate.
   */
  async verify(token: string, ip: string | undefined): Promise<KeyAuthContext> {
    const [row] = await this.db
      .select({ key: apiKeys, user: users })
      .from(apiKeys)
      .innerJoin(users, eq(users.id, apiKeys.userId))
      .where(eq(apiKeys.keyHash, sha256(token)))
      .limit(1);
    const now = Date.now();
    if (!row) throw unauthorized('The API key is not valid.');
    const { key, user } = row;
    if (key.revokedAt) throw unauthorized('The API key was revoked.');
    if (key.expiresAt && key.expiresAt.getTime() <= now) throw unauthorized('The API key has expired.');
    if (user.isDisabled) throw unauthorized('The account of this API key is disabled.');
    if (key.allowedAddresses.length > 0) {
      const address = ip && isIP(ip) ? ip : '';
      if (!key.allowedAddresses.some((rule) => addressMatches(rule, address))) {
        throw unauthorized('The API key may not be used from this address.');
      }
    }
    // The role must still be the owner's: a key never outlives a demotion of whoever made it.
    if (!user.roles.includes(key.role) && !(await this.access.isAdministrator(user))) {
      throw unauthorized("The API key's role is no longer its owner's.");
    }
    const wait = await this.throttle.take(key.id, now);
    if (wait > 0) {
      throw new HttpError(429, ERROR_CODES.rateLimited, 'Too many calls with this API key; slow down.', {
        'Retry-After': String(Math.ceil(wait / 1000)),
      });
    }
    if (
      !key.lastUsedAt ||
      key.lastUsedIp !== (ip ?? null) ||
      now - key.lastUsedAt.getTime() > LAST_USED_WRITE_INTERVAL_MS
    ) {
      await this.db
        .update(apiKeys)
        .set({ lastUsedAt: new Date(now), lastUsedIp: ip?.slice(0, 64) ?? null })
        .where(eq(apiKeys.id, key.id));
    }
    const expiresAt = key.expiresAt ?? new Date(now + 100 * 365 * 24 * 3600 * 1000);
    return {
      // What the key may do is its role's grants alone.
      user: { ...user, roles: [key.role] },
      // Not a session row: its id is the key's, which no session has (session checks find it ended).
      session: {
        id: key.id,
        userId: user.id,
        scope: 'access',
        createdAt: key.createdAt,
        lastSeenAt: new Date(now),
        expiresAt,
        revokedAt: null,
        ip: ip ?? null,
        userAgent: null,
      },
      apiKey: { id: key.id, name: key.name },
    };
  }
}
