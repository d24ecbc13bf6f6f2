import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../client';
import { menus, screens } from '../schema';

/**
 * A default side menu for a fresh database: Home, then the enabled screens that are routes without
 * parameters. Once the side menu has any entry it is the administrator's and is left alone, so an
 * entry removed on purpose does not come back at the next start.
 */
export async function seedMenus(db: Database): Promise<void> {
  const [existing] = await db.select({ id: menus.id }).from(menus).where(eq(menus.kind, 'side')).limit(1);
  if (existing) return;
  const routes = await db
    .select()
    .from(screens)
    .where(and(eq(screens.isEnabled, true), isNull(screens.parentId)))
    .orderBy(asc(screens.orderNo), asc(screens.title));
  const entries = routes
    .filter((screen) => !screen.uiUrl.includes('['))
    .map((screen, index) => ({
      kind: 'side',
      code: screen.screenCode,
      name: screen.title,
      url: screen.uiUrl,
      icon: 'bi-grid',
      orderNo: (index + 1) * 10,
    }));
  // Instances starting together may both get here; the unique (kind, code) keeps one of each.
  await db
    .insert(menus)
    .values([
      { kind: 'side', code: 'home', name: 'Home', url: '/home', icon: 'bi-house', orderNo: 0 },
      ...entries,
    ])
    .onConflictDoNothing();
}
