import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { roleGrants, roles, screens, users } from '../db/schema';
import { hashPassword } from '../lib/passwords';
import { ADMINISTRATION_RESOURCES } from '../modules/access/resources';
import { FILE_MANAGER_SCREEN } from '../modules/file-manager/service';
import { DECLARED_RESOURCES } from '../modules/resources/declarations';

type GrantRow = typeof roleGrants.$inferInsert;

/**
 * The seeded roles' grants on a fresh database (a role that has any grant is the administrator's and
 * is left alone): `staff` what each declaration grants staff, and every other screen except the
 * administration; `viewer` List and Detail of the same. `admin` needs none: it is an administrator role.
 */
export async function seedAccess(db: Database): Promise<void> {
  await db
    .insert(roles)
    .values([
      {
        code: 'admin',
        name: 'Administrator',
        description: 'Everything, administration included.',
        isAdmin: true,
      },
      { code: 'staff', name: 'Staff', description: 'The data screens, without administration.' },
      { code: 'viewer', name: 'Viewer', description: 'Reads the data screens; changes nothing.' },
    ])
    .onConflictDoNothing();
  await db
    .insert(screens)
    .values(
      ADMINISTRATION_RESOURCES.map((resource) => ({
        uiUrl: resource.screen.uiUrl,
        screenCode: resource.screen.code,
        title: resource.title,
        apiName: resource.apiName,
        uiType: 'table',
        orderNo: resource.screen.orderNo,
      })),
    )
    .onConflictDoNothing();

  const administration = new Set(ADMINISTRATION_RESOURCES.flatMap((r) => [r.apiName, r.screen.code]));
  const ownScreens = new Set(DECLARED_RESOURCES.map((r) => r.screen.code));
  const otherScreens = (
    await db
      .select({ code: screens.screenCode })
      .from(screens)
      .where(and(isNull(screens.parentId), eq(screens.isPublic, false)))
  )
    .map((row) => row.code)
    .filter((code) => !ownScreens.has(code) && !administration.has(code) && code !== FILE_MANAGER_SCREEN);
  // The file manager's grant governs its calls whether or not its screen is seeded.
  otherScreens.push(FILE_MANAGER_SCREEN);

  const staff: GrantRow[] = [
    ...DECLARED_RESOURCES.map((resource) => {
      const may = (action: keyof typeof resource.permissions) =>
        resource.permissions[action].includes('staff') ||
        (MODULE_STAFF_RIGHTS[resource.apiName]?.includes(action) ?? false);
      return {
        roleCode: 'staff',
        target: resource.apiName,
        canList: may('List'),
        canDetail: may('Detail'),
        canAdd: may('AddNew'),
        canEdit: may('UpdateFields'),
        canDelete: may('Delete'),
        canExport: may('Export'),
        actions: [...(resource.namedActions ?? [])],
      };
    }),
    ...otherScreens.map((code) => ({
      roleCode: 'staff',
      target: code,
      canList: true,
      canDetail: true,
      canAdd: true,
      canEdit: true,
      // What a screen deletes is checked again on its own resources; the file manager's own entries.
      canDelete: true,
      canExport: true,
    })),
  ];
  const viewer: GrantRow[] = staff.map((grant) => ({
    roleCode: 'viewer',
    target: grant.target,
    canList: grant.canList,
    canDetail: grant.canDetail,
  }));
  for (const [role, grants] of [
    ['staff', staff],
    ['viewer', viewer],
  ] as const) {
    const [any] = await db
      .select({ id: roleGrants.id })
      .from(roleGrants)
      .where(eq(roleGrants.roleCode, role))
      .limit(1);
    if (!any && grants.length > 0) await db.insert(roleGrants).values(grants).onConflictDoNothing();
  }
}

/**
 * Rights that the generic protocol never uses on a resource but its module's own calls read: staff ring
 * up bills at the till (`Pos/Sell` needs adding bills, which AddNew refuses to everyone).
 */
const MODULE_STAFF_RIGHTS: Record<string, readonly string[]> = { PosBill: ['AddNew'] };

/** A demo account of each seeded role besides the administrator, when this run created it. */
export type DemoUser = { username: string; role: string; password: string };

/** Creates `staff` and `viewer` demo accounts once (demo data only); answers those it created. */
export async function ensureDemoUsers(db: Database): Promise<DemoUser[]> {
  const created: DemoUser[] = [];
  for (const role of ['staff', 'viewer']) {
    const username = `demo-${role}`;
    const password = randomBytes(18).toString('base64url');
    const rows = await db
      .insert(users)
      .values({
        username,
        displayName: `Demo ${role}`,
        roles: [role],
        passwordHash: await hashPassword(password),
        // A password printed on the console must be replaced at the first sign-in.
        mustChangePassword: true,
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (rows.length > 0) created.push({ username, role, password });
  }
  return created;
}
