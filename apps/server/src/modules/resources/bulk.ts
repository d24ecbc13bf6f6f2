import {
  type BulkRefusal,
  type BulkResult,
  type FieldValue,
  type ListFilter,
  MAX_BULK_ROWS,
} from '@panelwright/contract';
import { and, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { Answer } from '../../lib/actions';
import type { AuditEntry, AuditService } from '../../lib/audit';
import { BusinessError } from '../../lib/errors';
import { newOperationId, type OperationLog, type RecordOperation } from './operations';
import { whereOf } from './query';
import type { Resource } from './registry';
import {
  type Actor,
  type Allowed,
  GONE_MESSAGE,
  LOCKED_MESSAGE,
  type ResourceService,
  type Row,
} from './service';

/** Which rows a bulk action is for: the selected ids, or the List's search and filters. */
export type BulkTarget = {
  Ids?: number[] | undefined;
  TextSearch?: string | undefined;
  Filters?: ListFilter[] | undefined;
  RequestData?: unknown;
  UI_TimezoneOffset?: number | undefined;
};

/**
 * BulkUpdate and BulkDelete: the rows of a selection (or of a List's condition) that the caller may
 * change are changed in one transaction, each by the same checks as UpdateFields or Delete (grant,
 * row rule, hidden fields, lock, fCanEdit/fLock, the resource's hooks); the others are left alone
 * and listed as refused with the reason. Any other failure rolls every row back.
 */
export class BulkActions {
  constructor(
    private readonly resources: ResourceService,
    private readonly audit: AuditService,
    private readonly operations: OperationLog,
  ) {}

  async update(
    apiName: string,
    input: BulkTarget & { Values: FieldValue[] },
    actor: Actor,
  ): Promise<Answer<BulkResult>> {
    const allowed = await this.resources.resource(apiName, 'UpdateFields', actor);
    const { resource } = allowed;
    const values = await this.resources.updateValues(allowed, input.Values, actor);
    const table = resource.table;
    const operation = this.operation('bulk_update', resource, actor, {
      fields: values.map(({ column }) => column.field),
    });
    const { changed, refused } = await this.resources.write(resource, async (tx) => {
      const { rows, refused } = await this.lockedRows(allowed, input, actor, tx);
      const changeable: Row[] = [];
      for (const row of rows) {
        const blocked = values.find(
          ({ column }) =>
            column.canEditFields.some((field) => row[field] === false) ||
            column.lockFields.some((field) => row[field] === true),
        );
        if (row.IsLocked === true) refused.push({ Id: Number(row.Id), Reason: LOCKED_MESSAGE });
        else if (blocked)
          refused.push({
            Id: Number(row.Id),
            Reason: `${blocked.column.header} cannot be changed on this record.`,
          });
        else changeable.push(row);
      }
      const ids = changeable.map((row) => Number(row.Id));
      const changed: { before: Row; after: Row }[] = [];
      if (ids.length > 0) {
        const set: Record<string, unknown> = {
          updatedAt: sql`greatest(now(), ${table.updatedAt} + interval '1 millisecond')`,
          updatedBy: actor.user.id,
        };
        for (const { column, value } of values)
          set[column.key as string] = this.resources.writeValue(column, value);
        await tx
          .update(table)
          .set(set as never)
          .where(inArray(table.id, ids));
        const after = new Map(
          (await this.readRows(resource, ids, tx)).map((row) => [Number(row.Id), row] as const),
        );
        for (const before of changeable) {
          const updated = after.get(Number(before.Id));
          if (!updated) throw new BusinessError(GONE_MESSAGE);
          changed.push({ before, after: updated });
        }
        await this.resources.runHooksMany(updatesOf(changed, actor), resource, tx);
      }
      await this.audit.recordMany(
        changed.map(({ before, after }) =>
          this.rowEntry('record_update', resource, Number(before.Id), actor, operation, {
            changes: values.map(({ column }) => ({
              field: column.field,
              old: before[column.field] ?? null,
              new: after[column.field] ?? null,
            })),
          }),
        ),
        tx,
      );
      await this.finish(operation, changed.length, refused, tx);
      return { changed, refused };
    });
    if (changed.length > 0) await this.resources.afterOperationCommit(updatesOf(changed, actor), resource);
    await this.committed(resource, operation, changed.length);
    return new Answer(result(changed.length, refused), summary('Changed', changed.length, refused.length));
  }

  async delete(apiName: string, input: BulkTarget, actor: Actor): Promise<Answer<BulkResult>> {
    const allowed = await this.resources.resource(apiName, 'Delete', actor);
    const { resource } = allowed;
    const table = resource.table;
    const operation = this.operation('bulk_delete', resource, actor, {});
    const { deleted, refused } = await this.resources.write(resource, async (tx) => {
      const { rows, refused } = await this.lockedRows(allowed, input, actor, tx);
      const deleted: Row[] = [];
      for (const row of rows) {
        if (row.IsLocked === true) refused.push({ Id: Number(row.Id), Reason: LOCKED_MESSAGE });
        else deleted.push(row);
      }
      const ids = deleted.map((row) => Number(row.Id));
      if (ids.length > 0) await tx.delete(table).where(inArray(table.id, ids));
      await this.resources.runHooksMany(deletionsOf(deleted, actor), resource, tx);
      const stored = resource.columns.filter((column) => column.stored);
      await this.audit.recordMany(
        deleted.map((before) =>
          this.rowEntry('record_delete', resource, Number(before.Id), actor, operation, {
            changes: stored.map((column) => ({
              field: column.field,
              old: before[column.field] ?? null,
              new: null,
            })),
          }),
        ),
        tx,
      );
      await this.finish(operation, deleted.length, refused, tx);
      return { deleted, refused };
    });
    if (deleted.length > 0) await this.resources.afterOperationCommit(deletionsOf(deleted, actor), resource);
    await this.committed(resource, operation, deleted.length);
    return new Answer(result(deleted.length, refused), summary('Deleted', deleted.length, refused.length));
  }

  /**
   * The target rows the caller reaches, read for update (so that nothing changes them before the
   * commit), with the ids asked for that are not among them refused: a row outside the caller's
   * rule and one that does not exist answer the same, so that ids cannot be probed.
   */
  private async lockedRows(
    allowed: Allowed,
    target: BulkTarget,
    actor: Actor,
    tx: Database,
  ): Promise<{ rows: Row[]; refused: BulkRefusal[] }> {
    const { resource, rowCondition } = allowed;
    const table = resource.table;
    let condition: SQL | undefined;
    let asked: number[] | null = null;
    if (target.Ids && target.Ids.length > 0) {
      asked = [...new Set(target.Ids)];
      condition = inArray(table.id, asked);
    } else {
      const canRead = (field: string) =>
        !resource.byField.has(field) || allowed.policy.canRead(resource.apiName, field);
      condition = await whereOf(
        resource,
        { ...target, Page: 1, PageSize: 1 },
        // In this transaction: a filter's value in a long list is read (on the embedded database a
        // query of another connection would wait for this transaction).
        this.resources.loadOptions(resource, actor, tx),
        actor.user.id,
        canRead,
      );
    }
    const rows = await this.resources.rows(
      tx
        .select(resource.selection)
        .from(table)
        .where(and(condition, rowCondition))
        .orderBy(table.id)
        .limit(MAX_BULK_ROWS + 1)
        .for('update'),
      tx,
    );
    if (rows.length > MAX_BULK_ROWS) {
      throw new BusinessError(
        `More than ${MAX_BULK_ROWS} rows match; a bulk action changes at most ${MAX_BULK_ROWS}. Narrow the search or the filters.`,
      );
    }
    const found = new Set(rows.map((row) => Number(row.Id)));
    const refused = (asked ?? [])
      .filter((id) => !found.has(id))
      .map((id) => ({ Id: id, Reason: GONE_MESSAGE }));
    return { rows, refused };
  }

  private async readRows(resource: Resource, ids: number[], tx: Database): Promise<Row[]> {
    return this.resources.rows(
      tx.select(resource.selection).from(resource.table).where(inArray(resource.table.id, ids)),
      tx,
    );
  }

  private operation(
    kind: RecordOperation['kind'],
    resource: Resource,
    actor: Actor,
    summary: Record<string, unknown>,
  ): RecordOperation {
    return { id: newOperationId(), kind, apiName: resource.apiName, actor, done: 0, refused: 0, summary };
  }

  private rowEntry(
    action: string,
    resource: Resource,
    id: number,
    actor: Actor,
    operation: RecordOperation,
    details: Record<string, unknown>,
  ): AuditEntry {
    return {
      action,
      resource: resource.apiName,
      recordId: id,
      userId: actor.user.id,
      ip: actor.ip ?? null,
      details: { ...details, operation: operation.id },
    };
  }

  private async finish(
    operation: RecordOperation,
    done: number,
    refused: BulkRefusal[],
    tx: Database,
  ): Promise<void> {
    operation.done = done;
    operation.refused = refused.length;
    operation.summary.refusedIds = refused.slice(0, 1000).map((refusal) => refusal.Id);
    await this.operations.record(operation, tx);
  }

  private async committed(resource: Resource, operation: RecordOperation, done: number): Promise<void> {
    if (done > 0) this.resources.publish(resource, 0);
    await this.operations.committed(operation);
  }
}

function result(done: number, refused: BulkRefusal[]): BulkResult {
  return { Done: done, Refused: refused.length, Reasons: refused.sort((a, b) => a.Id - b.Id) };
}

function summary(verb: 'Changed' | 'Deleted', done: number, refused: number): string {
  return refused === 0 ? `${verb}: ${done}.` : `${verb}: ${done}; refused: ${refused}.`;
}

/** The write hooks' view of a bulk update: each row before and after, by the same actor. */
const updatesOf = (changed: readonly { before: Row; after: Row }[], actor: Actor) =>
  changed.map(({ before, after }) => ({
    action: 'UpdateFields' as const,
    id: Number(before.Id),
    before,
    after,
    actor,
  }));

/** The write hooks' view of a bulk delete. */
const deletionsOf = (deleted: readonly Row[], actor: Actor) =>
  deleted.map((before) => ({ action: 'Delete' as const, id: Number(before.Id), before, after: null, actor }));
