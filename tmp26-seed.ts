import { openPostgresDatabase } from './apps/server/src/db/client';
import { seedDemoData } from './apps/server/src/seed/demo';
const db = await openPostgresDatabase('postgres://postgres@127.0.0.1:5432/bench26');
await db.migrate();
const t = performance.now();
await seedDemoData(db.db, { products: Number(process.argv[2] ?? 1_000_000) });
console.log('seeded in', ((performance.now() - t) / 1000).toFixed(1), 's');
await db.close();
