import {
  APP_DEFAULTS,
  type Collection,
  type ConfigChange,
  type ConfigDocument,
  type ConfigDraftItem,
  type ConfigVersionSummary,
  configItemSchema,
  type ResourceColumnInfo,
  safeParseForPeople,
} from '@panelwright/contract';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { configDrafts, configVersions, users } from '../../db/schema';
import type { AuditService } from '../../lib/audit';
import type { CacheRegistry } from '../../lib/cache';
import { BusinessError, badRequest, forbidden, notFound } from '../../lib/errors';
import type { EventBus } from '../../lib/events';
import type { AccessService } from '../access/service';
import { configChanges } from './diff';
import { canonical, canonicalDocument, readLiveConfiguration, writeConfiguration } from './document';
import type { ConfigurationStore } from './store';
import { type ConfigIssue, type ConfigValidator, describe } from './validate';
import type { ConfigView } from './view';

/**
 * Who changes the configuration: their id for the audit log, their name for the history, and whether
 * they administer (only administrators change roles, grants and the security settings: a studio user
 * could otherwise grant themselves more).
 */
export type ConfigActor = { id: number; name: string; isAdministrator: boolean };

/** Parts of the configuration only administrators change. */
const ADMINISTRATORS_ONLY = (path: readonly string[]) =>
  path[0] === 'roles' || (path[0] === 'settings' && path[1] === 'security');

const ADMINISTRATORS_ONLY_MESSAGE =
  'Only an administrator may change roles, grants or security settings (permission missing: Administration).';

/** The caches that hold what the configuration is made of, cleared together by every publish. */
export const CONFIGURATION_CACHES = ['Configuration', 'Screens', 'Menus', 'Access', 'Settings'] as const;

/**
 * What collections (modules/collections) add to a change of the configuration: the document's
 * completion (storage names, each new collection's screen and menu entry), the tables' DDL in the
 * change's transaction, and the registration of their resources once it is committed.
 */
export type CollectionHooks = {
  complete(live: ConfigDocument, next: ConfigDocument): ConfigDocument;
  write(tx: Database, live: ConfigDocument, next: ConfigDocument, confirm: readonly string[]): Promise<void>;
  committed(next: ConfigDocument): void;
};

/** One lock number for every change of the configuration: versions are made one at a time. */
const CONFIG_LOCK = 7_311_021;

type VersionRow = typeof configVersions.$inferSelect;
type DraftRow = typeof configDrafts.$inferSelect;
type Kind = ConfigVersionSummary['Kind'];

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function summary(row: VersionRow): ConfigVersionSummary {
  return {
    Id: row.id,
    CreatedAt: row.createdAt.toISOString(),
    CreatedBy: row.createdByName,
    Kind: row.kind as Kind,
    Message: row.message,
    ChangeCount: Array.isArray(row.changes) ? row.changes.length : 0,
    RestoredFrom: row.restoredFrom,
    Build: row.build,
  };
}

/** "14:05 UTC on 2026-11-26" for a refusal that names when someone else changed an item. */
const when = (date: Date) => `${date.toISOString().slice(11, 16)} UTC on ${date.toISOString().slice(0, 10)}`;

/** The value at `path` of a document (undefined when absent). */
function valueAt(document: ConfigDocument, path: readonly string[]): unknown {
  let current: unknown = document;
  for (const key of path) {
    // Collections are a list in the file; a draft names one by its APIName.
    if (Array.isArray(current)) {
      current = current.find((item) => isPlainObject(item) && item.APIName === key);
      continue;
    }
    if (!isPlainObject(current)) return undefined;
    current = current[key];
  }
  return current;
}

/** The document with `value` at `path` (undefined removes it); the document itself is not changed. */
function withValue(document: ConfigDocument, path: readonly string[], value: unknown): ConfigDocument {
  if (path[0] === 'Collections' && path.length === 2) {
    const list = (document.Collections ?? []).filter((collection) => collection.APIName !== path[1]);
    const kept = document.Collections ?? [];
    const at = kept.findIndex((collection) => collection.APIName === path[1]);
    if (value !== undefined) list.splice(at < 0 ? list.length : at, 0, value as Collection);
    const copy = { ...document, Collections: list };
    if (list.length === 0) delete (copy as { Collections?: unknown }).Collections;
    return copy;
  }
  const copy = structuredClone(document) as unknown as Record<string, unknown>;
  let current = copy;
  for (const key of path.slice(0, -1)) {
    const next = current[key];
    if (!isPlainObject(next)) current[key] = {};
    current = current[key] as Record<string, unknown>;
  }
  const last = path[path.length - 1] as string;
  if (value === undefined) delete current[last];
  else current[last] = value;
  return copy as unknown as ConfigDocument;
}

/** Whether a change of a version touches a draft item (its path starts with the item's). */
const touches = (change: ConfigChange, item: readonly string[]) =>
  item.every((key, index) => change.path[index] === key);

/**
 * The configuration as versioned data (docs/configuration.md): the live configuration and its
 * version, the shared draft, publishing, the history with its diffs, restoring, and whole documents
 * applied from a file. Every change is one transaction that writes the tables and the version
 * together, then announces itself (caches here and, through Redis, on every instance; clients
 * through the live stream).
 */
export class ConfigurationService {
  constructor(
    private readonly db: Database,
    private readonly store: ConfigurationStore,
    private readonly caches: CacheRegistry,
    private readonly audit: AuditService,
    private readonly events: EventBus,
    private readonly validator: ConfigValidator,
    private readonly access: AccessService,
  ) {
    // Another instance published: what this one serves is read again before its browsers hear of it.
    events.subscribe((event) => {
      if (event.type === 'config-changed') for (const name of CONFIGURATION_CACHES) caches.clear(name);
    });
  }

  private collections: CollectionHooks | null = null;

  /** Where collections take part in changes (set once, when the app is built). */
  useCollections(hooks: CollectionHooks): void {
    this.collections = hooks;
  }

  /** The declared columns of a resource and what a screen's configuration may change of them. */
  resourceColumns(apiName: string): ResourceColumnInfo[] {
    const columns = this.validator.resourceColumns(apiName);
    if (!columns) throw notFound(`${apiName} is not a resource`);
    return columns;
  }

  /** The live document and version, read in a transaction (not the kept view: it may be older). */
  private async readLive(db: Database = this.db): Promise<{ document: ConfigDocument; version: number }> {
    // One after the other: `db` may be a transaction, whose one connection takes one query at a time.
    const live = await readLiveConfiguration(db);
    const [latest] = await db
      .select({ id: configVersions.id })
      .from(configVersions)
      .orderBy(desc(configVersions.id))
      .limit(1);
    return { document: live.document, version: latest?.id ?? 0 };
  }

  /** The configuration every call serves now (kept until a change or a cache refresh). */
  current(): Promise<ConfigView> {
    return this.store.current();
  }

  /** The live version's number (0 before the first start recorded one). */
  async version(): Promise<number> {
    return (await this.current()).version;
  }

  // ------------------------------------------------------------------ the draft

  private async draftRows(db: Database = this.db): Promise<DraftRow[]> {
    return db.select().from(configDrafts).orderBy(configDrafts.item);
  }

  private static itemOf(row: DraftRow): string[] {
    return JSON.parse(row.item) as string[];
  }

  private static draftItem(row: DraftRow): ConfigDraftItem {
    return {
      Item: ConfigurationService.itemOf(row),
      Removed: row.value === null,
      Revision: row.revision,
      BasedOn: row.basedOn,
      UpdatedBy: row.updatedByName,
      UpdatedAt: row.updatedAt.toISOString(),
    };
  }

  /** The live document with the draft's items over it. */
  private static drafted(document: ConfigDocument, rows: readonly DraftRow[]): ConfigDocument {
    let drafted = document;
    for (const row of rows) {
      drafted = withValue(
        drafted,
        ConfigurationService.itemOf(row),
        row.value === null ? undefined : row.value,
      );
    }
    return canonicalDocument(drafted);
  }

  /** What studio users see: the draft document, its items, and what it changes against the live version. */
  async draft(): Promise<{
    Version: number;
    Document: ConfigDocument;
    Items: ConfigDraftItem[];
    Changes: ConfigChange[];
  }> {
    const [live, rows] = await Promise.all([this.current(), this.draftRows()]);
    const document = ConfigurationService.drafted(live.document, rows);
    return {
      Version: live.version,
      Document: document,
      Items: rows.map(ConfigurationService.draftItem),
      Changes: configChanges(live.document, document),
    };
  }

  /** The draft as a configuration to serve (the preview), made once per state of the draft. */
  async draftView(): Promise<ConfigView> {
    const [live, rows] = [await this.store.live(), await this.draftRows()];
    const key = `${live.version}:${rows.map((row) => `${row.item}@${row.revision}`).join('|')}`;
    if (this.previewed?.key !== key || this.previewed.live !== live) {
      this.previewed = {
        key,
        live,
        view: live.withDocument(ConfigurationService.drafted(live.document, rows)),
      };
    }
    return this.previewed.view;
  }

  private previewed: { key: string; live: ConfigView; view: ConfigView } | null = null;

  /** Every problem of a whole document (none when it may be applied). */
  check(input: unknown): ConfigIssue[] {
    return this.validator.check(input).issues;
  }

  /** The problems of one item's value, by path within the document (none when it is well formed). */
  checkItem(item: readonly string[], value: unknown): ConfigIssue[] {
    const schema = configItemSchema(item);
    if (!schema) return [{ Path: item.join('.'), Message: 'is not an item of the configuration' }];
    if (value === null) return [];
    const parsed = safeParseForPeople(schema, value);
    if (parsed.success) return [];
    return parsed.error.issues.map((issue) => ({
      Path: [...item, ...issue.path.map(String)].join('.'),
      Message: issue.message,
    }));
  }

  /**
   * Saves one item of the draft. The edit names the live version and the draft revision it was made
   * on: if someone else saved the item since, or published a change to it, the save is refused with
   * their name, and nothing is written.
   */
  async saveDraft(
    input: { Item: string[]; Value: unknown; Version: number; Revision: number },
    actor: ConfigActor,
  ): Promise<ConfigDraftItem | { Item: string[]; Removed: false; Revision: 0 }> {
    const item = input.Item;
    if (ADMINISTRATORS_ONLY(item) && !actor.isAdministrator) throw forbidden(ADMINISTRATORS_ONLY_MESSAGE);
    const value = input.Value === undefined ? null : input.Value;
    const issues = this.checkItem(item, value);
    if (issues.length > 0) throw badRequest(describe(issues));
    const key = JSON.stringify(item);
    const result = await this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${CONFIG_LOCK})`);
      const live = await this.readLive(tx);
      const [existing] = await tx.select().from(configDrafts).where(eq(configDrafts.item, key));
      if (existing) {
        if (input.Revision !== existing.revision) {
          throw new BusinessError(
            `${existing.updatedByName || 'Someone'} changed this item at ${when(existing.updatedAt)}; reload it to see their change before saving yours.`,
          );
        }
      } else {
        if (input.Revision !== 0) {
          throw new BusinessError(
            'This item’s draft was published or discarded since you opened it; reload it first.',
          );
        }
        if (input.Version < live.version) await this.refuseIfPublishedSince(tx, item, input.Version);
      }
      const liveValue = valueAt(live.document, item);
      const normalized = value === null ? null : canonical(value);
      // Back to what is live: the item leaves the draft.
      if (JSON.stringify(normalized ?? undefined) === JSON.stringify(liveValue)) {
        await tx.delete(configDrafts).where(eq(configDrafts.item, key));
        await this.audit.record(
          {
            action: 'config_draft_discard',
            userId: actor.id,
            resource: 'configuration',
            recordId: item.join('/'),
          },
          tx as unknown as Database,
        );
        return { Item: item, Removed: false as const, Revision: 0 as const };
      }
      if (value === null && liveValue === undefined) {
        throw new BusinessError('There is no such item to remove.');
      }
      const values = {
        value: normalized,
        updatedBy: actor.id,
        updatedByName: actor.name,
        updatedAt: new Date(),
      };
      const [row] = existing
        ? await tx
            .update(configDrafts)
            .set({ ...values, revision: existing.revision + 1 })
            .where(eq(configDrafts.item, key))
            .returning()
        : await tx
            .insert(configDrafts)
            .values({ item: key, basedOn: live.version, ...values })
            .returning();
      await this.audit.record(
        {
          action: 'config_draft_save',
          userId: actor.id,
          resource: 'configuration',
          recordId: item.join('/'),
          details: { removed: value === null },
        },
        tx as unknown as Database,
      );
      return ConfigurationService.draftItem(row as DraftRow);
    });
    return result;
  }

  /** Refuses an edit made on an older version when a version since then changed the same item. */
  private async refuseIfPublishedSince(tx: Database, item: readonly string[], seen: number): Promise<void> {
    const since = await tx
      .select()
      .from(configVersions)
      .where(sql`${configVersions.id} > ${seen}`)
      .orderBy(desc(configVersions.id));
    const changer = since.find((row) =>
      (row.changes as ConfigChange[]).some((change) => touches(change, item)),
    );
    if (changer) {
      throw new BusinessError(
        `${changer.createdByName || 'An upgrade'} published a change to this item at ${when(changer.createdAt)}; reload it to see their change before saving yours.`,
      );
    }
  }

  /** Drops items of the draft (all of them without a list). */
  async discard(items: string[][] | undefined, actor: ConfigActor): Promise<number> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${CONFIG_LOCK})`);
      const removed = await (items
        ? tx
            .delete(configDrafts)
            .where(
              inArray(
                configDrafts.item,
                items.map((item) => JSON.stringify(item)),
              ),
            )
            .returning({ item: configDrafts.item })
        : tx.delete(configDrafts).returning({ item: configDrafts.item }));
      await this.audit.record(
        {
          action: 'config_draft_discard',
          userId: actor.id,
          resource: 'configuration',
          details: { items: removed.length },
        },
        tx as unknown as Database,
      );
      return removed.length;
    });
  }

  // ------------------------------------------------------------------ versions

  /**
   * Makes `target` (a function of the live document) the live configuration and records it as a
   * version: the tables, the version, the audit row and the draft's end, in one transaction, under
   * the configuration's lock. Then every instance and client is told.
   */
  private async commit(
    kind: Kind,
    message: string,
    actor: ConfigActor | null,
    target: (
      live: ConfigDocument,
      tx: Database,
    ) => Promise<{ document: ConfigDocument; within?: (path: readonly string[]) => boolean }>,
    options: {
      restoredFrom?: number;
      endDraft?: boolean;
      allowUnchanged?: boolean;
      /** Names of collections and fields whose loss of values the caller confirmed. */
      confirm?: readonly string[];
    } = {},
  ): Promise<ConfigVersionSummary> {
    const committed = await this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${CONFIG_LOCK})`);
      const live = (await readLiveConfiguration(tx)).document;
      const { document, within } = await target(live, tx);
      let next = canonicalDocument(this.validator.require(document, within));
      if (this.collections)
        next = canonicalDocument(this.validator.require(this.collections.complete(live, next), within));
      const changes = configChanges(live, next);
      if (actor && !actor.isAdministrator && changes.some((change) => ADMINISTRATORS_ONLY(change.path))) {
        throw forbidden(ADMINISTRATORS_ONLY_MESSAGE);
      }
      if (changes.length === 0 && !options.allowUnchanged) {
        throw new BusinessError('Nothing to publish: this configuration is the live one already.');
      }
      await writeConfiguration(tx, live, next);
      await this.collections?.write(tx, live, next, options.confirm ?? []);
      if (changes.some((change) => change.path[0] === 'roles')) await this.access.ensureAnAdministrator(tx);
      const [saved] = await tx
        .insert(configVersions)
        .values({
          createdBy: actor?.id ?? null,
          createdByName: actor?.name ?? '',
          kind,
          message,
          snapshot: next,
          changes,
          restoredFrom: options.restoredFrom ?? null,
          build: String(APP_DEFAULTS.buildVersion),
        })
        .returning();
      if (options.endDraft) await tx.delete(configDrafts);
      await this.audit.record(
        {
          action: `config_${kind}`,
          userId: actor?.id ?? null,
          resource: 'configuration',
          recordId: saved?.id ?? null,
          details: { message, changes: changes.length },
        },
        tx as unknown as Database,
      );
      return { saved: saved as VersionRow, next };
    });
    this.collections?.committed(committed.next);
    this.announce(committed.saved.id);
    return summary(committed.saved);
  }

  /** Tells this instance's caches, the other instances and every signed-in browser. */
  private announce(version: number): void {
    this.caches.invalidate(...CONFIGURATION_CACHES);
    this.events.publish({ type: 'config-changed', data: { Version: version } });
  }

  /** Publishes the draft as a new version with a message; the draft is then empty. */
  async publish(
    message: string,
    actor: ConfigActor,
    confirm: readonly string[] = [],
  ): Promise<ConfigVersionSummary> {
    return this.commit(
      'publish',
      message,
      actor,
      async (live, tx) => {
        const rows = await this.draftRows(tx);
        if (rows.length === 0) throw new BusinessError('Nothing to publish: the draft is empty.');
        const items = rows.map(ConfigurationService.itemOf);
        // The drafted items answer for their shape, and the rules between items (an administrator
        // role, unique addresses) for the whole; an older item a later rule refuses is not the
        // publisher's to fix.
        const within = (path: readonly string[]) =>
          path.length < 2 || items.some((item) => item.every((key, index) => path[index] === key));
        return { document: ConfigurationService.drafted(live, rows), within };
      },
      { endDraft: true, confirm },
    );
  }

  /** A document as it would be published (checked; the 400 naming its issues otherwise). */
  parse(input: unknown): ConfigDocument {
    return canonicalDocument(this.validator.require(input));
  }

  /** What applying a document would change, item by item; refuses a document that fails the schema. */
  async plan(input: unknown): Promise<{ Version: number; Changes: ConfigChange[] }> {
    const live = await this.readLive();
    let document = canonicalDocument(this.validator.require(input));
    if (this.collections) document = canonicalDocument(this.collections.complete(live.document, document));
    return { Version: live.version, Changes: configChanges(live.document, document) };
  }

  /** Makes a whole document (a configuration file) the live configuration, as one version. */
  async apply(
    input: unknown,
    message: string,
    actor: ConfigActor,
    confirm: readonly string[] = [],
  ): Promise<ConfigVersionSummary> {
    const document = this.validator.require(input);
    return this.commit('apply', message, actor, async () => ({ document }), { confirm });
  }

  /** Publishes an older version's configuration again, as a new version. */
  async restore(id: number, message: string | undefined, actor: ConfigActor): Promise<ConfigVersionSummary> {
    const [old] = await this.db.select().from(configVersions).where(eq(configVersions.id, id));
    if (!old) throw notFound(`There is no version ${id}.`);
    return this.commit(
      'restore',
      message ?? `Restore version ${id}`,
      actor,
      async () => ({ document: old.snapshot as ConfigDocument }),
      { restoredFrom: id },
    );
  }

  /**
   * Records the live configuration as a version when it differs from the latest one: the first start
   * records what this build ships; a start after an upgrade, what the upgrade's seed brought.
   */
  async recordStart(build = String(APP_DEFAULTS.buildVersion)): Promise<ConfigVersionSummary | null> {
    const row = await this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${CONFIG_LOCK})`);
      const live = (await readLiveConfiguration(tx)).document;
      const [latest] = await tx.select().from(configVersions).orderBy(desc(configVersions.id)).limit(1);
      const changes = latest ? configChanges(latest.snapshot as ConfigDocument, live) : [];
      if (latest && changes.length === 0) return null;
      const kind: Kind = !latest ? 'shipped' : latest.build !== build ? 'upgrade' : 'change';
      const message = !latest
        ? `The configuration shipped with build ${build}`
        : kind === 'upgrade'
          ? `What the upgrade to build ${build} brought`
          : 'Changes made outside the studio, found at start';
      const [saved] = await tx
        .insert(configVersions)
        .values({ kind, message, snapshot: live, changes, build })
        .returning();
      return saved as VersionRow;
    });
    if (row) this.announce(row.id);
    return row ? summary(row) : null;
  }

  /**
   * Records a change made to the configuration's tables outside the studio (the Roles and
   * Permissions screens, the settings page, `ConfigMenu/SaveScreen`), inside the transaction that
   * made it, as a version by its author; `changed()` announces it once committed.
   */
  async recordChange(tx: Database, message: string, userId: number | null): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(${CONFIG_LOCK})`);
    const live = (await readLiveConfiguration(tx)).document;
    const [latest] = await tx.select().from(configVersions).orderBy(desc(configVersions.id)).limit(1);
    const changes = latest ? configChanges(latest.snapshot as ConfigDocument, live) : [];
    if (latest && changes.length === 0) return;
    const author = userId === null ? null : await this.actor(userId, tx);
    await tx.insert(configVersions).values({
      createdBy: author?.id ?? null,
      createdByName: author?.name ?? '',
      kind: 'change',
      message,
      snapshot: live,
      changes,
      build: String(APP_DEFAULTS.buildVersion),
    });
  }

  /** Announces a change `recordChange` recorded, once its transaction committed. */
  changed(): void {
    void this.db
      .select({ id: configVersions.id })
      .from(configVersions)
      .orderBy(desc(configVersions.id))
      .limit(1)
      .then(([latest]) => this.announce(latest?.id ?? 0))
      .catch(() => this.caches.invalidate(...CONFIGURATION_CACHES));
  }

  // ------------------------------------------------------------------ history

  async history(page: number, pageSize: number): Promise<{ Data: ConfigVersionSummary[]; Total: number }> {
    const [rows, [count]] = await Promise.all([
      this.db
        .select({
          id: configVersions.id,
          createdAt: configVersions.createdAt,
          createdBy: configVersions.createdBy,
          createdByName: configVersions.createdByName,
          kind: configVersions.kind,
          message: configVersions.message,
          changes: configVersions.changes,
          restoredFrom: configVersions.restoredFrom,
          build: configVersions.build,
        })
        .from(configVersions)
        .orderBy(desc(configVersions.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      this.db.select({ total: sql<number>`cast(count(*) as integer)` }).from(configVersions),
    ]);
    return { Data: rows.map((row) => summary({ ...row, snapshot: null })), Total: count?.total ?? 0 };
  }

  private async versionRow(id: number): Promise<VersionRow> {
    const [row] = await this.db.select().from(configVersions).where(eq(configVersions.id, id));
    if (!row) throw notFound(`There is no version ${id}.`);
    return row;
  }

  /** One version: its summary, what it changed and its whole document. */
  async versionDetail(
    id: number,
  ): Promise<{ Version: ConfigVersionSummary; Changes: ConfigChange[]; Document: ConfigDocument }> {
    const row = await this.versionRow(id);
    return {
      Version: summary(row),
      Changes: row.changes as ConfigChange[],
      Document: canonicalDocument(row.snapshot as ConfigDocument),
    };
  }

  /** What changes from version `from` to version `to` (either may be the older). */
  async compare(from: number, to: number): Promise<{ Changes: ConfigChange[] }> {
    const [a, b] = await Promise.all([this.versionRow(from), this.versionRow(to)]);
    return { Changes: configChanges(a.snapshot as ConfigDocument, b.snapshot as ConfigDocument) };
  }

  /** The display name of a user, for the history. */
  async actor(userId: number, db: Database = this.db): Promise<Omit<ConfigActor, 'isAdministrator'>> {
    const [row] = await db
      .select({ name: users.displayName, username: users.username })
      .from(users)
      .where(eq(users.id, userId));
    return { id: userId, name: row?.name || row?.username || `user ${userId}` };
  }

  /** A signed-in user as the author of configuration changes. */
  async actorOf(user: { id: number; roles: readonly string[] }): Promise<ConfigActor> {
    const [named, isAdministrator] = await Promise.all([
      this.actor(user.id),
      this.access.isAdministrator(user),
    ]);
    return { ...named, isAdministrator };
  }
}
