import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import { copyRowsIfEmbedded, type Database } from '../db/client';
import { auditLog } from '../db/schema';
import { auditChangesText } from './audit-changes-text';

export type AuditEntry = {
  action: string;
  outcome?: string;
  userId?: number | null;
  resource?: string | null;
  recordId?: string | number | null;
  ip?: string | null;
  details?: unknown;
};

/** The API key a call came with, for every audit row the call writes (see `runWithApiKey`). */
const callKey = new AsyncLocalStorage<{ id: string; name: string }>();

/** Runs a call's work so that whatever it audits is written under the key's name too. */
export function runWithApiKey<T>(key: { id: string; name: string } | undefined, work: () => T): T {
  return key ? callKey.run(key, work) : work();
}

function withKey(details: unknown, key: { id: string; name: string } | undefined): unknown {
  if (!key) return details;
  const marks = { apiKey: key.name, apiKeyId: key.id };
  if (details === null || details === undefined) return marks;
  if (typeof details === 'object' && !Array.isArray(details)) return { ...details, ...marks };
  return { value: details, ...marks };
}

/** Writes the audit log. Callers pass no secrets: the log is for people to read. */
export class AuditService {
  constructor(private readonly db: Database) {}

  async record(entry: AuditEntry, db: Database = this.db): Promise<void> {
    await db.insert(auditLog).values(stored(entry));
  }

  /**
   * Many entries (the rows of one bulk action or import). On the embedded database by one COPY
   * (`copyRowsIfEmbedded`); on PostgreSQL a thousand to a statement, sent as one JSON parameter,
   * since binding seven parameters per entry cost more than the insert itself.
   */
  async recordMany(entries: AuditEntry[], db: Database = this.db): Promise<void> {
    if (entries.length === 0) return;
    const copied = await copyRowsIfEmbedded(
      db,
      auditLog,
      ['action', 'outcome', 'user_id', 'resource', 'record_id', 'ip', 'details', 'changes_text'],
      entries.map((entry) => {
        const row = stored(entry);
        return [
          row.action,
          row.outcome,
          row.userId === null ? null : String(row.userId),
          row.resource,
          row.recordId,
          row.ip,
          // No details: SQL null, as `record` stores it.
          row.details === null ? null : JSON.stringify(row.details),
          row.changesText,
        ];
      }),
    );
    if (copied) return;
    for (let start = 0; start < entries.length; start += 1000) {
      const rows = entries.slice(start, start + 1000).map(stored);
      await db.execute(sql`
        insert into ${auditLog} (action, outcome, user_id, resource, record_id, ip, details, changes_text)
        select r->>'action', r->>'outcome', (r->>'userId')::integer, r->>'resource', r->>'recordId',
          r->>'ip', r->'details', r->>'changesText'
        from jsonb_array_elements(${JSON.stringify(rows)}::jsonb) as r`);
    }
  }
}

function stored(entry: AuditEntry) {
  // A call made with an API key: its rows say so (`withKey`).
  const details = withKey(entry.details, callKey.getStore()) ?? null;
  return {
    action: entry.action,
    outcome: entry.outcome ?? 'success',
    userId: entry.userId ?? null,
    resource: entry.resource ?? null,
    recordId: entry.recordId === undefined || entry.recordId === null ? null : String(entry.recordId),
    ip: entry.ip?.slice(0, 64) ?? null,
    details,
    changesText: auditChangesText(details),
  };
}
