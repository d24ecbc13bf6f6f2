import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { appSettings, events, fileEntries, places, screens } from '../db/schema';
import { DEMO_SCREENS, type SeedScreen, WORKSPACE_SCREENS } from './workspace-screens';

export type { SeedScreen };

/** Settings keys marking what was seeded, so that each is seeded once and never comes back. */
export const WORKSPACE_SCREENS_MARKER = 'workspace_screens_seeded';
export const WORKSPACE_SAMPLES_MARKER = 'workspace_samples_seeded';

const json = (value: Record<string, unknown> | undefined) => (value ? JSON.stringify(value) : '{}');

export async function insertScreen(tx: Database, screen: SeedScreen, parentId: string | null): Promise<void> {
  await tx
    .insert(screens)
    .values({
      parentId,
      uiUrl: screen.uiUrl ?? '',
      screenCode: screen.screenCode,
      title: screen.title,
      apiName: screen.apiName ?? '',
      apiMethod: screen.apiMethod ?? 'List',
      uiType: screen.uiType,
      config: json(screen.config),
      requestData: json(screen.requestData),
      screenConfig: json(screen.screenConfig),
      uiTypeContents: screen.uiTypeContents ? JSON.stringify(screen.uiTypeContents) : '',
      orderNo: screen.orderNo ?? 0,
    })
    .onConflictDoNothing();
  if (!screen.contents?.length) return;
  // A screen an administrator already made under this code keeps its own contents.
  const [row] = await tx
    .select({ id: screens.id, parentId: screens.parentId })
    .from(screens)
    .where(eq(screens.screenCode, screen.screenCode));
  if (!row || row.parentId !== parentId) return;
  for (const content of screen.contents) await insertScreen(tx, content, row.id);
}

/**
 * Seeds the screens of the composite screen types and of the demo pages once (a marker row in the
 * same transaction): an administrator's later changes or removals are never undone.
 */
export async function seedWorkspaceScreens(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    const marked = await tx
      .insert(appSettings)
      .values({ key: WORKSPACE_SCREENS_MARKER, value: { version: 1 } })
      .onConflictDoNothing()
      .returning({ key: appSettings.key });
    if (marked.length === 0) return false;
    for (const screen of [...WORKSPACE_SCREENS, ...DEMO_SCREENS])
      await insertScreen(tx as unknown as Database, screen, null);
    return true;
  });
}

const PLACES = [
  {
    name: 'Head office',
    category: 'office',
    latitude: '21.028511',
    longitude: '105.804817',
    address: 'Ba Dinh, Ha Noi',
  },
  {
    name: 'Hai Phong warehouse',
    category: 'warehouse',
    latitude: '20.844912',
    longitude: '106.688084',
    address: 'Hai Phong',
  },
  {
    name: 'Da Nang office',
    category: 'office',
    latitude: '16.054407',
    longitude: '108.202167',
    address: 'Hai Chau, Da Nang',
  },
  { name: 'Hue shop', category: 'shop', latitude: '16.463713', longitude: '107.590866', address: 'Hue' },
  {
    name: 'Nha Trang shop',
    category: 'shop',
    latitude: '12.238791',
    longitude: '109.196749',
    address: 'Nha Trang',
  },
  {
    name: 'Saigon office',
    category: 'office',
    latitude: '10.776889',
    longitude: '106.700806',
    address: 'District 1, Ho Chi Minh City',
  },
  {
    name: 'Binh Duong warehouse',
    category: 'warehouse',
    latitude: '10.980460',
    longitude: '106.674997',
    address: 'Thu Dau Mot, Binh Duong',
  },
  {
    name: 'Can Tho shop',
    category: 'shop',
    latitude: '10.045162',
    longitude: '105.746857',
    address: 'Ninh Kieu, Can Tho',
  },
];

/**
 * Sample rows of the demo: events around the current month, places, about 360 sales over the past
 * 12 months (deterministic values, one INSERT ... SELECT) and two folders of the file manager. Once,
 * with the demo data (`DEMO_DATA`).
 */
export async function seedWorkspaceSamples(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    const marked = await tx
      .insert(appSettings)
      .values({ key: WORKSPACE_SAMPLES_MARKER, value: { version: 1 } })
      .onConflictDoNothing()
      .returning({ key: appSettings.key });
    if (marked.length === 0) return false;
    await tx.insert(places).values(PLACES);
    await tx.execute(sql`
      insert into ${events} (title, starts_at, ends_at, all_day, category, color, location)
      select
        (array['Team meeting','Release review','Customer call','Stock count','Training','Planning'])[1 + i % 6]
          || ' ' || i,
        date_trunc('month', now()) + ((i * 2) % 28) * interval '1 day' + (8 + i % 9) * interval '1 hour',
        date_trunc('month', now()) + ((i * 2) % 28) * interval '1 day' + (9 + i % 9) * interval '1 hour',
        i % 7 = 0,
        (array['meeting','release','meeting','task','task','meeting'])[1 + i % 6],
        (array['#057e38','#4285f4','#f4b400','#db4437','#ab47bc','#00acc1'])[1 + i % 6],
        (array['Room A','Room B','Online','Warehouse'])[1 + i % 4]
      from generate_series(1, 16) as g(i)
    `);
    await tx.execute(sql`
      insert into sales (sold_on, region, channel, customer, quantity, amount)
      select
        current_date - ((i * 7) % 365),
        (array['north','central','south'])[1 + i % 3],
        (array['shop','online','online','partner'])[1 + (i / 3) % 4],
        (array['An Phat','Binh Minh','Cuu Long','Dai Viet','Hoa Sen','Kim Long','Minh Chau'])[1 + i % 7],
        1 + (i * 13) % 9,
        round((((i * 7919) % 90000) / 100.0 + 20)::numeric, 2)
      from generate_series(1, 360) as g(i)
    `);
    await tx.insert(fileEntries).values([
      { kind: 'folder', name: 'Documents' },
      { kind: 'folder', name: 'Images' },
    ]);
    return true;
  });
}
