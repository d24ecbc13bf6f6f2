import type { MenuItem } from '@panelwright/contract';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { roleGrants, roles, sessions, users } from '../../db/schema';
import { Answer } from '../../lib/actions';
import type { AuditService } from '../../lib/audit';
import { BusinessError, badRequest } from '../../lib/errors';
import type { EventBus } from '../../lib/events';
import { newPasswordProblem } from '../../lib/password-policy';
import { hashPassword, readablePassword } from '../../lib/passwords';
import type { PasswordResetService } from '../account/password-reset-service';
import { replacePassword } from '../account/password-store';
import type { MenuService } from '../menus/service';
import { roleGrantResource } from './resources';
import type { AccessService } from './service';

type Admin = { id: number; ip?: string | undefined };

/** The permission matrix's columns: the grant flags, in the order of the Permissions screen. */
export const MATRIX_FLAGS = ['CanList', 'CanDetail', 'CanAdd', 'CanEdit', 'CanDelete', 'CanExport'] as const;
type MatrixFlag = (typeof MATRIX_FLAGS)[number];
/** One row of a role's permission matrix: a screen (or resource) and its six actions. */
export type MatrixRow = { Target: string; Text: string } & Record<MatrixFlag, boolean>;

const COLUMN_OF: Record<MatrixFlag, keyof typeof roleGrants.$inferInsert> = {
  CanList: 'canList',
  CanDetail: 'canDetail',
  CanAdd: 'canAdd',
  CanEdit: 'canEdit',
  CanDelete: 'canDelete',
  CanExport: 'canExport',
};

/** A user's open session as the Users screen lists it. */
export type OpenSession = {
  Id: string;
  CreatedAt: string;
  LastSeenAt: string;
  Ip: string;
  UserAgent: string;
};

/**
 * What the Users screen does besides editing the record: reset a password (a temporary one that must
 * be changed, or a mailed link), list and end a user's sessions. Administrators only (routes).
 */
export class AdministrationService {
  constructor(
    private readonly db: Database,
    private readonly access: AccessService,
    private readonly resets: PasswordResetService,
    private readonly audit: AuditService,
    private readonly events: EventBus,
    private readonly menus: MenuService,
    /** Records a change of the roles' grants as a configuration version, in its transaction. */
    private readonly recordConfigChange: (
      tx: Database,
      message: string,
      userId: number,
    ) => Promise<void> = async () => {},
    /** Announces a recorded configuration change once it is committed. */
    private readonly configChanged: () => void = () => {},
  ) {}

  private async user(id: number) {
    const [user] = await this.db.select().from(users).where(eq(users.id, id));
    if (!user) throw new BusinessError('This user does not exist any more; reload the list.');
    return user;
  }

  /**
   * A temporary password (the one given, or a generated one) that must be changed at the next sign-in;
   * the user's sessions end. Or, with `link`, the reset mail the user would ask for themselves.
   */
  async resetPassword(
    id: number,
    mode: 'temporary' | 'link',
    password: string | undefined,
    admin: Admin,
  ): Promise<Answer<{ Password: string } | null>> {
    const user = await this.user(id);
    if (mode === 'link') {
      if (!user.email) throw new BusinessError(`${user.username} has no e-mail address to mail a link to.`);
      // An administrator's request is not a stranger's: it is not throttled.
      await this.resets.forgot(user.email, admin.ip, { throttled: false });
      return new Answer(null, `A reset link was mailed to ${user.email}.`);
    }
    // Read off a dialog and typed: 16 readable characters (no 0/O, 1/l/I), 92 random bits.
    const chosen = password ?? readablePassword(16);
    const problem = newPasswordProblem(chosen, chosen, user.username);
    if (problem) throw new BusinessError(problem);
    const hash = await hashPassword(chosen);
    await this.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      await replacePassword(tx, id, hash, { mustChange: true });
      await this.access.endSessions(tx, [id]);
    });
    await this.audit.record({
      action: 'password_reset',
      outcome: 'administrator',
      userId: admin.id,
      resource: 'User',
      recordId: id,
      ip: admin.ip ?? null,
    });
    this.events.publish({ type: 'data-changed', data: { APIName: 'User', Id: id } });
    return new Answer(
      { Password: chosen },
      `Temporary password of ${user.username}: ${chosen} (to be changed at the next sign-in).`,
    );
  }

  /** "See the menu as this role": the side menu a user of only this role gets. */
  async previewMenu(roleId: number): Promise<Answer<MenuItem[]>> {
    const [role] = await this.db.select().from(roles).where(eq(roles.id, roleId));
    if (!role) throw new BusinessError('This role does not exist any more; reload the list.');
    const menus = await this.menus.projectScreens({ id: 0, roles: [role.code] });
    const side = JSON.parse(menus.side_menu) as MenuItem[];
    const names = (items: MenuItem[]): string[] =>
      items.flatMap((item) => [
        item.Name,
        ...names(item.Children ?? []).map((name) => `${item.Name} › ${name}`),
      ]);
    return new Answer(side, `The menu of ${role.name}: ${names(side).join(', ') || 'nothing'}.`);
  }

  async sessionsOf(id: number): Promise<OpenSession[]> {
    await this.user(id);
    const rows = await this.db
      .select()
      .from(sessions)
      .where(
        and(
          eq(sessions.userId, id),
          eq(sessions.scope, 'access'),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, new Date()),
        ),
      )
      .orderBy(desc(sessions.lastSeenAt))
      .limit(100);
    return rows.map((row) => ({
      Id: row.id,
      CreatedAt: row.createdAt.toISOString(),
      LastSeenAt: row.lastSeenAt.toISOString(),
      Ip: row.ip ?? '',
      UserAgent: row.userAgent ?? '',
    }));
  }

  /** Ends every session of the user (or the one named): they are signed out at once. */
  async endSessions(id: number, sessionId: string | undefined, admin: Admin): Promise<Answer<boolean>> {
    const user = await this.user(id);
    await this.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      if (sessionId) {
        await tx
          .update(sessions)
          .set({ revokedAt: new Date() })
          .where(and(eq(sessions.id, sessionId), eq(sessions.userId, id), isNull(sessions.revokedAt)));
      } else {
        await this.access.endSessions(tx, [id]);
      }
    });
    await this.audit.record({
      action: 'sessions_end',
      outcome: 'administrator',
      userId: admin.id,
      resource: 'User',
      recordId: id,
      ip: admin.ip ?? null,
    });
    this.events.publish({ type: 'data-changed', data: { APIName: 'User', Id: id } });
    return new Answer(true, `The sessions of ${user.username} were ended.`);
  }

  private async role(id: number) {
    const [role] = await this.db.select().from(roles).where(eq(roles.id, id));
    if (!role) throw new BusinessError('This role does not exist any more; reload the list.');
    return role;
  }

  /** The targets a grant may name (the Permissions screen's Screen list). */
  private targets(): Promise<{ Value: string; Text: string }[]> {
    const load = roleGrantResource.options?.Target;
    if (!load || !('load' in load)) return Promise.resolve([]);
    return load.load(this.db) as Promise<{ Value: string; Text: string }[]>;
  }

  /** A role's permission matrix: every screen, with the actions its grant gives (none without one). */
  async matrix(id: number): Promise<MatrixRow[]> {
    const role = await this.role(id);
    const [targets, grants] = await Promise.all([
      this.targets(),
      this.db.select().from(roleGrants).where(eq(roleGrants.roleCode, role.code)),
    ]);
    const byTarget = new Map(grants.map((grant) => [grant.target, grant]));
    return targets.map(({ Value, Text }) => {
      const grant = byTarget.get(Value);
      const flags = Object.fromEntries(
        MATRIX_FLAGS.map((flag) => [flag, grant ? grant[COLUMN_OF[flag] as 'canList'] : false]),
      ) as Record<MatrixFlag, boolean>;
      return { Target: Value, Text, ...flags };
    });
  }

  /**
   * Saves the matrix's rows of a role in one transaction: each named screen's six actions (its
   * grant's actions, fields and row rule are kept; a screen without a grant gets one). A screen that
   * is not a target is refused, and nothing is saved.
   */
  async saveMatrix(
    id: number,
    rows: readonly ({ Target: string } & Record<MatrixFlag, boolean>)[],
    admin: Admin,
  ): Promise<Answer<boolean>> {
    const role = await this.role(id);
    const known = new Set((await this.targets()).map((target) => target.Value));
    const unknown = rows.find((row) => !known.has(row.Target));
    if (unknown) throw badRequest(`${unknown.Target} is not a screen a role can be granted.`);
    await this.db.transaction(async (tx) => {
      for (const row of rows) {
        const flags = Object.fromEntries(MATRIX_FLAGS.map((flag) => [COLUMN_OF[flag], row[flag]]));
        await tx
          .insert(roleGrants)
          .values({ roleCode: role.code, target: row.Target, ...flags, updatedBy: admin.id })
          .onConflictDoUpdate({
            target: [roleGrants.roleCode, roleGrants.target],
            set: { ...flags, updatedAt: new Date(), updatedBy: admin.id },
          });
      }
      await this.recordConfigChange(tx as unknown as Database, `Permissions of ${role.name} saved`, admin.id);
    });
    this.access.invalidate();
    this.configChanged();
    await this.audit.record({
      action: 'role_matrix',
      outcome: 'administrator',
      userId: admin.id,
      resource: 'Role',
      recordId: id,
      ip: admin.ip ?? null,
      details: { rows: rows.length },
    });
    this.events.publish({ type: 'data-changed', data: { APIName: 'RoleGrant', Id: 0 } });
    return new Answer(true, `The permissions of ${role.name} were saved.`);
  }
}
