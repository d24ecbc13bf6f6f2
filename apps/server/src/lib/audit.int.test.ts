import { desc, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema';
import { openTestDatabase, type TestDatabase } from '../testing/database';
import { AuditService } from './audit';
import { auditChangesText } from './audit-changes-text';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

/** What the database's own `audit_changes_text` (migration 0010) makes of details stored as jsonb. */
async function databaseText(details: unknown): Promise<string | null> {
  const stored = details === undefined ? null : JSON.stringify(details);
  const result = (await database.db.execute(
    sql`select audit_changes_text(${stored}::jsonb) as text`,
  )) as unknown as { rows: { text: string | null }[] };
  return result.rows[0]?.text ?? null;
}

/** Values as the server's changes hold them: JSON's, and what JSON.stringify turns into JSON. */
const value = fc.oneof(
  fc.jsonValue(),
  fc.date({ noInvalidDate: true }),
  fc.constantFrom(undefined, Number.NaN, Number.POSITIVE_INFINITY, -0, 1e21, 1.5e-7, 5e-324, -1.2345e25, 0.1),
  fc.dictionary(fc.string(), fc.oneof(fc.jsonValue(), fc.constant(undefined))),
  fc.array(fc.oneof(fc.jsonValue(), fc.constant(undefined))),
);
const change = fc.oneof(
  { weight: 5, arbitrary: fc.record({ field: fc.string(), old: value, new: value }, { requiredKeys: [] }) },
  { weight: 1, arbitrary: value },
);
const details = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({ changes: fc.array(change, { maxLength: 4 }), fields: fc.array(fc.string()) }),
  },
  { weight: 1, arbitrary: fc.record({ changes: value }) },
  { weight: 1, arbitrary: value },
);

describe("the audit's changes text, written by the server", () => {
  it('is the text the database makes of the same details, whatever they hold', async () => {
    await fc.assert(
      fc.asyncProperty(details, async (drawn) => {
        expect(auditChangesText(drawn)).toBe(await databaseText(drawn));
      }),
      { numRuns: 300 },
    );
  });

  it('reads numbers, lists and objects as jsonb prints them', async () => {
    const cases = [
      { field: 'Price', old: 1e21, new: 1.5e-7 },
      { field: 'Tags', old: ['a', 1, null, true], new: [] },
      { field: 'Extra', old: { bb: 1, a: { z: 'x"y', é: 2 }, ccc: null }, new: {} },
      { field: 'When', old: new Date('2026-11-27T12:00:00.000Z'), new: null },
      { old: 'x' },
      'not an object',
    ];
    const text = auditChangesText({ changes: cases });
    expect(text).toBe(await databaseText({ changes: cases }));
    expect(text).toContain('Price: 1000000000000000000000 → 0.00000015');
    expect(text).toContain('Extra: {"a": {"z": "x\\"y", "é": 2}, "bb": 1, "ccc": null} → {}');
    expect(text).toContain('?: x → ∅; ?: ∅ → ∅');
  });

  it('is stored with every entry, one at a time and many at once', async () => {
    const audit = new AuditService(database.db);
    const changes = [{ field: 'Name', old: 'Lamp', new: 'Desk lamp' }];
    await audit.record({ action: 'record_update', details: { changes } });
    await audit.recordMany([
      { action: 'record_create', details: { changes: [{ field: 'Price', old: null, new: 12.5 }] } },
      { action: 'sign_in' },
    ]);
    const rows = await database.db
      .select({ action: auditLog.action, text: auditLog.changesText })
      .from(auditLog)
      .orderBy(desc(auditLog.id))
      .limit(3);
    expect(rows).toEqual([
      { action: 'sign_in', text: null },
      { action: 'record_create', text: 'Price: ∅ → 12.5' },
      { action: 'record_update', text: 'Name: Lamp → Desk lamp' },
    ]);
  });

  it('keeps every character of many entries written at once, escapes and non-Latin-1 text alike', async () => {
    const audit = new AuditService(database.db);
    const odd = ['back\\slash', 'tab\there', 'new\nline', 'carriage\rreturn', 'café', '→ ∅', '😀 ok', '\\N'];
    const entries = Array.from({ length: 2000 }, (_, index) => ({
      action: 'record_update',
      recordId: index,
      details: {
        changes: [{ field: 'Name', old: odd[index % odd.length], new: `${'x'.repeat(index % 50)}${index}` }],
      },
    }));
    await audit.recordMany(entries);
    const rows = await database.db
      .select({ recordId: auditLog.recordId, details: auditLog.details, text: auditLog.changesText })
      .from(auditLog)
      .orderBy(desc(auditLog.id))
      .limit(entries.length);
    expect(rows.reverse()).toEqual(
      entries.map((entry) => ({
        recordId: String(entry.recordId),
        details: entry.details,
        text: auditChangesText(entry.details),
      })),
    );
  });

  it('is an ordinary column: what the server writes is what is kept', async () => {
    await database.db.insert(auditLog).values({ action: 'record_update', changesText: 'Written: a → b' });
    const [row] = await database.db
      .select({ text: auditLog.changesText })
      .from(auditLog)
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row?.text).toBe('Written: a → b');
  });
});
