import { users } from '../db/schema';
import { hashPassword } from '../lib/passwords';
import type { TestServer } from './harness';

/** The demo products the tests seed: few enough to be quick, enough to page through. */
export const TEST_PRODUCTS = 300;

const PREFIXES = [
  'Alpine',
  'Breeze',
  'Cedar',
  'Delta',
  'Ember',
  'Fjord',
  'Granite',
  'Harbor',
  'Indigo',
  'Juniper',
];
const ITEMS = [
  'Lamp',
  'Chair',
  'Desk',
  'Mug',
  'Shelf',
  'Kettle',
  'Rug',
  'Clock',
  'Vase',
  'Stool',
  'Bench',
  'Tray',
];
const STATUSES = ['draft', 'active', 'active', 'active', 'backorder', 'archived'];
const TAGS = [[], ['new'], ['sale', 'eco'], ['gift'], ['limited', 'bundle', 'new']];

/** The seeded products as the demo seed computes them (seed/demo.ts), for expected answers. */
export const seededProducts = Array.from({ length: TEST_PRODUCTS }, (_, index) => {
  const i = index + 1;
  const release = new Date(Date.UTC(2020, 0, 1) + ((i * 37) % 1800) * 86_400_000);
  return {
    Id: i,
    Name: `${PREFIXES[i % 10]} ${ITEMS[Math.floor(i / 10) % 12]} ${i}`,
    Sku: `SKU-${String(i).padStart(6, '0')}`,
    Price: Math.round(((i * 7919) % 100_000) + 100) / 100,
    Status: STATUSES[i % 6] as string,
    Tags: TAGS[i % 5] as string[],
    IsActive: i % 9 !== 0,
    IsLocked: i % 100 === 0,
    CategoryId: 1 + (i % 8),
    ReleaseDate: release.toISOString().slice(0, 10),
  };
});

/** Adds a user of the given role and returns their access token. */
export async function signInAs(
  server: TestServer,
  username: string,
  role: 'admin' | 'staff',
): Promise<string> {
  const password = `${username}-Pass-1234`;
  await server.database.db
    .insert(users)
    .values({
      username,
      displayName: `${username} person`,
      roles: [role],
      passwordHash: await hashPassword(password),
    })
    .onConflictDoNothing();
  return server.signIn(username, password);
}
