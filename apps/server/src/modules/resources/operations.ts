import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/client';
import type { AuditService } from '../../lib/audit';
import type { Actor } from './service';

/** The operations that change many records at once. */
export type OperationKind = 'bulk_update' | 'bulk_delete' | 'import';

/** One operation over many records, as the audit log keeps it (and as a webhook would tell it). */
export type RecordOperation = {
  /** Ties the operation's entry to each row's own `record_*` entry (their details' `operation`). */
  id: string;
  kind: OperationKind;
  apiName: string;
  actor: Actor;
  /** Rows changed, added, updated or deleted, and rows left alone. */
  done: number;
  refused: number;
  /** What else describes it: the fields set, the file's name, the mode. */
  summary: Record<string, unknown>;
};

export const newOperationId = (): string => randomUUID();

export type OperationListener = (operation: RecordOperation) => void | Promise<void>;

/**
 * The one place where bulk actions and imports record their change: one audit entry for the
 * operation (`record_bulk_update`, `record_bulk_delete`, `record_import`), written in the
 * operation's transaction beside each row's own entry, and, once committed, the listeners (the
 * place for a webhook per operation).
 */
export class OperationLog {
  private readonly listeners = new Set<OperationListener>();

  constructor(private readonly audit: AuditService) {}

  /** Hears every committed operation; answers the unsubscribe. */
  listen(listener: OperationListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async record(operation: RecordOperation, tx: Database): Promise<void> {
    await this.audit.record(
      {
        action: `record_${operation.kind}`,
        resource: operation.apiName,
        userId: operation.actor.user.id,
        ip: operation.actor.ip ?? null,
        details: {
          operation: operation.id,
          done: operation.done,
          refused: operation.refused,
          ...operation.summary,
        },
      },
      tx,
    );
  }

  async committed(operation: RecordOperation): Promise<void> {
    for (const listener of this.listeners) {
      try {
        await listener(operation);
      } catch {
        // A listener's failure does not undo nor fail an operation already stored.
      }
    }
  }
}
