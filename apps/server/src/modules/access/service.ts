import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { roles, sessions, users } from '../../db/schema';
import type { CacheRegistry } from '../../lib/cache';
import { BusinessError, forbidden } from '../../lib/errors';
import { previewRole } from '../configuration/preview';
import type { ConfigurationStore } from '../configuration/store';
import type { ConfigView } from '../configuration/view';
import { type AccessAction, AccessPolicy } from './policy';

/** Who asks: their roles are read with the session on every call, so a change counts at once. */
export type AccessUser = { id: number; roles: readonly string[] };

/**
 * Where the rows of a grant's target live: which of them are the user's own (for a row rule `own`;
 * without it, none are) and which rows the target is made of at all (when its table holds others).
 */
export type RowSource = {
  /** The name a refusal gives the target ("Bills"). */
  title?: string | undefined;
  ownRows?: ((userId: number) => SQL) | undefined;
  rows?: SQL | undefined;
};

/**
 * What a caller reaches of a target for one action: their policy, the condition of the rows they may
 * touch (undefined: all of them), and which fields they may read.
 */
export type Reach = {
  policy: AccessPolicy;
  rowCondition: SQL | undefined;
  canRead: (field: string) => boolean;
};

/** The protocol's calls by the matrix column that allows them. */
export const PROTOCOL_ACTIONS = {
  Options: 'list',
  List: 'list',
  Detail: 'detail',
  AddNew: 'add',
  UpdateFields: 'edit',
  Delete: 'delete',
  Export: 'export',
} as const satisfies Record<string, AccessAction>;

/** How a refusal names the missing permission: a verb for the sentence, the matrix column's name. */
const ACTION_NAMES: Record<AccessAction, [verb: string, name: string]> = {
  list: ['list', 'List'],
  detail: ['read', 'Detail'],
  add: ['add to', 'Add'],
  edit: ['change', 'Edit'],
  delete: ['delete from', 'Delete'],
  export: ['export', 'Export'],
};

export const LAST_ADMIN_MESSAGE =
  'The last administrator cannot be removed, disabled or demoted; make another user an administrator first.';

/** A lock number of its own, taken by every change that could leave no administrator. */
const ADMIN_LOCK = 7_311_011;

/**
 * The one place that decides who may do what (issue 11): roles and grants are data, read once per
 * cache refresh and cleared whenever a role, grant or user changes (here and, through Redis, on the
 * other instances). Every module asks here; none compares role names itself.
 */
export class AccessService {
  /** Policies by the roles they are made for, per configuration (a new one makes them anew). */
  private readonly policies = new WeakMap<ConfigView, Map<string, AccessPolicy>>();
  /** Screen code → the resource whose own screen it is (its grant decides who opens it). */
  private readonly ownScreens = new Map<string, string>();

  constructor(
    private readonly caches: CacheRegistry,
    /** The configuration served now, whose roles and grants decide. */
    private readonly configuration: ConfigurationStore,
  ) {
    // A change made to the roles behind the product's back is read again at this name.
    caches.register('Access', () => configuration.clear());
  }

  /** Clears the roles and grants here and on the other instances (after a change to them). */
  invalidate(): void {
    this.caches.invalidate('Access');
  }

  /**
   * The user's policy (shared between users of the same roles until the next change). In the
   * studio's preview, the policy of the role previewed, under the draft's grants.
   */
  async policy(user: AccessUser): Promise<AccessPolicy> {
    const view = await this.configuration.current();
    const previewed = previewRole();
    const roles = previewed === null ? user.roles : [previewed];
    let byRoles = this.policies.get(view);
    if (!byRoles) {
      byRoles = new Map();
      this.policies.set(view, byRoles);
    }
    const key = [...roles].sort().join('\u0000');
    const known = byRoles.get(key);
    if (known) return known;
    const { roles: allRoles, grants } = view.rolesAndGrants();
    const policy = new AccessPolicy(roles, allRoles, grants);
    byRoles.set(key, policy);
    return policy;
  }

  /** Throws the 403 naming the missing permission unless the user may run `action` on `target`. */
  async require(
    user: AccessUser,
    target: string,
    action: AccessAction,
    title = target,
  ): Promise<AccessPolicy> {
    const policy = await this.policy(user);
    if (!policy.allows(target, action)) throw forbidden(missing(title, ...ACTION_NAMES[action]));
    return policy;
  }

  /**
   * The one access check of records (issue 20): the grant of `action` on `target` (else the 403
   * naming it, whatever record is asked, so that a refusal tells nothing of which ids exist), then
   * the grant's row rule as a condition every read and write of the target's rows adds, and the
   * hidden fields. List and Detail of the generic protocol and every other module's call that reads
   * or changes records by id go through here.
   */
  async reach(
    user: AccessUser,
    target: string,
    action: AccessAction,
    source: RowSource = {},
  ): Promise<Reach> {
    const policy = await this.require(user, target, action, source.title ?? target);
    const own =
      policy.rowRule(target, action) === 'all' ? undefined : (source.ownRows?.(user.id) ?? sql`false`);
    const base = source.rows;
    return {
      policy,
      rowCondition: base && own ? and(base, own) : (base ?? own),
      canRead: (field) => policy.canRead(target, field),
    };
  }

  /** The same for a configured action of a target (a button such as Restock). */
  async requireNamed(user: AccessUser, target: string, name: string, title = target): Promise<AccessPolicy> {
    const policy = await this.policy(user);
    if (!policy.allowsNamed(target, name)) throw forbidden(missing(title, `run ${name} on`, name));
    return policy;
  }

  /** Administration: settings, caches, screens, roles and users, logs. */
  async requireAdministrator(user: AccessUser): Promise<void> {
    if (!(await this.policy(user)).canAdminister()) {
      throw forbidden('Only an administrator may do this (permission missing: Administration).');
    }
  }

  async isAdministrator(user: AccessUser): Promise<boolean> {
    return (await this.policy(user)).canAdminister();
  }

  /** Whether the user may use the studio (the `studio` grant). */
  async mayUseStudio(user: AccessUser): Promise<boolean> {
    return (await this.policy(user)).canUseStudio();
  }

  /** Names the resources' own screens (done once, when the app is built). */
  setOwnScreens(entries: Iterable<{ screenCode: string; apiName: string }>): void {
    for (const { screenCode, apiName } of entries) this.ownScreens.set(screenCode, apiName);
  }

  /** Whether the user may open a screen: its resource's List, or a grant of the screen's code. */
  async canOpenScreen(user: AccessUser, screenCode: string): Promise<boolean> {
    return (await this.policy(user)).canOpenScreen(screenCode, this.ownScreens.get(screenCode));
  }

  /** The same as a synchronous test, for filtering a list or a menu tree. */
  async screenTest(user: AccessUser): Promise<(screenCode: string) => boolean> {
    const policy = await this.policy(user);
    return (screenCode) => policy.canOpenScreen(screenCode, this.ownScreens.get(screenCode));
  }

  /**
   * Run inside a transaction that changed users or roles: refuses (rolling it back) when no enabled
   * user holds an administrator role any more. The lock serialises such changes, so two that each
   * leave one administrator cannot together leave none.
   */
  async ensureAnAdministrator(tx: Database): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_LOCK})`);
    const [row] = await tx
      .select({ count: sql<number>`cast(count(*) as integer)` })
      .from(users)
      .where(
        and(
          eq(users.isDisabled, false),
          sql`exists (select 1 from ${roles} where ${roles.isAdmin} and ${roles.code} = any(${users.roles}))`,
        ),
      );
    if ((row?.count ?? 0) === 0) throw new BusinessError(LAST_ADMIN_MESSAGE);
  }

  /** Ends every open session of these users at once (a disabled user is signed out everywhere). */
  async endSessions(tx: Database, userIds: readonly number[]): Promise<void> {
    if (userIds.length === 0) return;
    await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(inArray(sessions.userId, [...userIds]), isNull(sessions.revokedAt)));
  }
}

function missing(title: string, verb: string, permission: string): string {
  return `Your role may not ${verb} ${title} (permission missing: ${title} ${permission}).`;
}
