import type { ACCESS_ACTIONS } from '@panelwright/contract/constants';

/** The target of the grant that opens the studio (a role's grant on it with List). */
export const STUDIO_GRANT = 'studio';

/** What a grant allows on its target: the protocol's actions by their matrix names. */
export type AccessAction = (typeof ACCESS_ACTIONS)[number];

/** One role's grant on one target (a resource's APIName or a screen code), as stored. */
export type GrantData = {
  roleCode: string;
  target: string;
  canList: boolean;
  canDetail: boolean;
  canAdd: boolean;
  canEdit: boolean;
  canDelete: boolean;
  canExport: boolean;
  actions: readonly string[];
  hiddenFields: readonly string[];
  editFields: readonly string[];
  rowRule: string;
};

export type RoleData = { code: string; isAdmin: boolean };

const FLAG: Record<AccessAction, keyof GrantData> = {
  list: 'canList',
  detail: 'canDetail',
  add: 'canAdd',
  edit: 'canEdit',
  delete: 'canDelete',
  export: 'canExport',
};

/**
 * What one user may do: the union of the grants of their roles. Pure, so that the property-based test
 * can state the matrix's meaning in the same words as the server. A role that does not exist grants
 * nothing; an administrator role grants everything.
 */
export class AccessPolicy {
  readonly isAdmin: boolean;
  private readonly byTarget = new Map<string, GrantData[]>();

  constructor(
    readonly roles: readonly string[],
    allRoles: readonly RoleData[],
    grants: readonly GrantData[],
  ) {
    const mine = new Set(roles);
    this.isAdmin = allRoles.some((role) => role.isAdmin && mine.has(role.code));
    const known = new Set(allRoles.filter((role) => mine.has(role.code)).map((role) => role.code));
    for (const grant of grants) {
      if (!known.has(grant.roleCode)) continue;
      const list = this.byTarget.get(grant.target) ?? [];
      list.push(grant);
      this.byTarget.set(grant.target, list);
    }
  }

  private grantsOf(target: string): GrantData[] {
    return this.byTarget.get(target) ?? [];
  }

  /** May run `action` on the target (on some rows, when the row rule narrows it). */
  allows(target: string, action: AccessAction): boolean {
    return this.isAdmin || this.grantsOf(target).some((grant) => grant[FLAG[action]] === true);
  }

  /** May run the target's configured action `name` (a button or action cell). */
  allowsNamed(target: string, name: string): boolean {
    return this.isAdmin || this.grantsOf(target).some((grant) => grant.actions.includes(name));
  }

  /** Whether a field is ever sent: some grant that reads the target does not hide it. */
  canRead(target: string, field: string): boolean {
    if (this.isAdmin) return true;
    return this.grantsOf(target).some(
      (grant) =>
        (grant.canList || grant.canDetail || grant.canExport || grant.canEdit) &&
        !grant.hiddenFields.includes(field),
    );
  }

  /** Whether UpdateFields may change a field (its declaration must allow it too). */
  canEdit(target: string, field: string): boolean {
    if (this.isAdmin) return true;
    return this.grantsOf(target).some(
      (grant) =>
        grant.canEdit &&
        !grant.hiddenFields.includes(field) &&
        (grant.editFields.length === 0 || grant.editFields.includes(field)),
    );
  }

  /** Whether AddNew may set a field: a grant that adds, not hiding it, listing it if it lists any. */
  canAddField(target: string, field: string): boolean {
    if (this.isAdmin) return true;
    return this.grantsOf(target).some(
      (grant) =>
        grant.canAdd &&
        !grant.hiddenFields.includes(field) &&
        (grant.editFields.length === 0 || grant.editFields.includes(field)),
    );
  }

  /** `all` when some grant of the action reaches every row, else `own`. */
  rowRule(target: string, action: AccessAction): 'all' | 'own' {
    if (this.isAdmin) return 'all';
    return this.grantsOf(target).some((grant) => grant[FLAG[action]] === true && grant.rowRule !== 'own')
      ? 'all'
      : 'own';
  }

  /**
   * May open a screen: a resource's own screen with its List, any other screen with a grant of its
   * code that lists (its data calls are checked on their own resources).
   */
  canOpenScreen(screenCode: string, resourceOfScreen: string | undefined): boolean {
    if (this.isAdmin) return true;
    return resourceOfScreen !== undefined
      ? this.allows(resourceOfScreen, 'list')
      : this.allows(screenCode, 'list');
  }

  /** Administration calls (settings, caches, notifications to all). */
  canAdminister(): boolean {
    return this.isAdmin;
  }

  /**
   * The studio: reading drafts and changing the configuration. Administrators may; another role only
   * with a grant on the target `studio` that lists.
   */
  canUseStudio(): boolean {
    return this.allows(STUDIO_GRANT, 'list');
  }
}
