import type {
  Collection,
  CollectionLoss,
  ConfigDocument,
  ConfigMenuEntry,
  ConfigScreen,
} from '@panelwright/contract';
import { asc, getTableName, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { collections as collectionsTable } from '../../db/schema';
import { BusinessError } from '../../lib/errors';
import type { EventBus } from '../../lib/events';
import type { AccessService } from '../access/service';
import type { ResourceService } from '../resources/service';
import { lookupIndexSteps, planCollections, type TargetTable } from './ddl';
import { collectionDeclaration, isCollectionDeclaration, screenOf } from './runtime';
import { tableOf, withStorageNames } from './storage';

/** Where a collection's problem is in the document, and what it is. */
export type CollectionIssue = { path: (string | number)[]; message: string };

const listOf = (document: ConfigDocument): Collection[] => document.Collections ?? [];

/** Reads the rows of a count query: PGlite and node-postgres answer in different shapes. */
const countOf = (result: unknown): number => {
  const rows = (result as { rows?: { n?: unknown }[] }).rows ?? (result as { n?: unknown }[]);
  return Number(rows[0]?.n ?? 0);
};

/** The screen a collection comes with, as the configuration holds screens. */
function screenFor(collection: Collection): ConfigScreen {
  const screen = screenOf(collection);
  return {
    title: collection.Title.en,
    uiUrl: screen.uiUrl,
    uiType: 'table',
    apiName: collection.APIName,
    apiMethod: 'List',
    type: '',
    parent: null,
    orderNo: screen.orderNo,
    isPublic: false,
    isEnabled: true,
    config: {},
    requestData: {},
    screenConfig: {},
    uiTypeContents: null,
    columns: {},
    columnOrder: [],
  };
}

/** The menu tree without the entries of these codes. */
function withoutEntries(entries: readonly ConfigMenuEntry[], codes: ReadonlySet<string>): ConfigMenuEntry[] {
  return entries
    .filter((entry) => !codes.has(entry.code))
    .map((entry) => ({ ...entry, children: withoutEntries(entry.children, codes) }));
}

function hasEntry(entries: readonly ConfigMenuEntry[], code: string): boolean {
  return entries.some((entry) => entry.code === code || hasEntry(entry.children, code));
}

/** The tree with `entry` added under the group of `groupCode` (at the top when there is none). */
function withEntry(
  entries: ConfigMenuEntry[],
  entry: ConfigMenuEntry,
  groupCode: string | undefined,
): ConfigMenuEntry[] {
  if (groupCode && hasEntry(entries, groupCode)) {
    const place = (list: ConfigMenuEntry[]): ConfigMenuEntry[] =>
      list.map((item) =>
        item.code === groupCode
          ? { ...item, children: [...item.children, entry] }
          : { ...item, children: place(item.children) },
      );
    return place(entries);
  }
  return [...entries, entry];
}

/**
 * Collections made in the studio (docs/collections.md): their place in a publish (storage names,
 * the screen and menu entry each comes with, the DDL in the publish's transaction, the confirmation
 * of what would be lost) and their resources, registered beside the declared ones so that the
 * generic protocol serves them with the same rules.
 */
export class CollectionService {
  /** The definitions registered now, by APIName, with their JSON (to rebuild only what changed). */
  private readonly registered = new Map<string, { collection: Collection; text: string }>();

  constructor(
    private readonly db: Database,
    private readonly resources: ResourceService,
    private readonly access: AccessService,
    events: EventBus,
  ) {
    // Another instance published: its collections are read from the tables again.
    events.subscribe((event) => {
      if (event.type === 'config-changed') void this.load().catch(() => undefined);
    });
  }

  /** The collections the tables hold now, registered (at start, and when another instance publishes). */
  async load(): Promise<void> {
    const rows = await this.db.select().from(collectionsTable).orderBy(asc(collectionsTable.orderNo));
    this.sync(rows.map((row) => row.definition as Collection));
  }

  /**
   * Makes the lookup and search indexes the live collections lack (those published before the
   * trigram indexes existed); idempotent, run at every start. Answers the fields whose index could
   * not be made (another instance making it at the same moment, a table gone): the next start
   * tries again.
   */
  async ensureIndexes(): Promise<string[]> {
    const failed: string[] = [];
    const live = [...this.registered.values()].map((entry) => entry.collection);
    for (const step of lookupIndexSteps(live)) {
      try {
        await this.db.execute(sql.raw(step.sql));
      } catch {
        failed.push(step.about);
      }
    }
    return failed;
  }

  /** Makes the registered collection resources these (added, rebuilt where changed, removed). */
  sync(list: readonly Collection[]): void {
    const registry = this.resources.registry;
    const wanted = new Map(list.map((collection) => [collection.APIName, collection]));
    for (const apiName of [...this.registered.keys()]) {
      if (!wanted.has(apiName)) {
        registry.remove(apiName);
        this.registered.delete(apiName);
      }
    }
    for (const collection of list) {
      const text = JSON.stringify(collection);
      if (this.registered.get(collection.APIName)?.text === text) continue;
      registry.put(collectionDeclaration(collection, registry));
      this.registered.set(collection.APIName, { collection, text });
    }
    this.access.setOwnScreens(list.map((c) => ({ screenCode: tableOf(c), apiName: c.APIName })));
    this.resources.resourcesChanged();
  }

  /** The collection of this APIName that is served now; undefined for a declared resource or none. */
  served(apiName: string): Collection | undefined {
    return this.registered.get(apiName)?.collection;
  }

  /** The table of the resource a relation names: a collection of `list` or a declared resource. */
  private targetTable(list: readonly Collection[]): TargetTable {
    return (apiName) => {
      const collection = list.find((c) => c.APIName === apiName);
      if (collection) return tableOf(collection);
      const declared = this.resources.registry.get(apiName);
      if (!declared || isCollectionDeclaration(declared.declaration) || declared.declaration.readOnly)
        return null;
      return getTableName(declared.table);
    };
  }

  /**
   * What only the server knows of a document's collections: an APIName no declared resource has, a
   * relation's other side that exists, an inverse list's relation, a display template's fields.
   */
  issues(document: ConfigDocument): CollectionIssue[] {
    const list = listOf(document);
    const issues: CollectionIssue[] = [];
    const fieldsOf = (apiName: string): string[] | null => {
      const collection = list.find((c) => c.APIName === apiName);
      if (collection) return collection.Fields.map((f) => f.Name);
      const declared = this.resources.registry.get(apiName);
      if (!declared || isCollectionDeclaration(declared.declaration)) return null;
      return declared.columns.filter((c) => c.stored).map((c) => c.field);
    };
    for (const [index, collection] of list.entries()) {
      const declared = this.resources.registry.get(collection.APIName);
      if (declared && !isCollectionDeclaration(declared.declaration))
        issues.push({
          path: ['Collections', index, 'APIName'],
          message: 'is the name of a resource of the product',
        });
      for (const [at, field] of collection.Fields.entries()) {
        const path = ['Collections', index, 'Fields', at];
        if (field.Type !== 'relation' && field.Type !== 'inverse') continue;
        const target = field.Target as string;
        const targetFields = fieldsOf(target);
        if (!targetFields || !this.targetTable(list)(target)) {
          issues.push({ path: [...path, 'Target'], message: `${target} is not a collection or resource` });
          continue;
        }
        if (field.Type === 'inverse') {
          const via = list.find((c) => c.APIName === target)?.Fields.find((f) => f.Name === field.Via);
          if (via?.Type !== 'relation' || via.Target !== collection.APIName)
            issues.push({
              path: [...path, 'Via'],
              message: `must be a relation of ${target} to ${collection.APIName}`,
            });
        }
        for (const name of (field.Display ?? '').match(/\{([A-Za-z0-9]+)\}/g) ?? []) {
          if (!targetFields.includes(name.slice(1, -1)))
            issues.push({ path: [...path, 'Display'], message: `${name} is not a field of ${target}` });
        }
      }
    }
    return issues;
  }

  /**
   * The document as it will be published: storage names filled, and each new collection with its
   * table screen and menu entry; a removed collection's screen and entry go with it.
   */
  complete(live: ConfigDocument, next: ConfigDocument): ConfigDocument {
    const before = listOf(live);
    const list = withStorageNames(before, listOf(next));
    if (list.length === 0 && before.length === 0) return next;
    const screens = { ...next.screens };
    let side = next.menus.side;
    const kept = new Set(list.map((c) => tableOf(c)));
    const removed = new Set(before.map((c) => tableOf(c)).filter((code) => !kept.has(code)));
    for (const code of removed) delete screens[code];
    side = withoutEntries(side, removed);
    const wasThere = new Set(before.map((c) => tableOf(c)));
    for (const collection of list) {
      const code = tableOf(collection);
      const screen = screens[code];
      if (!screen) screens[code] = screenFor(collection);
      else if (screen.apiName !== collection.APIName)
        screens[code] = { ...screen, apiName: collection.APIName };
      if (!wasThere.has(code) && !hasEntry(side, code)) {
        const entry: ConfigMenuEntry = {
          code,
          name: collection.Title.en,
          url: screenOf(collection).uiUrl,
          icon: collection.Icon || 'bi-table',
          newWindow: false,
          isEnabled: true,
          children: [],
        };
        side = withEntry(side, entry, collection.MenuGroup);
      }
    }
    const document: ConfigDocument = {
      ...next,
      screens,
      menus: { ...next.menus, side },
      translations: this.vietnameseTitles(before, list, next.translations),
    };
    if (list.length > 0) document.Collections = list;
    else delete document.Collections;
    return document;
  }

  /**
   * The Vietnamese title of a collection new or retitled, as the texts of its menu entry and screen
   * (`common` and `screens`, keyed by the English title as every text is); Texts may change it later.
   */
  private vietnameseTitles(
    before: readonly Collection[],
    list: readonly Collection[],
    translations: ConfigDocument['translations'],
  ): ConfigDocument['translations'] {
    const vn = { ...(translations.vn ?? {}) };
    let changed = false;
    for (const collection of list) {
      const { en, vn: title } = collection.Title;
      const old = before.find((c) => c.Table === collection.Table)?.Title;
      if (!title || (old?.en === en && old?.vn === title)) continue;
      for (const namespace of ['common', 'screens'])
        vn[namespace] = { ...(vn[namespace] ?? {}), [en]: title };
      changed = true;
    }
    return changed ? { ...translations, vn } : translations;
  }

  /** The changes from `live` to `next` that lose stored values, each with how many. */
  async losses(
    live: ConfigDocument,
    next: ConfigDocument,
    db: Database = this.db,
  ): Promise<CollectionLoss[]> {
    const before = listOf(live);
    const after = withStorageNames(before, listOf(next));
    const plan = planCollections(before, after, this.targetTable(after));
    const losses: CollectionLoss[] = [];
    for (const step of plan.losses) {
      const values = countOf(await db.execute(sql.raw(step.count)));
      losses.push({ ...step.loss, Values: values });
    }
    return losses;
  }

  /**
   * Makes the database hold `next`'s collections, in the publish's transaction: a change that would
   * lose values is refused unless its name is among those typed to confirm it.
   */
  async write(
    tx: Database,
    live: ConfigDocument,
    next: ConfigDocument,
    confirm: readonly string[],
  ): Promise<void> {
    const before = listOf(live);
    const after = listOf(next);
    if (JSON.stringify(before) === JSON.stringify(after)) return;
    const plan = planCollections(before, after, this.targetTable(after));
    const unconfirmed: CollectionLoss[] = [];
    for (const step of plan.losses) {
      const values = countOf(await tx.execute(sql.raw(step.count)));
      if (values > 0 && !confirm.includes(step.loss.Name)) unconfirmed.push({ ...step.loss, Values: values });
    }
    if (unconfirmed.length > 0) {
      const named = unconfirmed.map(
        (loss) => `${loss.Name} (${loss.Values} ${loss.Values === 1 ? 'value' : 'values'})`,
      );
      throw new BusinessError(
        `This change would delete stored values: ${named.join(', ')}. Type the name of each to confirm it.`,
      );
    }
    for (const step of plan.steps) {
      try {
        await tx.execute(sql.raw(step.sql));
      } catch (error) {
        const code =
          (error as { code?: string; cause?: { code?: string } }).code ??
          (error as { cause?: { code?: string } }).cause?.code;
        if (code === '23505')
          throw new BusinessError(`${step.about}: its values are not unique, so it cannot be made unique.`);
        throw error;
      }
    }
    await tx.delete(collectionsTable);
    if (after.length > 0)
      await tx.insert(collectionsTable).values(
        after.map((collection, orderNo) => ({
          apiName: collection.APIName,
          orderNo,
          definition: collection,
        })),
      );
  }
}
