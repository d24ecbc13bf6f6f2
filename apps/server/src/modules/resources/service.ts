import { rm } from 'node:fs/promises';
import {
  COMMON_BODY_FIELDS,
  type FieldValue,
  type FullPathResult,
  type ListResult,
  type OptionItem,
} from '@panelwright/contract';
import { and, eq, getTableColumns, getTableName, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database, RowReader } from '../../db/client';
import { users } from '../../db/schema';
import { type MessageLanguage, translateMessage } from '../../i18n';
import { Answer } from '../../lib/actions';
import type { AuditService } from '../../lib/audit';
import { BusinessError, badRequest, forbidden, HttpError, notFound } from '../../lib/errors';
import type { EventBus } from '../../lib/events';
import type { AccessPolicy } from '../access/policy';
import { type AccessService, PROTOCOL_ACTIONS } from '../access/service';
import { EXPORT_LINK_TTL_SECONDS, type FilesService, UnsignedFileLinkError } from '../files/service';
import type { User } from '../sessions/service';
import { optionWithValue, parseDateTime } from './column-types';
import { CountCache, sqlKey } from './count-cache';
import {
  FIND_AT_MOST,
  type LookupQuery,
  type OptionSource,
  type OptionsLoader,
  type ResourceAction,
  relatedLinkField,
  relatedTextField,
} from './define';
import { type OptionTexts, optionValuesOf, writeWorkbook } from './export';
import { keptRowCount } from './kept-count';
import { keysetRanges, keyValuesQuery } from './keyset';
import { type ColumnSettings, configuredDeclaration } from './overlay';
import { PageBoundaries } from './page-boundaries';
import { type ListQuery, type Ordering, orderOf, scopeValues, whereOf } from './query';
import { type Column, Resource, type ResourceRegistry } from './registry';

/**
 * Who is calling, for permissions, `updated_by` and the audit log, and from which screen (the
 * `ScreenGUID` of the call): that screen's configuration says how the resource's columns show.
 */
export type Actor = {
  user: Pick<User, 'id' | 'roles'>;
  ip?: string | undefined;
  /** The caller's language, for what a resource puts in words (`presentRows`). */
  language?: MessageLanguage | undefined;
  screenId?: string | undefined;
};

/**
 * What the configuration says of the columns of a resource on a screen (the call's, else the
 * resource's own); null when it says nothing.
 */
export type ColumnSettingsSource = (
  apiName: string,
  screenId: string | undefined,
) => Promise<ColumnSettings | null>;

/** A change the protocol is writing, handed to the hooks of its resource. */
export type WriteChange = {
  action: 'AddNew' | 'UpdateFields' | 'Delete';
  id: number;
  before: Row | null;
  after: Row | null;
  actor: Actor;
};

/**
 * Rules of a resource beyond its declaration (the administration's): `inTransaction` runs after the
 * write, before the commit, and may refuse it by throwing; `afterCommit` runs once it is stored.
 * An operation over many records (an import's batch, a bulk action) hands its changes together:
 * `inTransactionMany`, where a hook has it, hears them in one call (one query for a batch rather
 * than one per row); `afterEveryCommit` is for a hook that does not look at the change (a worker
 * woken, a cache dropped): it runs once per commit, however many records changed.
 * `readsRows` says whether the hook looks at the changes' rows (`before`, `after`) of the resource
 * at this moment (a webhook only while one is subscribed); left out, it is taken to look. A writer
 * of many rows (an import) reads its rows back only when some hook looks (`hooksReadRows`).
 */
export type WriteHook = {
  inTransaction?: (change: WriteChange, tx: Database, apiName: string) => Promise<void>;
  inTransactionMany?: (changes: WriteChange[], tx: Database, apiName: string) => Promise<void>;
  afterCommit?: (change: WriteChange, apiName: string) => void | Promise<void>;
  afterEveryCommit?: (apiName: string) => void | Promise<void>;
  readsRows?: (apiName: string, tx: Database) => Promise<boolean>;
};

/** A call's resource and what the caller may see of it. */
export type Allowed = { resource: Resource; policy: AccessPolicy; rowCondition: SQL | undefined };

export type Row = Record<string, unknown>;

/** One page of a Lookup: the options found, and whether more follow. */
export type LookupPage = { Data: OptionItem[]; HasMore: boolean };

/** The most rows one Export writes. */
export const MAX_EXPORT_ROWS = 100_000;
/**
 * Rows an export reads at a time. Each batch starts from the last row of the one before (keyset, see
 * PageBoundaries), so small batches cost no depth; measured on 100,000 products, 1,000 rows a batch
 * against 5,000 kept the server's memory growth at 28–39 MB instead of 129–180 MB and ran faster.
 */
const EXPORT_BATCH = 1000;
/** The most options a file's text is compared with when it names a related record (`optionsMatching`). */
const OPTIONS_MATCHING_PAGE = 20;

/** Body keys of AddNew that are not field values: the common fields and the screen's context. */
const NON_FIELD_KEYS = new Set<string>([
  ...COMMON_BODY_FIELDS,
  'ProjectId',
  'RequestData',
  'SharedQueryData',
  'ScreenGUID',
  'DefaultValues',
  'DataForm',
  'Id',
  'IM_ReturnTime',
]);

export const LOCKED_MESSAGE = 'This record is locked.';
export const GONE_MESSAGE = 'This record does not exist any more; reload the list.';

/**
 * A list's options as the web receives them: data (`OptionSource.data`) and words already said in the
 * caller's language (`inWords`) marked `Verbatim`, shown as written; other words left for the web to
 * say, so that they follow its language without asking again.
 */
function optionsAsShown(source: OptionSource, items: OptionItem[], say: (text: string) => string) {
  if (source.inWords) return items.map((item) => ({ ...item, Text: say(item.Text), Verbatim: true }));
  return source.data ? items.map((item) => ({ ...item, Verbatim: true })) : items;
}

/** "2024-05-01 10:22:33 UTC" from an ISO time. */
const readableTime = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;

/** The database's error code, through drizzle's wrapping. */
function databaseCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * The rules of the generic resource protocol: permissions, validation, the stale-write and lock
 * checks, audit and live events. Every identifier in SQL comes from a declaration; every value is a
 * bound parameter.
 */
export class ResourceService {
  constructor(
    private readonly db: Database,
    readonly registry: ResourceRegistry,
    private readonly audit: AuditService,
    private readonly events: EventBus,
    private readonly files: FilesService,
    readonly access: AccessService,
    /** The engine's way of reading many rows (`DatabaseHandle.readRows`). */
    private readonly readRows: RowReader,
  ) {
    const tableOf = (apiName: string) => {
      const resource = registry.get(apiName);
      return resource ? getTableName(resource.table) : undefined;
    };
    this.counts = new CountCache(tableOf);
    this.resourcesChanged();
    events.subscribe((event) => {
      if (event.type !== 'data-changed') return;
      this.counts.changed(event.data.APIName);
      this.boundaries.changed(tableOf(event.data.APIName));
    });
  }

  private readonly counts: CountCache;
  private readonly boundaries = new PageBoundaries();
  /** The resource each table is the rows of (the first declared, where several share one). */
  private readonly byTable = new Map<string, Resource>();

  private readonly hooks = new Map<string, WriteHook[]>();
  /** Hooks of every resource's writes (webhooks' outbox). */
  private readonly everyWrite: WriteHook[] = [];

  /** After the registry changed (collections published): tables and configured columns are read again. */
  resourcesChanged(): void {
    this.byTable.clear();
    for (const resource of this.registry.all()) {
      const table = getTableName(resource.table);
      if (!this.byTable.has(table)) this.byTable.set(table, resource);
    }
    this.configured.clear();
  }

  private columnSettings: ColumnSettingsSource = async () => null;
  /** Declarations as configured screens show them, compiled once per resource and configuration. */
  private readonly configured = new Map<string, Resource>();

  /** Where the configured columns come from (the configuration service; set once, when the app is built). */
  useColumnSettings(source: ColumnSettingsSource): void {
    this.columnSettings = source;
  }

  /**
   * The resource as the caller's screen shows it: its declaration with the screen's configured
   * columns over it (the configuration was checked against the declaration when it was published;
   * a column it could not allow keeps its declared value).
   */
  private async screenResource(apiName: string, actor: Actor): Promise<Resource | undefined> {
    const declared = this.registry.get(apiName);
    if (!declared) return undefined;
    const settings = await this.columnSettings(declared.apiName, actor.screenId);
    if (!settings || (Object.keys(settings.columns).length === 0 && settings.order.length === 0))
      return declared;
    const key = `${declared.apiName}\u0000${JSON.stringify(settings)}`;
    let resource = this.configured.get(key);
    if (!resource) {
      resource = new Resource(configuredDeclaration(declared.declaration, settings).declaration);
      // Configurations come from publishes, not from callers; the bound guards against a long life.
      if (this.configured.size >= 500) this.configured.clear();
      this.configured.set(key, resource);
    }
    return resource;
  }

  /** Adds rules to the writes of a resource (see `WriteHook`). */
  addWriteHook(apiName: string, hook: WriteHook): void {
    if (!this.registry.get(apiName)) throw new Error(`no resource ${apiName} to hook`);
    this.hooks.set(apiName, [...(this.hooks.get(apiName) ?? []), hook]);
  }

  /** Adds rules to the writes of every resource, called with the resource's APIName. */
  addWriteHookForAll(hook: WriteHook): void {
    this.everyWrite.push(hook);
  }

  private hooksOf(resource: Resource): WriteHook[] {
    return [...(this.hooks.get(resource.apiName) ?? []), ...this.everyWrite];
  }

  /**
   * Whether a hook hearing each change of the resource looks at its stored rows now (see
   * `WriteHook.readsRows`): where none does, a writer of many rows need not read them back.
   */
  async hooksReadRows(resource: Resource, tx: Database): Promise<boolean> {
    for (const hook of this.hooksOf(resource)) {
      if (!hook.inTransaction && !hook.inTransactionMany && !hook.afterCommit) continue;
      if (!hook.readsRows || (await hook.readsRows(resource.apiName, tx))) return true;
    }
    return false;
  }

  async runHooks(change: WriteChange, resource: Resource, tx: Database): Promise<void> {
    await this.runHooksMany([change], resource, tx);
  }

  /** The hooks of many changes of one transaction: in one call each where a hook takes them so. */
  async runHooksMany(changes: WriteChange[], resource: Resource, tx: Database): Promise<void> {
    if (changes.length === 0) return;
    for (const hook of this.hooksOf(resource)) {
      if (hook.inTransactionMany) await hook.inTransactionMany(changes, tx, resource.apiName);
      else if (hook.inTransaction)
        for (const change of changes) await hook.inTransaction(change, tx, resource.apiName);
    }
  }

  async afterCommit(change: WriteChange, resource: Resource): Promise<void> {
    await this.afterOperationCommit([change], resource);
  }

  /**
   * After the commit of an operation that changed records: each change's hooks, then once the hooks
   * of any commit. An operation keeps its changes only where `hearsEachCommittedChange`.
   */
  async afterOperationCommit(changes: WriteChange[], resource: Resource): Promise<void> {
    for (const hook of this.hooksOf(resource)) {
      if (hook.afterCommit) for (const change of changes) await hook.afterCommit(change, resource.apiName);
      await hook.afterEveryCommit?.(resource.apiName);
    }
  }

  /**
   * Whether a hook looks at each change once it is stored: only then does an operation over many
   * records keep its changes (rows before and after) until its commit.
   */
  hearsEachCommittedChange(resource: Resource): boolean {
    return this.hooksOf(resource).some((hook) => hook.afterCommit);
  }

  /**
   * The resource, if the actor may run `action` on it through the generic protocol (else the 403
   * naming the missing permission), with their policy and, under an `own` row rule, the condition of
   * their rows.
   */
  async resource(apiName: string, action: ResourceAction, actor: Actor): Promise<Allowed> {
    const resource = await this.screenResource(apiName, actor);
    if (!resource) throw notFound(`Api ${apiName}/${action} not found`);
    const matrixAction = PROTOCOL_ACTIONS[action];
    if (resource.declaration.readOnly && !['list', 'detail', 'export'].includes(matrixAction)) {
      throw forbidden(`${resource.title} is a log: it is only read.`);
    }
    // An action the declaration grants no role (bills, stock movements, report views) is written by
    // its own module only: refused for everyone, administrators included, before any grant is read.
    if (resource.declaration.permissions[action].length === 0) {
      throw forbidden(`${resource.title} cannot be changed here.`);
    }
    return this.reachOf(resource, action, actor);
  }

  private async reachOf(resource: Resource, action: ResourceAction, actor: Actor): Promise<Allowed> {
    const { policy, rowCondition } = await this.access.reach(
      actor.user,
      resource.apiName,
      PROTOCOL_ACTIONS[action],
      { title: resource.title, ownRows: resource.declaration.ownRows, rows: resource.declaration.rows },
    );
    return { resource, policy, rowCondition };
  }

  /**
   * The access check of List and Detail for a module that reads or writes a resource's rows with
   * its own queries (the point of sale's bills, statistics, test runs): the grant of the action
   * (else a 403 whatever the id), the condition its row rule puts on every query of the rows, and
   * the fields the caller may read (`withoutHidden`).
   */
  async reach(apiName: string, action: ResourceAction, actor: Actor): Promise<Allowed> {
    const resource = this.registry.get(apiName);
    if (!resource) throw new Error(`no resource ${apiName}`);
    return this.reachOf(resource, action, actor);
  }

  /**
   * One record by id as the caller may see it for `action`: a record that does not exist and one
   * outside the caller's rows answer the same (`gone`, by default "does not exist any more"), so
   * that ids cannot be probed. Answers the row without its hidden fields.
   */
  async requireRecord(
    apiName: string,
    action: ResourceAction,
    id: number,
    actor: Actor,
    options: { db?: Database; gone?: () => Error } = {},
  ): Promise<Allowed & { row: Row }> {
    const allowed = await this.reach(apiName, action, actor);
    const row = await this.readRow(allowed.resource, id, options.db ?? this.db, allowed.rowCondition);
    if (!row) throw options.gone?.() ?? new BusinessError(GONE_MESSAGE);
    return { ...allowed, row: this.present(allowed.resource, [row], allowed.policy)[0] as Row };
  }

  /**
   * An answer of a module's own shape without the fields of `apiName` the caller may not read (its
   * keys named as the resource's fields, e.g. a bill's `Customer`).
   */
  withoutHidden<T extends object>(allowed: Allowed, value: T): T {
    const { resource, policy } = allowed;
    for (const field of Object.keys(value)) {
      if (resource.byField.has(field) && !policy.canRead(resource.apiName, field)) {
        delete (value as Record<string, unknown>)[field];
      }
    }
    return value;
  }

  /** Whether the actor may run the configured action `name` of a resource (else a 403). */
  async requireNamedAction(apiName: string, name: string, actor: Actor): Promise<void> {
    const resource = this.registry.get(apiName);
    if (!resource) throw notFound(`Api ${apiName}/${name} not found`);
    await this.access.requireNamed(actor.user, resource.apiName, name, resource.title);
  }

  /** The fields of a row the policy may read; the others are removed, not blanked. */
  readable(resource: Resource, policy: AccessPolicy): (field: string) => boolean {
    return (field) => !resource.byField.has(field) || policy.canRead(resource.apiName, field);
  }

  /**
   * The option lists of a resource's columns, as the caller may see them (see `optionsFor`). With
   * `among`, a list that grows (a relation's other side, categories, users...) reads those values
   * only (`OptionSource.find`): a value past the first page of Options is still one of its options.
   */
  loadOptions(resource: Resource, actor: Actor, db: Database = this.db): OptionsLoader {
    const loaded = new Map<string, Promise<OptionItem[]>>();
    return (source, among) => {
      const declared = resource.declaration.options?.[source];
      if (among && declared?.find) return this.optionsFor(declared, actor, among, db);
      let list = loaded.get(source);
      if (!list) {
        list = declared ? this.optionsFor(declared, actor, undefined, db) : Promise.resolve([]);
        loaded.set(source, list);
      }
      return list;
    };
  }

  /**
   * Options that are rows of a resource's table are that resource's List for the caller: its row
   * rule narrows them and without a grant there are none (the names of records one may not list are
   * not handed out as options either).
   */
  private async optionsFor(
    source: OptionSource,
    actor: Actor,
    among?: unknown[],
    // Inside a transaction (an import's), its own: the embedded database runs one at a time, so a
    // query on another connection would wait for the transaction that waits for it.
    db: Database = this.db,
    // Checking given values against a long list (a relation's other side) reads those values only.
    read = (where?: SQL) => (among && source.find ? source.find(db, among, where) : source.load(db, where)),
  ): Promise<OptionItem[]> {
    const of = source.table && this.byTable.get(getTableName(source.table));
    if (!of) return read();
    let reach: Allowed;
    try {
      reach = await this.reachOf(of, 'List', actor);
    } catch (error) {
      if (error instanceof HttpError && error.status === 403) return [];
      throw error;
    }
    return read(reach.rowCondition);
  }

  /**
   * `{APIName}/Lookup`: one page of a field's options that match a search, as one types (a list that
   * grows: a relation's other side, categories, users, projects, products), never the whole list;
   * among the rows the caller may list of the other side, none without its grant. With `Values`, the
   * texts of those options (a control showing its current value).
   */
  async lookup(apiName: string, query: LookupQuery, actor: Actor): Promise<LookupPage> {
    const { resource } = await this.resource(apiName, 'Options', actor);
    const column = resource.byField.get(query.Field);
    const source = column?.source ? resource.declaration.options?.[column.source] : undefined;
    const search = source?.search;
    if (!source || !search)
      throw badRequest(`Field: ${query.Field.slice(0, 64)} is not looked up on the server in ${apiName}`);
    const rows = await this.optionsFor(source, actor, undefined, this.db, (where) =>
      search(this.db, query, where),
    );
    return {
      Data: optionsAsShown(source, rows.slice(0, query.PageSize), await this.sayFor(actor)),
      HasMore: rows.length > query.PageSize,
    };
  }

  /**
   * The options of a list that grows whose text matches `text` (its words, as the lookup finds them),
   * among what the caller may list of the other side, read on `db` (an import's transaction): where a
   * file names a related record by its text past the part of the list loaded whole.
   */
  async optionsMatching(
    resource: Resource,
    sourceKey: string,
    text: string,
    actor: Actor,
    db: Database,
  ): Promise<OptionItem[]> {
    const source = resource.declaration.options?.[sourceKey];
    const search = source?.search;
    if (!source || !search) return [];
    // Its words without the display's punctuation ("Maker 7 (M7)": each word is in a field).
    const words = text.split(/[^\p{L}\p{N}]+/u).join(' ');
    return this.optionsFor(source, actor, undefined, db, (where) =>
      search(db, { Field: sourceKey, Search: words, Page: 1, PageSize: OPTIONS_MATCHING_PAGE }, where),
    );
  }

  async options(apiName: string, actor: Actor, requestData?: unknown): Promise<Record<string, unknown>> {
    const { resource, policy } = await this.resource(apiName, 'Options', actor);
    const load = this.loadOptions(resource, actor);
    const say = await this.sayFor(actor);
    const lists = await Promise.all(
      Object.entries(resource.declaration.options ?? {}).map(async ([key, source]) => {
        return [`${key}List`, optionsAsShown(source, await load(key), say)] as const;
      }),
    );
    const screenConfig = resource.screenConfig(policy, resource.scopedFields(requestData));
    const related = this.relatedLists(resource.apiName, policy);
    if (related.length > 0) {
      const table = screenConfig.Table as Record<string, unknown>;
      table.expand = { ...((table.expand as Record<string, unknown> | undefined) ?? {}), related };
    }
    return {
      ScreenCode: resource.declaration.screen.code,
      Title: resource.title,
      Configs: { ScreenConfig: JSON.stringify(screenConfig) },
      ButtonList: [],
      ...Object.fromEntries(lists),
    };
  }

  /**
   * The lists of records pointing at a record of `apiName` (a collection's relation to it, e.g. a
   * category's customers) that the policy may list and whose relation it may read: its detail (the
   * row's expansion) shows each as a table of that resource narrowed by `RequestData: {field: Id}`,
   * where records are added pointing at it and edited.
   */
  relatedLists(apiName: string, policy: AccessPolicy): { apiName: string; field: string; title: string }[] {
    const lists: { apiName: string; field: string; title: string }[] = [];
    for (const other of this.registry.all()) {
      if (!policy.allows(other.apiName, 'list')) continue;
      for (const column of other.declaration.columns) {
        if (column.references !== apiName || !policy.canRead(other.apiName, column.field)) continue;
        lists.push({ apiName: other.apiName, field: column.field, title: other.title });
      }
    }
    return lists;
  }

  async list(apiName: string, query: ListQuery, actor: Actor): Promise<ListResult> {
    const { resource, policy, rowCondition } = await this.resource(apiName, 'List', actor);
    const canRead = this.readable(resource, policy);
    const where = and(
      await whereOf(resource, query, this.loadOptions(resource, actor), actor.user.id, canRead),
      rowCondition,
    );
    const ordering = orderOf(resource, query.Sorts, canRead);
    const offset = (query.Page - 1) * query.PageSize;
    if (!Number.isSafeInteger(offset)) throw badRequest('Page: is too large');
    const selection = selectionOf(where, ordering, scopeOf(rowCondition, actor));
    // The page's related texts are read while the total is still being counted: a first count of a
    // common word is the longest part of the call, and the page's own reads fit beside it.
    const [shown, total] = await Promise.all([
      this.pageRows(resource, selection, query.PageSize, offset).then((rows) =>
        this.shown(resource, rows, policy, actor),
      ),
      this.count(resource, selection),
    ]);
    return {
      Data: shown,
      Total: total,
      ExtraData: { Columns: resource.columnDefs(policy) },
    };
  }

  /**
   * One page of rows. Where a page before it in the same list was read, the page starts from that
   * page's known row (see PageBoundaries) rather than skipping `offset` rows from the start; the rows
   * it brings teach where the next pages start. Lists under an own-rows rule are one user's and
   * always count from the start.
   */
  private async pageRows(
    resource: Resource,
    selection: Selection,
    limit: number,
    offset: number,
  ): Promise<Row[]> {
    const table = getTableName(resource.table);
    const list = selection.scope === 'all' ? selection.listKey : null;
    const generation = this.boundaries.generation(table);
    const rows = await this.rows(await this.pageQuery(resource, selection, limit, offset));
    if (list !== null) {
      this.boundaries.remember(
        table,
        list,
        generation,
        offset,
        rows.map((row) => Number(row.Id)),
      );
    }
    return rows;
  }

  /**
   * The query of one page: from the nearest row a page before it in the same list started or ended
   * at (keyset, see PageBoundaries and keysetRanges), skipping only the rows between, else from the
   * start. Its plan is what the tests read.
   */
  async pageQuery(resource: Resource, selection: Selection, limit: number, offset: number): Promise<SQL> {
    const { where, ordering } = selection;
    const table = getTableName(resource.table);
    const list = selection.scope === 'all' ? selection.listKey : null;
    const start = list === null ? undefined : this.boundaries.nearest(table, list, offset);
    const ranges = start && (await this.keysetFrom(resource, ordering, start.id));
    return (
      ranges && start
        ? this.page(resource, where, ordering, limit, offset - start.offset, ranges)
        : this.page(resource, where, ordering, limit, offset)
    ).getSQL();
  }

  /**
   * One page of rows as a deferred join: the page's ids are found first (from the ordering's index,
   * without reading the rows it skips), then only those rows are read, so that a deep page costs
   * little more than the first. From a known row (`ranges`, see keysetRanges) each range gives its
   * first `offset + limit` ids in the ordering, and the page is read from those.
   */
  private page(
    resource: Resource,
    where: SQL | undefined,
    ordering: Ordering,
    limit: number,
    offset: number,
    ranges: SQL[] = [],
  ) {
    const order = ordering.sql;
    const table = resource.table;
    if (ranges.length > 1) {
      const keyColumns = ordering.keys.map(
        (key, index) => sql`${key.column} as ${sql.identifier(`k${index}`)}`,
      );
      const branches = ranges.map(
        (range) =>
          sql`(select ${table.id} as pw_id, ${sql.join(keyColumns, sql`, `)} from ${table} where ${and(where, range)} order by ${sql.join(order, sql`, `)} limit ${offset + limit})`,
      );
      const outerOrder = ordering.keys.map(
        (key, index) => sql`${sql.identifier(`k${index}`)} ${key.desc ? sql`desc` : sql`asc`}`,
      );
      const pageIds = sql`select pw_id from (${sql.join(branches, sql` union all `)}) as pw_ranges order by ${sql.join(outerOrder, sql`, `)} limit ${limit} offset ${offset}`;
      return this.db
        .select(resource.selection)
        .from(table)
        .where(sql`${table.id} in (${pageIds})`)
        .orderBy(...order);
    }
    const pageIds = this.db
      .select({ pageId: table.id })
      .from(table)
      .where(and(where, ranges[0]))
      .orderBy(...order)
      .limit(limit)
      .offset(offset)
      .as('page_ids');
    return this.db
      .select(resource.selection)
      .from(table)
      .innerJoin(pageIds, eq(table.id, pageIds.pageId))
      .orderBy(...order);
  }

  /**
   * The ranges of the rows ordered at or after the row `id` (a page's known first row; see
   * keysetRanges), or nothing when the row is gone. An ordering all one way on columns that cannot
   * be NULL is one row comparison, its values read where they are (by the primary key); any other
   * reads the row's values first, which say where its NULLs fall.
   */
  private async keysetFrom(resource: Resource, ordering: Ordering, id: number): Promise<SQL[] | undefined> {
    const { keys } = ordering;
    const table = resource.table;
    const descending = keys[0]?.desc === true;
    if (keys.every((key) => key.desc === descending && key.column.notNull)) {
      const bound = descending ? sql`<=` : sql`>=`;
      if (keys.length === 1) return [sql`${table.id} ${bound} ${id}`];
      const columns = sql.join(
        keys.map((key) => sql`${key.column}`),
        sql`, `,
      );
      return [sql`(${columns}) ${bound} (select ${columns} from ${table} where ${table.id} = ${id})`];
    }
    const [row] = await this.readRows(this.db, keyValuesQuery(keys, table, sql`${table.id} = ${id}`));
    if (!row) return undefined;
    return keysetRanges(
      keys,
      keys.map((_, index) => {
        const value = (row as Record<string, unknown>)[`k${index}`];
        return value === null || value === undefined ? null : String(value);
      }),
    );
  }

  /**
   * The rows under `where`, counted once per access scope until the next change of the resource's
   * table: under an own-rows rule the total is the user's own, never one cached for someone else.
   * All the rows of a table whose count the database keeps are read from it rather than counted.
   */
  private count(resource: Resource, selection: Selection): Promise<number> {
    const { where, whereKey, scope } = selection;
    const table = getTableName(resource.table);
    return this.counts.count(table, scope, whereKey, async () => {
      if (where === undefined && resource.declaration.keptCount) {
        return keptRowCount(this.db, this.readRows, table);
      }
      const [row] = await this.db
        .select({ total: sql<number>`cast(count(*) as integer)` })
        .from(resource.table)
        .where(where);
      return row?.total ?? 0;
    });
  }

  /**
   * Runs a row query and builds the row objects from the column aliases, the engine's fastest way
   * (`readRows`): drizzle's own mapping of a 1,000-row page of 25 columns cost as much again as the
   * query on PostgreSQL.
   */
  async rows(query: { getSQL(): SQL }, db: Database = this.db): Promise<Row[]> {
    return (await this.readRows(db, query.getSQL())) as Row[];
  }

  async readRow(
    resource: Resource,
    id: number,
    db: Database = this.db,
    rowCondition?: SQL,
  ): Promise<Row | undefined> {
    const query = db
      .select(resource.selection)
      .from(resource.table)
      .where(and(eq(resource.table.id, id), rowCondition))
      .limit(1);
    return (await this.rows(query, db))[0];
  }

  async detail(apiName: string, id: number, actor: Actor): Promise<Row> {
    const { resource, policy, rowCondition } = await this.resource(apiName, 'Detail', actor);
    const row = await this.readRow(resource, id, this.db, rowCondition);
    if (!row) throw new BusinessError(GONE_MESSAGE);
    return (await this.shown(resource, [row], policy, actor))[0] as Row;
  }

  /** Texts of the screens in a language (the web's `screens` namespace, as configured). */
  private screenTexts: (language: MessageLanguage) => Promise<Record<string, string>> = async () => ({});

  /** Where the screens' texts come from (the translation service, wired by the app). */
  readScreenTextsWith(read: (language: MessageLanguage) => Promise<Record<string, string>>): void {
    this.screenTexts = read;
  }

  /** Says a text of the screens in the caller's language (the screens' texts, then the server's). */
  private async sayFor(actor: Actor): Promise<(text: string) => string> {
    const language = actor.language ?? 'en';
    if (language === 'en') return (text) => text;
    const texts: Record<string, string> = await this.screenTexts(language).catch(() => ({}));
    return (text) => texts[text] ?? translateMessage(text, language);
  }

  /** Rows as List, Detail, AddNew and UpdateFields hand them out: present, related texts, in words. */
  private async shown(resource: Resource, rows: Row[], policy: AccessPolicy, actor: Actor): Promise<Row[]> {
    const present = this.present(resource, rows, policy);
    return this.inWords(resource, await this.withRelated(resource, present, policy, actor), actor);
  }

  /**
   * Each relation's related record as the row shows it: `{Field}_Text`, its display template, and
   * `{Field}_Link`, the address of the other side's screen narrowed to it (`?id=`). Read among the
   * records the caller may list of the other side (`OptionSource.find`, as a value is checked), one
   * query a relation a page: a record one may not list gets neither, and the cell shows the id.
   */
  private async withRelated(
    resource: Resource,
    rows: Row[],
    policy: AccessPolicy,
    actor: Actor,
  ): Promise<Row[]> {
    if (rows.length === 0) return rows;
    for (const column of resource.columns) {
      const source = column.source ? resource.declaration.options?.[column.source] : undefined;
      const target = column.references ? this.registry.get(column.references) : undefined;
      if (!source?.find || !target || !policy.canRead(resource.apiName, column.field)) continue;
      const ids = [...new Set(rows.map((row) => row[column.field]).filter((id) => id != null))];
      if (ids.length === 0) continue;
      const texts = new Map(
        (await this.optionsFor(source, actor, ids)).map((item) => [String(item.Value), item.Text]),
      );
      for (const row of rows) {
        const id = row[column.field];
        const text = id == null ? undefined : texts.get(String(id));
        if (text === undefined) continue;
        row[relatedTextField(column.field)] = text;
        row[relatedLinkField(column.field)] = `${target.declaration.screen.uiUrl}?id=${Number(id)}`;
      }
    }
    return rows;
  }

  /**
   * Rows as a resource puts them in words for people (`presentRows`: the audit log names actions,
   * resources and fields rather than codes), in the caller's language.
   */
  private async inWords(resource: Resource, rows: Row[], actor: Actor): Promise<Row[]> {
    const presentRows = resource.declaration.presentRows;
    if (!presentRows || rows.length === 0) return rows;
    const say = await this.sayFor(actor);
    return presentRows(rows, {
      say,
      titleOf: (apiName) => this.registry.get(apiName)?.declaration.title,
      headerOf: (apiName, field) =>
        this.registry.get(apiName)?.declaration.columns.find((column) => column.field === field)?.header,
    });
  }

  /**
   * Rows as they are handed out: links to stored files signed afresh (they are stored unsigned, so
   * that a link copied from an answer stops working after FILE_LINK_TTL_SECONDS while the record's
   * own reference lasts). Stored rows, the audit log included, never hold a signature.
   */
  present(resource: Resource, rows: Row[], policy: AccessPolicy): Row[] {
    const hidden = resource.columns.filter((column) => !policy.canRead(resource.apiName, column.field));
    if (hidden.length > 0) {
      for (const row of rows) for (const column of hidden) delete row[column.field];
    }
    const linked = resource.columns.filter(
      (column) => column.kind.fileLinks && policy.canRead(resource.apiName, column.field),
    );
    if (linked.length === 0) return rows;
    for (const row of rows) {
      for (const column of linked) {
        const value = row[column.field];
        if (typeof value === 'string' && value.includes('/files/'))
          row[column.field] = this.files.signLinks(value);
      }
    }
    return rows;
  }

  /** Validates values of declared columns; a bad one is a 400 naming the field and its rule. */
  private async validate(
    resource: Resource,
    entries: { column: Column; value: unknown }[],
    actor: Actor,
  ): Promise<{ column: Column; value: unknown }[]> {
    const { checked, problems } = await this.validateEach(resource, entries, actor);
    if (problems.length > 0)
      throw badRequest(
        problems
          .slice(0, 5)
          .map((problem) => `${problem.field}: ${problem.message}`)
          .join('; '),
      );
    return checked;
  }

  /**
   * The values that pass their column's rules, normalized, and each refusal by field (an import
   * reports every cell; `validate` answers them as one 400).
   */
  async validateEach(
    resource: Resource,
    entries: { column: Column; value: unknown }[],
    actor: Actor,
    load: OptionsLoader = this.loadOptions(resource, actor),
  ): Promise<{
    checked: { column: Column; value: unknown }[];
    problems: { field: string; message: string }[];
  }> {
    const problems: { field: string; message: string }[] = [];
    const checked: { column: Column; value: unknown }[] = [];
    for (const { column, value } of entries) {
      const result = column.validate(value);
      if (!result.ok) {
        problems.push({ field: column.field, message: result.message });
        continue;
      }
      let normalized = result.value;
      if (column.kind.fileLinks && typeof normalized === 'string') {
        try {
          normalized = this.files.unsignLinks(normalized);
        } catch (error) {
          if (!(error instanceof UnsignedFileLinkError)) throw error;
          problems.push({ field: column.field, message: error.message });
          continue;
        }
      }
      if (column.kind.usesOptions && column.source && normalized !== null) {
        const items = Array.isArray(normalized) ? normalized : [normalized];
        const options = await load(column.source, items);
        const found = items.map((item) => optionWithValue(options, item));
        const missing = found.indexOf(undefined);
        if (missing >= 0) {
          problems.push({
            field: column.field,
            message: `${String(items[missing]).slice(0, 50)} is not one of its options`,
          });
          continue;
        }
        normalized = Array.isArray(normalized)
          ? found.map((option) => String(option?.Value))
          : found[0]?.Value;
      }
      checked.push({ column, value: normalized });
    }
    return { checked, problems };
  }

  writeValue(column: Column, value: unknown): SQL {
    if (value === null || !column.stored) return sql`null`;
    return column.kind.write(value, column.stored);
  }

  /** Runs a write, turning the database's refusals of a value into answers a user can act on. */
  async write<T>(resource: Resource, work: (tx: Database) => Promise<T>): Promise<T> {
    try {
      return await this.db.transaction((tx) => work(tx as unknown as Database));
    } catch (error) {
      const code = databaseCode(error);
      if (code === '23505') {
        const constraint = String((error as { cause?: { constraint?: unknown } }).cause?.constraint ?? error);
        const column = resource.columns.find((c) => c.stored && constraint.includes(`_${c.stored.name}_`));
        throw new BusinessError(
          `${column?.header ?? 'A value'} is already used by another record; choose another one.`,
        );
      }
      if (code === '23503')
        throw new BusinessError('This record is used by other records and cannot be changed so.');
      if (code?.startsWith('22')) throw badRequest('A value is out of the range its field can hold.');
      throw error;
    }
  }

  async addNew(apiName: string, body: Record<string, unknown>, actor: Actor): Promise<Answer<Row>> {
    const { resource, policy, rowCondition } = await this.resource(apiName, 'AddNew', actor);
    const form = body.DataForm;
    let source: Record<string, unknown> = body;
    if (form !== undefined) {
      if (typeof form !== 'object' || form === null || Array.isArray(form))
        throw badRequest('DataForm: must be an object');
      // A form sends {DefaultValues, DataForm}: defaults of declared fields, overridden by the form.
      const defaults = body.DefaultValues && typeof body.DefaultValues === 'object' ? body.DefaultValues : {};
      source = {
        ...Object.fromEntries(
          Object.entries(defaults).filter(([key]) => resource.byField.get(key)?.creatable),
        ),
        ...(form as Record<string, unknown>),
      };
    }
    const unknown = Object.keys(source).filter(
      (key) =>
        !NON_FIELD_KEYS.has(key) &&
        !key.startsWith('UI_') &&
        !key.startsWith('_UI') &&
        !resource.byField.get(key)?.creatable,
    );
    if (unknown.length > 0) {
      const key = unknown[0] ?? '';
      throw badRequest(
        resource.byField.has(key)
          ? `${key}: cannot be set when adding`
          : `${key.slice(0, 128)}: is not a field of ${resource.apiName}`,
      );
    }
    // A field left out takes its declared default, else the database's; a required one must be given.
    const entries = resource.columns
      .filter((column) => column.creatable)
      .map((column) => ({ column, value: source[column.field] ?? column.default }))
      .filter(({ column, value }) => value !== undefined || column.rules?.required);
    for (const { column } of entries) {
      if (source[column.field] !== undefined && !policy.canAddField(resource.apiName, column.field)) {
        throw forbidden(missingField(resource, column, 'add'));
      }
    }
    const values = await this.validate(resource, entries, actor);
    // The screen's scope (a project's tab) decides the field it names, whatever the form said.
    const scoped = scopeValues(resource, body.RequestData).filter(({ column }) => column?.creatable);
    // A scope naming a record of another resource (a relation's id, `references`) must name one the caller may
    // list, as the same value given as a field must: an unknown id is a client's mistake, not a 500.
    await this.validate(
      resource,
      scoped.flatMap(({ column, value }) => (column?.source && column.references ? [{ column, value }] : [])),
      actor,
    );

    const row = await this.write(resource, async (tx) => {
      const set: Record<string, unknown> = { updatedBy: actor.user.id };
      // A table that records its rows' creator (collections: their `own` rows) gets the caller.
      if ('createdBy' in getTableColumns(resource.table)) set.createdBy = actor.user.id;
      for (const { column, value } of values) set[column.key as string] = this.writeValue(column, value);
      for (const { column, value } of scoped)
        if (column) set[column.key as string] = this.writeValue(column, value);
      const [created] = await tx
        .insert(resource.table)
        .values(set as never)
        .returning({ id: resource.table.id });
      const id = Number(created?.id);
      const row = await this.readRow(resource, id, tx);
      if (!row) throw new Error('the new row could not be read back');
      // Under an `own` row rule, what one adds must be one's own (a task of one's project).
      if (rowCondition && !(await this.readRow(resource, id, tx, rowCondition))) {
        throw forbidden(missingRows(resource, 'add to'));
      }
      await this.runHooks({ action: 'AddNew', id, before: null, after: row, actor }, resource, tx);
      await this.audit.record(
        {
          action: 'record_create',
          resource: resource.apiName,
          recordId: id,
          userId: actor.user.id,
          ip: actor.ip ?? null,
          details: {
            changes: values.map(({ column }) => ({ field: column.field, old: null, new: row[column.field] })),
          },
        },
        tx,
      );
      return row;
    });
    this.publish(resource, row.Id);
    await this.afterCommit(
      { action: 'AddNew', id: Number(row.Id), before: null, after: row, actor },
      resource,
    );
    return new Answer((await this.shown(resource, [row], policy, actor))[0] as Row, 'Added.');
  }

  async updateFields(
    apiName: string,
    input: { Id: number; Values: FieldValue[]; IM_ReturnTime?: string | undefined },
    actor: Actor,
    /** A named update function: the fields it may change. */
    only?: { name: string; fields: readonly string[] },
  ): Promise<Answer<Row>> {
    const { resource, policy, rowCondition } = await this.resource(apiName, 'UpdateFields', actor);
    const values = await this.updateValues({ resource, policy }, input.Values, actor, only);
    let clientTime: number | null = null;
    if (input.IM_ReturnTime !== undefined && input.IM_ReturnTime !== '') {
      const parsed = parseDateTime(input.IM_ReturnTime);
      if (parsed === null) throw badRequest('IM_ReturnTime: must be the ISO date and time the row carried');
      clientTime = Date.parse(parsed);
    }
    const table = resource.table;

    const row = await this.write(resource, async (tx) => {
      const selection = { ...resource.selection, _updatedBy: sql`${table.updatedBy}`.as('_updatedBy') };
      // A row outside the caller's rows answers as one that does not exist: ids cannot be probed.
      const [current] = await this.rows(
        tx
          .select(selection)
          .from(table)
          .where(and(eq(table.id, input.Id), rowCondition))
          .for('update'),
        tx,
      );
      if (!current) throw new BusinessError(GONE_MESSAGE);
      if (current.IsLocked === true) throw new BusinessError(LOCKED_MESSAGE);
      const changedAt = String(current.IM_ReturnTime);
      if (clientTime !== null && Date.parse(changedAt) > clientTime) {
        throw new BusinessError(
          `This record was changed by ${await this.nameOf(current._updatedBy as number | null, tx)} at ${readableTime(changedAt)}, after you loaded it. Reload it and try again.`,
        );
      }
      for (const { column } of values) {
        const blocked =
          column.canEditFields.some((field) => current[field] === false) ||
          column.lockFields.some((field) => current[field] === true);
        if (blocked) throw new BusinessError(`${column.header} cannot be changed on this record.`);
      }
      const set: Record<string, unknown> = {
        // Strictly later than the last change, so that a stale copy is always detected.
        updatedAt: sql`greatest(now(), ${table.updatedAt} + interval '1 millisecond')`,
        updatedBy: actor.user.id,
      };
      for (const { column, value } of values) set[column.key as string] = this.writeValue(column, value);
      await tx
        .update(table)
        .set(set as never)
        .where(eq(table.id, input.Id));
      const updated = await this.readRow(resource, input.Id, tx);
      if (!updated) throw new BusinessError(GONE_MESSAGE);
      await this.runHooks(
        { action: 'UpdateFields', id: input.Id, before: current, after: updated, actor },
        resource,
        tx,
      );
      await this.audit.record(
        {
          action: 'record_update',
          resource: resource.apiName,
          recordId: input.Id,
          userId: actor.user.id,
          ip: actor.ip ?? null,
          details: {
            changes: values.map(({ column }) => ({
              field: column.field,
              old: current[column.field] ?? null,
              new: updated[column.field] ?? null,
            })),
          },
        },
        tx,
      );
      return { current, updated };
    });
    this.publish(resource, input.Id);
    await this.afterCommit(
      { action: 'UpdateFields', id: input.Id, before: row.current, after: row.updated, actor },
      resource,
    );
    return new Answer((await this.shown(resource, [row.updated], policy, actor))[0] as Row, 'Saved.');
  }

  /**
   * The `Values` of an UpdateFields (or a BulkUpdate) checked: declared, editable fields the caller
   * may edit, each once, valid by its column's rules (else the 400 or 403 naming the field).
   */
  async updateValues(
    { resource, policy }: Pick<Allowed, 'resource' | 'policy'>,
    given: FieldValue[],
    actor: Actor,
    only?: { name: string; fields: readonly string[] },
  ): Promise<{ column: Column; value: unknown }[]> {
    const entries: { column: Column; value: unknown }[] = [];
    const seen = new Set<string>();
    for (const [index, { FieldName, NewValue }] of given.entries()) {
      const column = resource.byField.get(FieldName);
      if (!column)
        throw badRequest(`Values.${index}.FieldName: ${FieldName} is not a field of ${resource.apiName}`);
      if (only && !only.fields.includes(FieldName))
        throw badRequest(`${FieldName}: cannot be changed by ${resource.apiName}/${only.name}`);
      if (!column.editable) throw badRequest(`${FieldName}: cannot be changed`);
      if (!policy.canEdit(resource.apiName, FieldName))
        throw forbidden(missingField(resource, column, 'edit'));
      if (seen.has(FieldName)) throw badRequest(`Values.${index}.FieldName: ${FieldName} is given twice`);
      seen.add(FieldName);
      entries.push({ column, value: NewValue });
    }
    return this.validate(resource, entries, actor);
  }

  private async nameOf(userId: number | null, db: Database): Promise<string> {
    if (userId === null) return 'the system';
    const [user] = await db
      .select({ displayName: users.displayName, username: users.username })
      .from(users)
      .where(eq(users.id, userId));
    return user ? user.displayName || user.username : 'a removed user';
  }

  async delete(apiName: string, id: number, actor: Actor): Promise<boolean> {
    const { resource, rowCondition } = await this.resource(apiName, 'Delete', actor);
    const table = resource.table;
    const deleted = await this.write(resource, async (tx) => {
      // As in UpdateFields: outside the caller's rows is "does not exist".
      const [current] = await this.rows(
        tx
          .select(resource.selection)
          .from(table)
          .where(and(eq(table.id, id), rowCondition))
          .for('update'),
        tx,
      );
      if (!current) throw new BusinessError(GONE_MESSAGE);
      if (current.IsLocked === true) throw new BusinessError(LOCKED_MESSAGE);
      await tx.delete(table).where(eq(table.id, id));
      await this.runHooks({ action: 'Delete', id, before: current, after: null, actor }, resource, tx);
      await this.audit.record(
        {
          action: 'record_delete',
          resource: resource.apiName,
          recordId: id,
          userId: actor.user.id,
          ip: actor.ip ?? null,
          details: {
            changes: resource.columns
              .filter((column) => column.stored)
              .map((column) => ({ field: column.field, old: current[column.field] ?? null, new: null })),
          },
        },
        tx,
      );
      return current;
    });
    this.publish(resource, id);
    await this.afterCommit({ action: 'Delete', id, before: deleted, after: null, actor }, resource);
    return true;
  }

  /**
   * The List body's rows, without paging, as an .xlsx file behind a signed, expiring link; with
   * `Ids`, only those of them (a table's selection), in the List's order.
   */
  async export(
    apiName: string,
    query: ListQuery & { Ids?: number[] | undefined },
    actor: Actor,
  ): Promise<FullPathResult> {
    const { resource, policy, rowCondition } = await this.resource(apiName, 'Export', actor);
    const load = this.loadOptions(resource, actor);
    const canRead = this.readable(resource, policy);
    const chosen = query.Ids ? inArray(resource.table.id, query.Ids) : undefined;
    const where = and(await whereOf(resource, query, load, actor.user.id, canRead), chosen, rowCondition);
    const ordering = orderOf(resource, query.Sorts, canRead);
    const selection = selectionOf(where, ordering, scopeOf(rowCondition, actor));
    const total = await this.count(resource, selection);
    if (total > MAX_EXPORT_ROWS) {
      throw new BusinessError(
        `${total} rows match; an export holds at most ${MAX_EXPORT_ROWS}. Narrow the search or the filters.`,
      );
    }
    const columns = resource.columns.filter(
      (column) => column.stored && !column.hidden && policy.canRead(resource.apiName, column.field),
    );
    // A person reads the file: headers, and options that are words (every list but data, as the web
    // shows them), in the caller's language (UI_Language, x-ui-language, else the account's).
    const say = await this.sayFor(actor);
    // An option's cell holds its text. A short list is read once; a list that grows (a relation's
    // other side, categories, users...) for each batch's values only: one query a list a batch, never
    // one a row, and never the whole list (a relation's Options stops at its first records).
    const textsOf = (source: string, options: OptionItem[]) => {
      const data = resource.declaration.options?.[source]?.data === true;
      return new Map(options.map((o) => [String(o.Value), data ? o.Text : say(o.Text)]));
    };
    const bySource = new Map<string, Column[]>();
    for (const column of columns) {
      if (column.source) bySource.set(column.source, [...(bySource.get(column.source) ?? []), column]);
    }
    const growing = [...bySource].filter(([source]) => resource.declaration.options?.[source]?.find);
    const shortTexts: OptionTexts = new Map();
    for (const source of bySource.keys()) {
      if (!resource.declaration.options?.[source]?.find)
        shortTexts.set(source, textsOf(source, await load(source)));
    }
    const batchTexts = async (rows: Row[]): Promise<OptionTexts> => {
      const texts = new Map(shortTexts);
      for (const [source, sourceColumns] of growing) {
        const values = optionValuesOf(rows, sourceColumns);
        const found: OptionItem[] = [];
        for (let at = 0; at < values.length; at += FIND_AT_MOST) {
          found.push(...(await load(source, values.slice(at, at + FIND_AT_MOST))));
        }
        texts.set(source, textsOf(source, found));
      }
      return texts;
    };
    // The page that asked follows the export: rows written so far, to this user's live streams.
    const progress = (rows: number) =>
      this.events.publish({
        type: 'export-progress',
        data: { APIName: resource.apiName, Rows: rows, Total: total },
        userIds: [actor.user.id],
      });
    const batches = async function* (this: ResourceService) {
      progress(0);
      for (let offset = 0; offset < total; offset += EXPORT_BATCH) {
        const size = Math.min(EXPORT_BATCH, total - offset);
        // In words as the List shows them (the audit log's actions, resources and fields, not codes).
        const rows = await this.pageRows(resource, selection, size, offset);
        const texts = await batchTexts(rows);
        yield { rows: await this.inWords(resource, this.present(resource, rows, policy), actor), texts };
        progress(offset + size);
      }
    }.call(this);
    const stamp = new Date().toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
    const name = `${resource.title}-${stamp}.xlsx`;
    const path = await this.files.tempPath();
    try {
      const rows = await writeWorkbook(path, resource.title, columns, batches, say);
      const file = await this.files.store({
        name,
        path,
        contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        userId: actor.user.id,
        kind: 'export',
      });
      await this.audit.record({
        action: 'record_export',
        resource: resource.apiName,
        userId: actor.user.id,
        ip: actor.ip ?? null,
        details: { rows, fileId: file.id },
      });
      return { FullPath: this.files.signedPath(file, EXPORT_LINK_TTL_SECONDS), FullPathName: file.name };
    } finally {
      await rm(path, { force: true });
    }
  }

  publish(resource: Resource, id: unknown): void {
    this.events.publish({ type: 'data-changed', data: { APIName: resource.apiName, Id: Number(id) } });
  }
}

function missingField(resource: Resource, column: Column, what: 'edit' | 'add' | 'read'): string {
  const verb = { edit: 'change', add: 'set', read: 'read' }[what];
  return `Your role may not ${verb} ${column.header} of ${resource.title} (permission missing: ${resource.title} ${column.field} ${what}).`;
}

function missingRows(resource: Resource, verb: string): string {
  return `Your role may not ${verb} this record of ${resource.title} (permission missing: ${resource.title} all rows).`;
}

/**
 * What a List or Export reads: its condition, its ordering, whose rows (`scopeOf`), and the keys its
 * count and its page boundaries are kept under, made once per call.
 */
export type Selection = {
  where: SQL | undefined;
  ordering: Ordering;
  scope: string;
  whereKey: string;
  listKey: string;
};

export function selectionOf(where: SQL | undefined, ordering: Ordering, scope: string): Selection {
  const whereKey = sqlKey(where);
  const listKey = `${whereKey}\u0000${sqlKey(sql.join(ordering.sql, sql`, `))}`;
  return { where, ordering, scope, whereKey, listKey };
}

/** Whose rows a count is of: everyone's, or (under an own-rows rule) the one user's. */
function scopeOf(rowCondition: SQL | undefined, actor: Actor): string {
  return rowCondition === undefined ? 'all' : `own:${actor.user.id}`;
}
