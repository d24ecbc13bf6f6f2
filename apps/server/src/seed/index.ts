import { eq, sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { appSettings, screens, users } from '../db/schema';
import { type CreatedAdministrator, ensureAdministrator } from '../modules/account/administrator';
import { SETTING_KEYS } from '../modules/settings/service';
import { seedAccess } from './access';
import { DEMO_PRODUCT_COUNT, seedDemoData } from './demo';
import { seedMenus } from './menus';
import { seedPosDemo, seedPosScreens } from './pos';
import { seedProjectSamples, seedProjectScreens } from './projects';
import { seedWorkspaceSamples, seedWorkspaceScreens } from './workspace';

export type SeedResult = {
  /** Set when this run created the administrator account. */
  admin?: CreatedAdministrator;
  /** Set when this run seeded the demo resources. */
  demoProducts?: number;
};

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
