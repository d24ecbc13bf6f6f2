import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { auditLog } from '../db/schema';

export type AuditEntry = {
  action: string;
  outcome?: string;
  userId?: number | null;
  resource?: string | null;
  recordId?: string | number | null;
  ip?: string | null;
  details?: unknown;
};

/** Writes the audit log. Callers pass no secrets: the log is for people to read. */
export class AuditService {
  constructor(private readonly db: Database) {}

  async record(entry: AuditEntry, db: Database = this.db): Promise<void> {
    await db.insert(auditLog).values(stored(entry));
  }

  /**
   * Many entries (the rows of one bulk action or import): a thousand to a statement, sent as one
   * JSON parameter, since binding seven parameters per entry cost more than the insert itself.
   */
  async recordMany(entries: AuditEntry[], db: Database = this.db): Promise<void> {
    for (let start = 0; start < entries.length; start += 1000) {
      const rows = entries.slice(start, start + 1000).map(stored);
      await db.execute(sql`
        insert into ${auditLog} (action, outcome, user_id, resource, record_id, ip, details)
        select r->>'action', r->>'outcome', (r->>'userId')::integer, r->>'resource', r->>'recordId',
          r->>'ip', r->'details'
        from jsonb_array_elements(${JSON.stringify(rows)}::jsonb) as r`);
    }
  }
}

function stored(entry: AuditEntry) {
  return {
    action: entry.action,
    outcome: entry.outcome ?? 'success',
    userId: entry.userId ?? null,
    resource: entry.resource ?? null,
    recordId: entry.recordId === undefined || entry.recordId === null ? null : String(entry.recordId),
    ip: entry.ip?.slice(0, 64) ?? null,
    details: entry.details ?? null,
  };
}
