import type {
  ImportError,
  ImportMode,
  ImportProgressEvent,
  ImportResult,
  OptionItem,
} from '@panelwright/contract';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import Papa from 'papaparse';
import {
  copyRowsIfEmbedded,
  type Database,
  type DatabaseHandle,
  quotedTableName,
  readRowsAsFields,
} from '../../db/client';
import { auditLog } from '../../db/schema';
import { type MessageLanguage, translateMessage } from '../../i18n';
import { Answer } from '../../lib/actions';
import type { AuditEntry, AuditService } from '../../lib/audit';
import { BusinessError, badRequest, forbidden, HttpError } from '../../lib/errors';
import type { EventBus } from '../../lib/events';
import { EXPORT_LINK_TTL_SECONDS, type FilesService } from '../files/service';
import { resumeActorChecks, suspendActorChecks } from './import-actor-checks';
import { type FileTable, readTable } from './import-file';
import { dropSecondaryIndexes, isLargeImport, rebuildIndexes } from './import-indexes';
import { ImportProgressBoard } from './import-progress';
import { type FileCell, headerKey, namedOption, optionTexts, readCell } from './import-values';
import { newOperationId, type OperationLog, type RecordOperation } from './operations';
import { scopeValues } from './query';
import type { Column, Resource } from './registry';
import type { Actor, Allowed, ResourceService, Row, WriteChange } from './service';

/** What `{APIName}/Import` is sent, its multipart fields parsed. */
export type ImportInput = {
  fileName: string;
  bytes: Buffer;
  /** `{"file column": "FieldName"}`; without it, guessed from the headers. */
  mapping?: Record<string, string> | undefined;
  mode: ImportMode;
  dryRun: boolean;
  /** A field whose value finds the row to update; rows it finds none for are added. */
  keyField?: string | undefined;
  timezoneOffset?: number | undefined;
  requestData?: unknown;
  /** The caller's language: each cell's message and each refused row's reason are given in it. */
  language?: MessageLanguage | undefined;
  /** Names the import's progress for `{APIName}/ImportProgress` (see ImportProgressBoard). */
  progressKey?: string | undefined;
};

/**
 * Rows written at a time: one statement, one savepoint, one progress event. A large file takes
 * larger batches, up to 2,000 rows, keeping some fifty progress events: each batch's own queries
 * (savepoint, ids, hooks' look-ups, statement triggers) cost some 11 ms of CPU on the embedded
 * database, 1.7 s of 100,000 rows at 500 a batch (docs/decisions.md); a small file keeps 500.
 */
const batchSize = (total: number) => Math.min(2000, Math.max(500, Math.ceil(total / 50)));
/** The errors an answer lists (the count of refused rows is exact). */
const MAX_LISTED_ERRORS = 1000;
/** Texts of one column a batch may look up beyond its loaded options (each one search). */
const MAX_NAMED_SEARCHES = 50;

/** A data row of the file checked: its values by column, or its errors. */
type PreparedRow = {
  /** The file's data row, from 1. */
  row: number;
  cells: FileCell[];
  values: { column: Column; value: unknown }[];
  /** The record the key field found, for an update. */
  existing?: Row | undefined;
  errors: ImportError[];
};

/** A refusal of the database for one row: the field it names, if any, and words for people. */
function refusalOf(error: unknown, resource: Resource): { field: string; message: string } | null {
  if (error instanceof BusinessError || (error instanceof HttpError && error.status < 500))
    return { field: '', message: error.message };
  let code: string | undefined;
  let constraint = '';
  for (let current = error, depth = 0; current && depth < 4; depth++) {
    const candidate = (current as { code?: unknown }).code;
    if (typeof candidate === 'string' && /^[0-9A-Z]{5}$/.test(candidate)) {
      code = candidate;
      constraint = String((current as { constraint?: unknown }).constraint ?? '');
      break;
    }
    current = (current as { cause?: unknown }).cause;
  }
  if (code === '23505') {
    const column = resource.columns.find((c) => c.stored && constraint.includes(`_${c.stored.name}_`));
    return {
      field: column?.field ?? '',
      message: `${column?.header ?? 'A value'} is already used by another record`,
    };
  }
  if (code === '23503') return { field: '', message: 'refers to a record that does not exist' };
  if (code?.startsWith('22')) return { field: '', message: 'a value is out of the range its field can hold' };
  if (code === '23502') return { field: '', message: 'a required value is missing' };
  return null;
}

/**
 * `{APIName}/Import`: a CSV or xlsx file's rows added (or, by a key field, updated) through the
 * rules of AddNew and UpdateFields, in batches in one transaction, with every refusal named by row
 * and field. "all" writes every row or none; "skip" writes the good rows and hands back a file of
 * the refused ones with the reason of each. A dry run checks everything and writes nothing.
 */
export class ImportService {
  constructor(
    private readonly resources: ResourceService,
    private readonly audit: AuditService,
    private readonly operations: OperationLog,
    private readonly events: EventBus,
    private readonly files: FilesService,
    /** Which database runs underneath: a large import rebuilds search indexes on the embedded one. */
    private readonly engine: DatabaseHandle['kind'],
  ) {
    this.board = new ImportProgressBoard(events);
  }

  private readonly board: ImportProgressBoard;

  /** `{APIName}/ImportProgress`: where the caller's import sent with this key is, or null. */
  progressOf(apiName: string, progressKey: string, actor: Actor): ImportProgressEvent | null {
    return this.board.read(actor.user.id, apiName, progressKey);
  }

  async import(apiName: string, input: ImportInput, actor: Actor): Promise<Answer<ImportResult>> {
    const allowed = await this.resources.resource(apiName, 'AddNew', actor);
    const { resource, policy } = allowed;
    const keyColumn = input.keyField ? resource.byField.get(input.keyField) : undefined;
    if (input.keyField && !keyColumn?.stored)
      throw badRequest(`KeyField: ${input.keyField.slice(0, 128)} is not a field of ${resource.apiName}`);
    const updating = keyColumn ? await this.resources.resource(apiName, 'UpdateFields', actor) : null;
    const table = await readTable(input.bytes);
    const mapping = input.mapping ?? guessMapping(resource, table.headers);
    const mapped = this.mappedColumns(resource, table, mapping, keyColumn);
    for (const { column } of mapped) {
      if (!policy.canAddField(resource.apiName, column.field))
        throw forbidden(
          `Your role may not set ${column.header} of ${resource.title} (permission missing: ${resource.title} ${column.field} add).`,
        );
    }
    const scoped = scopeValues(resource, input.requestData).filter(({ column }) => column?.creatable);
    const total = table.total;
    const operation: RecordOperation = {
      id: newOperationId(),
      kind: 'import',
      apiName: resource.apiName,
      actor,
      done: 0,
      refused: 0,
      summary: { file: input.fileName.slice(0, 200), mode: input.mode, keyField: input.keyField ?? null },
    };
    const progress = (rows: number) =>
      this.events.publish({
        type: 'import-progress',
        data: {
          APIName: resource.apiName,
          Rows: rows,
          Total: total,
          ...(input.progressKey ? { ProgressKey: input.progressKey } : {}),
        },
        userIds: [actor.user.id],
      });
    progress(0);

    const errors: ImportError[] = [];
    const say = (message: string) => translateMessage(message, input.language ?? 'en');
    const refusedRows = new Map<number, { cells: FileCell[]; reasons: string[] }>();
    const refuse = (prepared: PreparedRow, problems: ImportError[]) => {
      errors.push(...problems);
      const entry = refusedRows.get(prepared.row) ?? { cells: prepared.cells, reasons: [] };
      entry.reasons.push(...problems.map((p) => say(p.Field ? `${p.Field}: ${p.Message}` : p.Message)));
      refusedRows.set(prepared.row, entry);
    };
    let added = 0;
    let updated = 0;
    // The changes are kept until the commit only for hooks that hear each one (100,000 rows read
    // back would otherwise stay in memory to the end); the audit takes each batch's as it goes.
    const keepChanges = this.resources.hearsEachCommittedChange(resource);
    const committed: WriteChange[] = [];
    const rollback = new Error('import rolled back');

    try {
      await this.resources.write(resource, async (tx) => {
        // A large import into the embedded database drops the table's search indexes and builds
        // them once at the end: one build costs far less than a GIN insert per row. The embedded
        // database runs one transaction at a time anyway, so the exclusive lock this takes keeps no
        // one waiting longer; on PostgreSQL it would block every reader of the table for the whole
        // import, so there the indexes grow row by row (docs/decisions.md). Unique indexes stay:
        // they refuse taken values; so do those led by the key field, which finds rows by it.
        const large = this.engine === 'embedded' && (await isLargeImport(tx, resource.table, total));
        const dropped = large
          ? await dropSecondaryIndexes(tx, resource.table, keyColumn?.stored ? [keyColumn.stored.name] : [])
          : [];
        // Its rows and their audit entries name the importing user: checked once, not once a row.
        const suspended = large
          ? await suspendActorChecks(
              tx,
              [
                { table: resource.table, column: resource.table.updatedBy },
                { table: auditLog, column: auditLog.userId },
              ],
              actor.user.id,
            )
          : [];
        // The option lists, and the values a long list holds (a category, a relation's record), are
        // read in this transaction, once: on the embedded database a query of another connection
        // would wait for it.
        const load = this.resources.loadOptions(resource, actor, tx);
        const optionsOf = new Map<string, OptionItem[]>();
        for (const { column } of mapped) {
          if (column.source && column.kind.usesOptions)
            optionsOf.set(column.field, await load(column.source));
        }
        let read = 0;
        for (const rows of table.batches(batchSize(total))) {
          const batch = await this.prepare(
            rows,
            read,
            mapped,
            {
              resource,
              keyColumn,
              allowedUpdate: updating,
              optionsOf,
              load,
              input,
              actor,
            },
            tx,
          );
          const good: PreparedRow[] = [];
          for (const prepared of batch) {
            if (prepared.errors.length > 0) refuse(prepared, prepared.errors);
            else good.push(prepared);
          }
          read += rows.length;
          // In "all" mode, a refusal anywhere means nothing is written: the rest is only checked.
          if (input.mode === 'all' && refusedRows.size > 0) {
            progress(read);
            continue;
          }
          const results = await this.writeBatch(good, { resource, allowed, scoped, actor }, tx);
          const entries: AuditEntry[] = [];
          for (const result of results) {
            if ('problems' in result) {
              refuse(result.prepared, result.problems);
              continue;
            }
            if (result.action === 'AddNew') added++;
            else updated++;
            const { id, action, before, after } = result;
            entries.push(this.rowEntry(resource, id, action, before, after, mapped, actor, operation));
            if (keepChanges) committed.push({ ...result, actor });
          }
          await this.audit.recordMany(entries, tx);
          progress(read);
        }
        if (input.mode === 'all' && refusedRows.size > 0) throw rollback;
        operation.done = added + updated;
        operation.refused = refusedRows.size;
        await this.operations.record(operation, tx);
        // A rollback restores the dropped indexes and the suspended checks by itself.
        if (input.dryRun) throw rollback;
        await resumeActorChecks(tx, suspended, actor.user.id);
        await rebuildIndexes(tx, dropped);
      });
    } catch (error) {
      if (error !== rollback) throw error;
    }
    const imported = input.mode === 'all' && refusedRows.size > 0 ? 0 : added + updated;
    if (!input.dryRun && imported > 0) {
      await this.resources.afterOperationCommit(committed, resource);
      this.resources.publish(resource, 0);
      await this.operations.committed(operation);
    }
    const refusedFile =
      refusedRows.size > 0 && input.mode === 'skip' && !input.dryRun
        ? await this.refusedFile(resource, table.headers, refusedRows, actor, say)
        : undefined;
    const result: ImportResult = {
      Imported: imported,
      Added: imported > 0 ? added : 0,
      Updated: imported > 0 ? updated : 0,
      Refused: refusedRows.size,
      Errors: errors.slice(0, MAX_LISTED_ERRORS).map((error) => ({ ...error, Message: say(error.Message) })),
      DryRun: input.dryRun,
      Headers: table.headers,
      Preview: table.preview.map((cells) =>
        Object.fromEntries(table.headers.map((header, index) => [header, shownCell(cells[index] ?? null)])),
      ),
      Mapping: mapping,
      ...(refusedFile ? { RefusedFile: refusedFile } : {}),
    };
    return new Answer(result, importMessage(result, input.mode));
  }

  /** The file columns mapped to fields one may set (the key field besides, when updating). */
  private mappedColumns(
    resource: Resource,
    table: FileTable,
    mapping: Record<string, string>,
    keyColumn: Column | undefined,
  ): { index: number; column: Column }[] {
    const mapped: { index: number; column: Column }[] = [];
    const seen = new Set<string>();
    for (const [header, field] of Object.entries(mapping)) {
      if (field === '') continue;
      const index = table.headers.indexOf(header);
      if (index < 0) throw badRequest(`Mapping: ${header.slice(0, 128)} is not a column of the file`);
      const column = resource.byField.get(field);
      if (!column) throw badRequest(`Mapping: ${field.slice(0, 128)} is not a field of ${resource.apiName}`);
      if (!column.creatable && !(column.editable && keyColumn) && column !== keyColumn)
        throw badRequest(`Mapping: ${field} cannot be set when adding`);
      if (seen.has(field)) throw badRequest(`Mapping: ${field} is given twice`);
      seen.add(field);
      mapped.push({ index, column });
    }
    if (mapped.length === 0)
      throw badRequest('Mapping: no column of the file matches a field; map at least one');
    if (keyColumn && !seen.has(keyColumn.field))
      throw badRequest(`KeyField: ${keyColumn.field} is not mapped to a column of the file`);
    return mapped;
  }

  /** A batch's rows read and checked by the rules of AddNew (or UpdateFields for a key's match). */
  private async prepare(
    rows: FileCell[][],
    offset: number,
    mapped: { index: number; column: Column }[],
    context: {
      resource: Resource;
      keyColumn: Column | undefined;
      allowedUpdate: Allowed | null;
      optionsOf: Map<string, OptionItem[]>;
      load: ReturnType<ResourceService['loadOptions']>;
      actor: Actor;
      input: ImportInput;
    },
    tx: Database,
  ): Promise<PreparedRow[]> {
    const { resource, keyColumn, allowedUpdate, load, input, actor } = context;
    const timezoneOffset = input.timezoneOffset ?? 0;
    const optionsOf = await this.withNamedOptions(rows, mapped, context, tx);
    // Made once a batch, not once a cell: this loop runs for every cell of the file.
    const reads = mapped.map(({ index, column }) => ({
      index,
      column,
      options: { timezoneOffset, options: optionsOf.get(column.field) },
    }));
    const prepared: PreparedRow[] = rows.map((cells, index) => {
      const errors: ImportError[] = [];
      const values: { column: Column; value: unknown }[] = [];
      const row = offset + index + 1;
      // A column is mapped once (`mappedColumns`), so each is read into `values` at most once.
      for (const { index: cell, column, options } of reads) {
        const reading = readCell(column, cells[cell] ?? null, options);
        if (!reading.ok) errors.push({ Row: row, Field: column.field, Message: reading.message });
        else if (reading.value !== undefined) values.push({ column, value: reading.value });
      }
      return { row, cells, values, errors };
    });
    if (keyColumn?.stored && allowedUpdate) {
      const keys = prepared
        .map((p) => p.values.find((v) => v.column === keyColumn)?.value)
        .filter((value) => value !== undefined && value !== null);
      if (keys.length > 0) {
        const found = await this.resources.rows(
          tx
            .select({
              ...resource.selection,
              _inReach: sql`coalesce(${allowedUpdate.rowCondition ?? sql`true`}, false)`.as('_inReach'),
            })
            .from(resource.table)
            .where(inArray(keyColumn.stored, keys as never[]))
            .for('update'),
          tx,
        );
        const byKey = new Map(found.map((row) => [String(row[keyColumn.field]), row]));
        for (const row of prepared) {
          const key = row.values.find((v) => v.column === keyColumn)?.value;
          const existing = key === undefined ? undefined : byKey.get(String(key));
          if (!existing) continue;
          if (existing._inReach !== true)
            row.errors.push({
              Row: row.row,
              Field: keyColumn.field,
              Message: 'a record with this value exists that you may not change',
            });
          else if (existing.IsLocked === true)
            row.errors.push({ Row: row.row, Field: keyColumn.field, Message: 'This record is locked.' });
          row.existing = existing;
        }
      }
    }
    const creatable = resource.columns.filter((column) => column.creatable);
    for (const row of prepared) {
      if (row.errors.length > 0) continue;
      let entries: { column: Column; value: unknown }[];
      if (row.existing) {
        entries = row.values.filter(({ column }) => column !== keyColumn);
        for (const { column } of entries) {
          if (!column.editable) {
            row.errors.push({ Row: row.row, Field: column.field, Message: 'cannot be changed' });
          } else if (!allowedUpdate?.policy.canEdit(resource.apiName, column.field)) {
            row.errors.push({ Row: row.row, Field: column.field, Message: 'your role may not change it' });
          } else if (
            column.canEditFields.some((field) => row.existing?.[field] === false) ||
            column.lockFields.some((field) => row.existing?.[field] === true)
          ) {
            row.errors.push({
              Row: row.row,
              Field: column.field,
              Message: 'cannot be changed on this record',
            });
          }
        }
      } else {
        // As AddNew: a field left out takes its default; a required one must be given.
        const given = new Map(row.values.map(({ column, value }) => [column, value]));
        entries = creatable
          .map((column) => ({ column, value: given.has(column) ? given.get(column) : column.default }))
          .filter(({ column, value }) => value !== undefined || column.rules?.required);
        for (const { column } of row.values) {
          if (!column.creatable)
            row.errors.push({ Row: row.row, Field: column.field, Message: 'cannot be set when adding' });
        }
      }
      if (row.errors.length > 0) continue;
      const { checked, problems } = await this.resources.validateEach(resource, entries, actor, load);
      for (const problem of problems)
        row.errors.push({ Row: row.row, Field: problem.field, Message: problem.message });
      row.values = checked;
    }
    return prepared;
  }

  /**
   * The option lists a batch's cells are read against: each list as loaded before the import, plus,
   * for a list that grows (a relation's other side, loaded only in part), the records the batch's
   * texts name that it does not hold, found by the list's search in the import's transaction.
   */
  private async withNamedOptions(
    rows: FileCell[][],
    mapped: { index: number; column: Column }[],
    context: { resource: Resource; optionsOf: Map<string, OptionItem[]>; actor: Actor },
    tx: Database,
  ): Promise<Map<string, OptionItem[]>> {
    const { resource, optionsOf, actor } = context;
    const lists = new Map(optionsOf);
    for (const { index, column } of mapped) {
      const loaded = optionsOf.get(column.field);
      if (!loaded || !column.source || !resource.declaration.options?.[column.source]?.search) continue;
      const unnamed = new Set<string>();
      for (const cells of rows)
        for (const text of optionTexts(column, cells[index] ?? null))
          if (!namedOption(text, loaded)) unnamed.add(text);
      const found: OptionItem[] = [];
      // A bounded number of searches a batch: the texts past it stay unnamed and are refused by cell.
      for (const text of [...unnamed].slice(0, MAX_NAMED_SEARCHES)) {
        const named = namedOption(
          text,
          await this.resources.optionsMatching(resource, column.source, text, actor, tx),
        );
        if (named) found.push(named);
      }
      if (found.length > 0) lists.set(column.field, [...loaded, ...found]);
    }
    return lists;
  }

  /**
   * Writes a batch under one savepoint; where the database refuses it, each row under its own, so
   * that the refusal is named by its row and the others still go in.
   */
  private async writeBatch(
    rows: PreparedRow[],
    context: {
      resource: Resource;
      allowed: Allowed;
      scoped: ReturnType<typeof scopeValues>;
      actor: Actor;
    },
    tx: Database,
  ): Promise<
    (
      | { id: number; action: 'AddNew' | 'UpdateFields'; before: Row | null; after: Row }
      | { prepared: PreparedRow; problems: ImportError[] }
    )[]
  > {
    if (rows.length === 0) return [];
    try {
      return await tx.transaction((savepoint) =>
        this.writeRows(rows, context, savepoint as unknown as Database),
      );
    } catch (error) {
      const refusal = refusalOf(error, context.resource);
      if (!refusal) throw error;
      if (rows.length === 1) {
        const prepared = rows[0] as PreparedRow;
        return [
          { prepared, problems: [{ Row: prepared.row, Field: refusal.field, Message: refusal.message }] },
        ];
      }
      const results = [];
      for (const row of rows) results.push(...(await this.writeBatch([row], context, tx)));
      return results;
    }
  }

  private async writeRows(
    rows: PreparedRow[],
    context: { resource: Resource; allowed: Allowed; scoped: ReturnType<typeof scopeValues>; actor: Actor },
    tx: Database,
  ): Promise<{ id: number; action: 'AddNew' | 'UpdateFields'; before: Row | null; after: Row }[]> {
    const { resource, allowed, scoped, actor } = context;
    const table = resource.table;
    const results: { id: number; action: 'AddNew' | 'UpdateFields'; before: Row | null; after: Row }[] = [];
    const additions = rows.filter((row) => !row.existing);
    if (additions.length > 0) {
      const ids = await this.insertRows(
        resource,
        // The screen's scope (a project's tab) decides the field it names, whatever the file said.
        additions.map((row) => [
          ...row.values.filter(({ column }) => !scoped.some((scope) => scope.column === column)),
          ...scoped.flatMap(({ column, value }) => (column ? [{ column, value }] : [])),
        ]),
        actor,
        tx,
      );
      // Where no hook looks at the stored rows (no webhook subscribed), they are not read back: the
      // audit's new values are the validated ones.
      const after = (await this.resources.hooksReadRows(resource, tx))
        ? await this.readRows(resource, ids, tx)
        : new Map(
            ids.map((id, index) => [
              id,
              Object.fromEntries(
                (additions[index]?.values ?? []).map(({ column, value }) => [column.field, value]),
              ) as Row,
            ]),
          );
      if (allowed.rowCondition) {
        // Under an `own` row rule, what one adds must be one's own (a task of one's project).
        const own = await tx
          .select({ id: table.id })
          .from(table)
          .where(and(inArray(table.id, ids), allowed.rowCondition));
        if (own.length !== ids.length)
          throw forbidden(
            `Your role may not add to this record of ${resource.title} (permission missing: ${resource.title} all rows).`,
          );
      }
      for (const id of ids) {
        const row = after.get(id);
        if (!row) throw new Error('an imported row could not be read back');
        results.push({ id, action: 'AddNew', before: null, after: row });
      }
    }
    const updates = rows.filter((r) => r.existing);
    for (const row of updates) {
      const before = row.existing as Row;
      const id = Number(before.Id);
      if (row.values.length > 0) {
        const set: Record<string, unknown> = {
          updatedAt: sql`greatest(now(), ${table.updatedAt} + interval '1 millisecond')`,
          updatedBy: actor.user.id,
        };
        for (const { column, value } of row.values)
          set[column.key as string] = this.resources.writeValue(column, value);
        await tx
          .update(table)
          .set(set as never)
          .where(eq(table.id, id));
      }
    }
    if (updates.length > 0) {
      const updated = await this.readRows(
        resource,
        updates.map((row) => Number(row.existing?.Id)),
        tx,
      );
      for (const row of updates) {
        const before = row.existing as Row;
        const after = updated.get(Number(before.Id));
        if (!after) throw new Error('an updated row could not be read back');
        results.push({ id: Number(before.Id), action: 'UpdateFields', before, after });
      }
    }
    // The batch's hooks at once, under its savepoint: a refusal names its row when retried alone.
    await this.resources.runHooksMany(
      results.map((result) => ({ ...result, actor })),
      resource,
      tx,
    );
    return results;
  }

  /**
   * Adds rows in one statement per set of columns, their values sent as one JSON parameter and cast
   * to each column's declared type there (binding a parameter per value cost most of an import's
   * time). Values are the validated, normalized ones, as `writeValue` would store them.
   */
  private async insertRows(
    resource: Resource,
    rows: { column: Column; value: unknown }[][],
    actor: Actor,
    tx: Database,
  ): Promise<number[]> {
    const groups = new Map<string, { columns: Column[]; rows: unknown[][] }>();
    for (const values of rows) {
      const columns = values.map(({ column }) => column).filter((column) => column.stored);
      const key = columns.map((column) => column.field).join('\u0000');
      const group = groups.get(key) ?? { columns, rows: [] };
      const byColumn = new Map(values.map(({ column, value }) => [column, value]));
      group.rows.push(columns.map((column) => jsonValue(column, byColumn.get(column))));
      groups.set(key, group);
    }
    const ids: number[] = [];
    for (const { columns, rows: values } of groups.values()) {
      const copied = await this.copyRows(resource, columns, values, actor, tx);
      if (copied) {
        ids.push(...copied);
        continue;
      }
      const targets = sql.join(
        [
          sql.identifier(resource.table.updatedBy.name),
          ...columns.map((c) => sql.identifier((c.stored as AnyPgColumn).name)),
        ],
        sql`, `,
      );
      const expressions = sql.join(
        [sql`${actor.user.id}::integer`, ...columns.map((column, index) => valueFrom(column, index))],
        sql`, `,
      );
      // A data-changing statement cannot be the subquery the row reader wraps: read as fields.
      const created = await readRowsAsFields(
        tx,
        sql`insert into ${resource.table} (${targets}) select ${expressions} from jsonb_array_elements(${JSON.stringify(values)}::jsonb) with ordinality as input(r, n) order by n returning ${resource.table.id} as "Id"`,
      );
      ids.push(...created.map((row) => Number(row.Id)));
    }
    return ids;
  }

  /**
   * On the embedded database, adds the rows by one COPY (a third less CPU a row than the INSERT
   * reading them from JSON, docs/decisions.md) and answers their ids, taken from the table's id
   * sequence beforehand since COPY returns none; null elsewhere, or where the id is not the
   * sequence's to give (an identity always generated). The same defaults, generated columns,
   * constraints and triggers apply as for an INSERT.
   */
  private async copyRows(
    resource: Resource,
    columns: Column[],
    values: unknown[][],
    actor: Actor,
    tx: Database,
  ): Promise<number[] | null> {
    if (this.engine !== 'embedded') return null;
    const table = resource.table;
    const ids = await takeIds(tx, table, values.length);
    if (!ids) return null;
    const user = String(actor.user.id);
    await copyRowsIfEmbedded(
      tx,
      table,
      [table.id.name, table.updatedBy.name, ...columns.map((c) => (c.stored as AnyPgColumn).name)],
      values.map((row, index) => [String(ids[index]), user, ...row.map(copyText)]),
    );
    return ids;
  }

  private async readRows(resource: Resource, ids: number[], tx: Database): Promise<Map<number, Row>> {
    const rows = await this.resources.rows(
      tx.select(resource.selection).from(resource.table).where(inArray(resource.table.id, ids)),
      tx,
    );
    return new Map(rows.map((row) => [Number(row.Id), row]));
  }

  private rowEntry(
    resource: Resource,
    id: number,
    action: 'AddNew' | 'UpdateFields',
    before: Row | null,
    after: Row,
    mapped: { column: Column }[],
    actor: Actor,
    operation: RecordOperation,
  ): AuditEntry {
    return {
      action: action === 'AddNew' ? 'record_create' : 'record_update',
      resource: resource.apiName,
      recordId: id,
      userId: actor.user.id,
      ip: actor.ip ?? null,
      details: {
        operation: operation.id,
        changes: mapped.map(({ column }) => ({
          field: column.field,
          old: before ? (before[column.field] ?? null) : null,
          new: after[column.field] ?? null,
        })),
      },
    };
  }

  /**
   * The refused rows as they were in the file (their own headers), with the reason of each under a
   * header in the caller's language, as CSV behind a signed link.
   */
  private async refusedFile(
    resource: Resource,
    headers: string[],
    refused: Map<number, { cells: FileCell[]; reasons: string[] }>,
    actor: Actor,
    say: (text: string) => string,
  ): Promise<string> {
    const rows = [...refused]
      .sort(([a], [b]) => a - b)
      .map(([, { cells, reasons }]) => [
        ...headers.map((_, i) => shownCell(cells[i] ?? null)),
        reasons.join('; '),
      ]);
    const text = `\ufeff${Papa.unparse({ fields: [...headers, say('Reason')], data: rows })}`;
    const stamp = new Date().toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
    const file = await this.files.store({
      name: `${resource.title}-refused-${stamp}.csv`,
      bytes: new TextEncoder().encode(text),
      contentType: 'text/csv; charset=utf-8',
      userId: actor.user.id,
      kind: 'export',
    });
    return this.files.signedPath(file, EXPORT_LINK_TTL_SECONDS);
  }
}

/**
 * `count` ids for new rows of `table`, from its id sequence at once: one `nextval` and a `setval`
 * past the block, instead of a `nextval` a row (0.37 s of 100,000 imported rows). Only on the
 * embedded database, where nothing else runs while the import's transaction is open (PGlite runs
 * one at a time), so no other caller can take an id between the two. Null where the id is not the
 * sequence's to give (an identity GENERATED ALWAYS) or the table has none.
 */
async function takeIds(tx: Database, table: Resource['table'], count: number): Promise<number[] | null> {
  const qualified = quotedTableName(table);
  const taken = (
    (await tx.execute(sql`
      select s.seqincrement::integer as step,
        setval(s.seqrelid, nextval(s.seqrelid) + (${count}::integer - 1) * s.seqincrement)::integer as last
      from pg_sequence s
      where s.seqrelid = to_regclass(pg_get_serial_sequence(${qualified}, ${table.id.name}))
        and not exists (
          select 1 from pg_attribute
          where attrelid = to_regclass(${qualified}) and attname = ${table.id.name} and attidentity = 'a'
        )`)) as unknown as { rows: { step: number; last: number }[] }
  ).rows[0];
  if (!taken) return null;
  const { step, last } = taken;
  return Array.from({ length: count }, (_, index) => last - (count - 1 - index) * step);
}

/** A validated value as the JSON the insert reads it from: text as `writeValue` binds it, lists as arrays. */
function jsonValue(column: Column, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (column.kind.list) return value;
  if (column.kind.family === 'json') return JSON.stringify(value);
  return typeof value === 'string' ? value : String(value);
}

/**
 * A `jsonValue` as COPY reads it: the same text the INSERT casts (both go through the type's input
 * function), and a list as an array literal of quoted items.
 */
function copyText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value))
    return `{${value.map((item) => `"${String(item).replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`;
  return String(value);
}

/** The SQL of element `index` of an input row, cast to its column's declared type. */
function valueFrom(column: Column, index: number): SQL {
  const stored = column.stored as AnyPgColumn;
  // The index is ours, a whole number: written as a literal so that `->` reads it as a position.
  const at = sql.raw(String(Math.trunc(index)));
  if (column.kind.list)
    return sql`case when jsonb_typeof(r->${at}) = 'array' then array(select jsonb_array_elements_text(r->${at}))::text[] end`;
  return sql`(r->>${at})::${sql.raw(stored.getSQLType())}`;
}

/** A cell as text, for the preview and the file of refused rows. */
function shownCell(cell: FileCell): string {
  if (cell === null) return '';
  if (cell instanceof Date) return cell.toISOString();
  return String(cell);
}

/**
 * The mapping guessed from the headers: a header that is a field's name or its header, in English
 * or in the Vietnamese of the product's catalogue (case, accents and spaces aside), maps to it.
 */
export function guessMapping(resource: Resource, headers: string[]): Record<string, string> {
  const byKey = new Map<string, string>();
  for (const column of resource.columns) {
    if (!column.stored || !(column.creatable || column.editable)) continue;
    for (const name of [column.header, translateMessage(column.header, 'vn'), column.field]) {
      const key = headerKey(name);
      if (key !== '' && !byKey.has(key)) byKey.set(key, column.field);
    }
  }
  const mapping: Record<string, string> = {};
  const taken = new Set<string>();
  for (const header of headers) {
    const field = byKey.get(headerKey(header));
    if (field && !taken.has(field)) {
      mapping[header] = field;
      taken.add(field);
    }
  }
  return mapping;
}

function importMessage(result: ImportResult, mode: ImportMode): string {
  if (result.DryRun) {
    return result.Refused === 0
      ? `Checked; rows that can be imported: ${result.Imported}.`
      : `Checked; rows with errors: ${result.Refused}.`;
  }
  if (mode === 'all' && result.Refused > 0) return `Nothing imported; rows with errors: ${result.Refused}.`;
  return result.Refused === 0
    ? `Imported: ${result.Imported}.`
    : `Imported: ${result.Imported}; refused: ${result.Refused}.`;
}
