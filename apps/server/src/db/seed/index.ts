import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import { hashPassword } from '../../lib/passwords';
import { SETTING_KEYS } from '../../modules/settings/service';
import type { Database } from '../client';
import { appSettings, screens, users } from '../schema';
import { seedAccess } from './access';
import { DEMO_PRODUCT_COUNT, seedDemoData } from './demo';
import { seedMenus } from './menus';
import { seedPosDemo, seedPosScreens } from './pos';
import { seedProjectSamples, seedProjectScreens } from './projects';
import { seedWorkspaceSamples, seedWorkspaceScreens } from './workspace';

export type SeedResult = {
  /** Set when this run created the administrator account. */
  admin?: { username: string; password: string; generated: boolean };
  /** Set when this run seeded the demo resources. */
  demoProducts?: number;
};

type AdminConfig = Pick<Config, 'adminUsername' | 'adminEmail' | 'adminPassword'>;

/**
 * Creates the administrator when there is none by that name; answers its credentials when it did.
 * The start-up runs this first and prints the answer at once, before anything slower (the demo data),
 * so that an interrupted first start never loses a generated password.
 */
export async function ensureAdministrator(db: Database, config: AdminConfig): Promise<SeedResult['admin']> {
  const generated = config.adminPassword === undefined;
  const password = config.adminPassword ?? generatePassword();
  const created = await db
    .insert(users)
    .values({
      username: config.adminUsername,
      displayName: 'Administrator',
      role: 'admin',
      email: config.adminEmail,
      passwordHash: await hashPassword(password),
      // A password printed on the console must be replaced at the first sign-in.
      mustChangePassword: generated,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  return created.length > 0 ? { username: config.adminUsername, password, generated } : undefined;
}

/** A password to print once: 24 characters of base64url, 144 random bits. */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}

/** Seeds what a fresh database needs. Idempotent: it never overwrites what is already there. */
export async function seed(
  db: Database,
  config: Pick<Config, 'adminUsername' | 'adminEmail' | 'adminPassword' | 'demoData'>,
  options: {
    demoProducts?: number;
    /** Seed the composite and demo screens: the product's start does; test servers ask for them. */
    workspaceScreens?: boolean;
  } = {},
) {
  const result: SeedResult = {};
  await db
    .insert(appSettings)
    .values([
      { key: SETTING_KEYS.uiAppConfig, value: {} },
      { key: SETTING_KEYS.defaultValues, value: {} },
    ])
    .onConflictDoNothing();

  // What this start's seeding adds to an existing install (an upgrade's new modules) gets menu entries.
  const screensBefore = await screenCodes(db);
  const admin = await ensureAdministrator(db, config);
  if (admin) result.admin = admin;
  // Before the demo resources' screens: the point of sale's reports keep their report type.
  if (options.workspaceScreens || config.demoData) await seedPosScreens(db);
  if (config.demoData) {
    const products = options.demoProducts ?? DEMO_PRODUCT_COUNT;
    if (await seedDemoData(db, { products })) result.demoProducts = products;
  }

  if (options.workspaceScreens) {
    await seedWorkspaceScreens(db);
    await seedProjectScreens(db);
  }
  if (config.demoData) {
    await seedWorkspaceSamples(db);
    const [admin] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.username})`, config.adminUsername.toLowerCase()));
    if (admin) await seedProjectSamples(db, admin.id);
    await seedPosDemo(db, admin?.id ?? null);
  }

  // Roles and their grants name the screens seeded before them.
  await seedAccess(db);
  // Last: the default menu lists the screens seeded before it.
  const added = [...(await screenCodes(db))].filter((code) => !screensBefore.has(code));
  await seedMenus(db, new Set(added));
  return result;
}

async function screenCodes(db: Database): Promise<Set<string>> {
  return new Set((await db.select({ code: screens.screenCode }).from(screens)).map((row) => row.code));
}
