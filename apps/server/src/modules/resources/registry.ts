import type { CellType, ColumnDef, ColumnMore } from '@panelwright/contract';
import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AccessAction, AccessPolicy } from '../access/policy';
import { COLUMN_TYPES, type ColumnType, type FieldValidator, validatorFor } from './column-types';
import type {
  ColumnDeclaration,
  LookupRelation,
  RecordTable,
  ResourceAction,
  ResourceDeclaration,
  Role,
} from './define';
import { ONE_RECORD, oneRecordOf } from './query';

/** A column with everything the service needs resolved once, at start. */
export type Column = ColumnDeclaration & {
  type: ColumnDeclaration['type'];
  kind: ColumnType;
  editable: boolean;
  creatable: boolean;
  sortable: boolean;
  /** The stored column, present for every column of a stored type. */
  stored: AnyPgColumn | null;
  /** The table's property name of the stored column, for insert and update. */
  key: string | null;
  validate: FieldValidator;
  /** Row fields of `fCanEdit` / `fLock`: any false / any true makes this column read-only. */
  canEditFields: string[];
  lockFields: string[];
};

const commaList = (value: string | string[] | undefined): string[] =>
  (Array.isArray(value) ? value : (value ?? '').split(','))
    .map((item) => item.trim())
    .filter((item) => item !== '');

/** The row fields every resource returns besides its columns. */
export const SYSTEM_FIELDS = ['Id', 'IsLocked', 'IM_ReturnTime'] as const;

/** A declared resource, checked and compiled: its columns, row selection and per-role configuration. */
/**
 * Cell types not offered as a sort unless a declaration says so: long texts, HTML, JSON and photos.
 * Every sort a screen offers reads an index (issue 26), and a btree index refuses values over about
 * 2.7 KB, which these may hold; nobody orders a list by a photo's address or a JSON document either.
 */
const UNSORTED_TYPES: ReadonlySet<string> = new Set(['textarea', 'html', 'json', 'photo']);

/** Whether a stored column of this cell type is offered as a sort unless its declaration says otherwise. */
export const sortsByDefault = (type: CellType): boolean =>
  !UNSORTED_TYPES.has(type) && !COLUMN_TYPES[type].list;

export class Resource {
  readonly apiName: string;
  readonly title: string;
  readonly table: RecordTable;
  readonly columns: Column[];
  readonly byField: Map<string, Column>;
  /** The SELECT list of a row: wire field → SQL aliased as the field, with the system fields. */
  readonly selection: Record<string, SQL.Aliased>;
  readonly searchable: Column[];
  private readonly columnDefsCache = new WeakMap<AccessPolicy, Record<string, ColumnDef>>();

  constructor(readonly declaration: ResourceDeclaration) {
    this.apiName = declaration.apiName;
    this.title = declaration.title;
    this.table = declaration.table;
    const keys = new Map<AnyPgColumn, string>(
      Object.entries(getTableColumns(declaration.table)).map(([key, column]) => [column as AnyPgColumn, key]),
    );
    const problems: string[] = [];
    this.columns = declaration.columns.map((decl) => this.compile(decl, keys, problems));
    this.byField = new Map();
    for (const column of this.columns) {
      if (this.byField.has(column.field)) problems.push(`${column.field} is declared twice`);
      this.byField.set(column.field, column);
    }
    const table = declaration.table;
    // Aliased, so that the driver itself builds the row objects (see ResourceService.rows).
    const record = table as Partial<RecordTable>;
    if (!declaration.readOnly && !(record.isLocked && record.updatedAt && record.updatedBy)) {
      problems.push('a resource that can be changed needs the record columns (recordColumns)');
    }
    this.selection = {
      Id: sql`${table.id}`.as('Id'),
      IsLocked: (record.isLocked ? sql`${record.isLocked}` : sql`false`).as('IsLocked'),
      IM_ReturnTime: (record.updatedAt ? COLUMN_TYPES.datetime.read(record.updatedAt) : sql`null`).as(
        'IM_ReturnTime',
      ),
    };
    for (const column of this.columns) {
      if (!column.stored) continue;
      if ((SYSTEM_FIELDS as readonly string[]).includes(column.field) && column.editable) {
        problems.push(`${column.field} is a system field and cannot be editable`);
      }
      this.selection[column.field] ??= column.kind.read(column.stored).as(column.field);
    }
    for (const [field, expression] of Object.entries(declaration.rowFields ?? {})) {
      if (field in this.selection) problems.push(`row field ${field} clashes with a column`);
      this.selection[field] = sql`${expression}`.as(field);
    }
    for (const sort of declaration.defaultSort ?? []) {
      if (!this.byField.get(sort.field)?.sortable && sort.field !== 'Id') {
        problems.push(`default sort ${sort.field} is not a sortable column`);
      }
    }
    for (const [key, scope] of Object.entries(declaration.scopes ?? {})) {
      const field = 'field' in scope ? scope.field : 'mine' in scope ? scope.mine : null;
      if (field !== null && !this.byField.get(field)?.stored) {
        problems.push(`scope ${key} names ${field}, which is not a stored column`);
      }
    }
    if (problems.length > 0) {
      throw new Error(`Resource ${declaration.apiName} is declared wrongly: ${problems.join('; ')}`);
    }
    this.searchable = this.columns.filter((column) => column.searchable && column.stored);
  }

  private compile(decl: ColumnDeclaration, keys: Map<AnyPgColumn, string>, problems: string[]): Column {
    const kind = COLUMN_TYPES[decl.type];
    const stored = kind.stored ? (decl.column ?? null) : null;
    const where = `${this.declaration.apiName}.${decl.field}`;
    if (kind.stored && !decl.column) problems.push(`${where}: a ${decl.type} column needs its stored column`);
    const key = stored ? (keys.get(stored) ?? null) : null;
    if (stored && key === null) problems.push(`${where}: its column is not of the resource's table`);
    if (decl.folded && (!stored || !keys.has(decl.folded))) {
      problems.push(`${where}: its folded copy is not a column of the resource's table`);
    }
    const editable = Boolean(decl.editable && stored && decl.type !== 'readonly');
    if (decl.editable && !editable) problems.push(`${where}: a ${decl.type} column cannot be editable`);
    if (decl.source && !this.declaration.options?.[decl.source]) {
      problems.push(`${where}: option list ${decl.source} is not declared`);
    }
    if (kind.usesOptions && !decl.source) problems.push(`${where}: a ${decl.type} column needs a source`);
    if (decl.filter && !kind.filters.includes(decl.filter)) {
      problems.push(`${where}: a ${decl.type} column cannot have a ${decl.filter} filter`);
    }
    const more = decl.more ?? {};
    return {
      ...decl,
      kind,
      stored,
      key,
      editable,
      creatable: Boolean((decl.creatable ?? decl.editable) && stored),
      sortable: Boolean(stored && (decl.sortable ?? sortsByDefault(decl.type)) && !kind.list),
      validate: stored
        ? validatorFor(kind, decl.rules ?? {}, stored)
        : () => ({ ok: false, message: 'cannot be changed' }),
      canEditFields: [...commaList(more.fCanEdit), ...commaList(more.canEditF)],
      lockFields: [...commaList(more.fLock), ...commaList(more.lockF)],
    };
  }

  /** The stored seed grant of the `staff` role (see `ResourceDeclaration.permissions`). */
  seedAllows(role: Role, action: ResourceAction): boolean {
    return (this.declaration.permissions[action] as readonly string[]).includes(role);
  }

  /** `ExtraData.Columns` for a policy: unreadable columns left out, editable only where it may edit. */
  columnDefs(policy: AccessPolicy): Record<string, ColumnDef> {
    let defs = this.columnDefsCache.get(policy);
    if (!defs) {
      const canUpdate = policy.allows(this.apiName, 'edit');
      defs = Object.fromEntries(
        this.columns.flatMap((column, index) => {
          if (!policy.canRead(this.apiName, column.field)) return [];
          const def = this.columnDef(column, index, canUpdate && policy.canEdit(this.apiName, column.field));
          // A button or action the user may not use is absent, not a button that fails.
          if (column.more && !column.stored) {
            const more = this.usableMore(column.more, policy);
            if (more === null) return [];
            def.Type.more = JSON.stringify(more);
          }
          return [[column.field, def]];
        }),
      );
      this.columnDefsCache.set(policy, defs);
    }
    return defs;
  }

  /** The call an action item or button makes: a configured action or a protocol action of this resource. */
  private callAllowed(name: unknown, policy: AccessPolicy): boolean {
    if (typeof name !== 'string') return true;
    const protocol: Record<string, AccessAction> = {
      List: 'list',
      Detail: 'detail',
      AddNew: 'add',
      UpdateFields: 'edit',
      Delete: 'delete',
      Export: 'export',
    };
    const action = protocol[name];
    if (action) return policy.allows(this.apiName, action);
    return !this.declaration.namedActions?.includes(name) || policy.allowsNamed(this.apiName, name);
  }

  /** A button's or action list's options without what the policy forbids; null when nothing is left. */
  private usableMore(more: ColumnMore, policy: AccessPolicy): ColumnMore | null {
    const callsOf = (item: Record<string, unknown>) => [
      (item.api as { name?: unknown } | undefined)?.name,
      (item.apiCheckShowModal as { name?: unknown } | undefined)?.name,
    ];
    const allowed = (item: Record<string, unknown>) =>
      callsOf(item).every((n) => this.callAllowed(n, policy));
    if (!allowed(more as Record<string, unknown>)) return null;
    const actions = (more as { actions?: unknown }).actions;
    if (!Array.isArray(actions)) return more;
    const kept = actions.filter((item) => allowed(item as Record<string, unknown>));
    return kept.length === 0 ? null : ({ ...more, actions: kept } as ColumnMore);
  }

  /**
   * The lookup of a one-value column whose option list grows (a relation's other side, categories,
   * users...): `{api}/Lookup` searches it page by page as one types. Its Add new control, its cell's
   * editor and its select filter are then lookups, never a list loaded whole.
   */
  lookupOf(column: Column): LookupRelation | undefined {
    const source = column.source ? this.declaration.options?.[column.source] : undefined;
    if (!source?.search || column.kind.list || !column.kind.usesOptions) return undefined;
    return { api: this.apiName, field: column.field };
  }

  private columnDef(column: Column, index: number, canUpdate: boolean): ColumnDef {
    const def: ColumnDef = {
      fieldName: column.field,
      Header: column.header,
      CanShow: !column.hidden,
      CanEdit: column.editable && canUpdate,
      CanSort: column.sortable,
      Width: column.width ?? null,
      Index: index + 1,
      Type: { type: column.type },
    };
    if (column.className) def.ClassName = column.className;
    const lookup = this.lookupOf(column);
    if (column.more || lookup)
      def.Type.more = JSON.stringify({ ...column.more, ...(lookup ? { lookup } : {}) });
    if (column.source) def.Type.source = column.source;
    if (column.bgF) def.Type.bgF = column.bgF;
    if (column.colorF) def.Type.colorF = column.colorF;
    if (column.link) def.Type.link = column.link;
    if (column.filter) {
      def.Filter = { type: column.filter, title: column.header, isServer: true };
      if (column.source) def.Filter.optionKey = column.source;
      const more = this.filterMoreOf(column);
      if (more) def.Filter.more = JSON.stringify(more);
    }
    return def;
  }

  /** A filter's `more`: a select filter of a list that grows is a lookup (`more.lookup`). */
  private filterMoreOf(column: Column): { lookup: LookupRelation } | undefined {
    const lookup = column.filter === 'select' ? this.lookupOf(column) : undefined;
    return lookup ? { lookup } : undefined;
  }

  /**
   * The AddNew control of a column: its declared one, else a lookup for one value of a list that
   * grows (searched on the server as one types), else its cell type's.
   */
  private controlOf(column: Column): { type: string; more?: Record<string, unknown> } {
    if (column.control) return { type: column.control.type, more: column.control.more };
    const lookup = this.lookupOf(column);
    if (lookup) return { type: 'lookup', more: { lookup } };
    return { type: column.kind.control };
  }

  /**
   * The fields a request's scope fixes (`RequestData` keys of declared `field` scopes that carry a
   * value): a project tab's `ProjectId`. A filter on such a field could only offer what is shown.
   */
  scopedFields(requestData: unknown): Set<string> {
    const fixed = new Set<string>();
    if (typeof requestData !== 'object' || requestData === null) return fixed;
    for (const [key, scope] of Object.entries(this.declaration.scopes ?? {})) {
      const value = (requestData as Record<string, unknown>)[key];
      if ('field' in scope && value !== undefined && value !== null && value !== '') fixed.add(scope.field);
    }
    if (oneRecordOf(this, requestData) !== undefined) fixed.add(ONE_RECORD);
    return fixed;
  }

  /**
   * The `ScreenConfig` of Options for a user's policy (screen-config.md), as an object. Fields in
   * `scoped` (the request's scope fixes them) get no filter: a project's tab does not offer "Project: All".
   */
  screenConfig(policy: AccessPolicy, scoped: ReadonlySet<string> = new Set()): Record<string, unknown> {
    const decl = this.declaration;
    const api = this.apiName;
    const filters = this.columns.filter(
      (column) => column.filter && !scoped.has(column.field) && policy.canRead(api, column.field),
    );
    // A request fixed to one record (a detail page) shows that record: nothing to add or export.
    const oneRecord = scoped.has('Id');
    return {
      Page: { isGetOptions: true, sizePerPage: decl.pageSize ?? 20, title: decl.title, noSidebar: false },
      Header: {
        showAddNew: !oneRecord && policy.allows(api, 'add'),
        showExport: !oneRecord && policy.allows(api, 'export'),
        buttonList: [],
      },
      Table: {
        canDelete: policy.allows(api, 'delete'),
        showID: false,
        variant: 'table',
        ...(decl.rowStyleField ? { rowStyleField: decl.rowStyleField } : {}),
        ...(decl.expand ? { expand: decl.expand } : {}),
        // The sorts List takes from this policy (orderOf), known before the first List: the web app
        // drops any other sort an address holds instead of sending it.
        sortable: [
          'Id',
          ...this.columns
            .filter((column) => column.sortable && column.field !== 'Id' && policy.canRead(api, column.field))
            .map((column) => column.field),
        ],
        // Its records have a history and a comment thread (docs/record-activity.md); a log's have not.
        ...(decl.readOnly ? {} : { activity: true }),
      },
      Filter: {
        show: filters.length > 0,
        require4ShowData: false,
        items: filters.map((column) => {
          const more = this.filterMoreOf(column);
          return {
            type: column.filter,
            fieldName: column.field,
            title: column.header,
            isServer: true,
            ...(column.source ? { optionKey: column.source } : {}),
            ...(more ? { more } : {}),
          };
        }),
      },
      AddNew: {
        controls: this.columns
          // A field the request's scope fixes is the scope's (a category's customers point at it).
          .filter(
            (column) =>
              column.creatable && !scoped.has(column.field) && policy.canAddField(api, column.field),
          )
          .map((column) => ({
            fieldName: column.field,
            label: column.header,
            ...this.controlOf(column),
            required: Boolean(column.rules?.required),
            ...(column.source ? { optionKey: column.source } : {}),
            ...(column.default !== undefined ? { default: column.default } : {}),
            ...(column.kind.list ? { separator: ',' } : {}),
          })),
        closeMyModalAfterSubmit: true,
      },
    };
  }
}

/** The declared resources by APIName. */
export class ResourceRegistry {
  private readonly byName = new Map<string, Resource>();

  constructor(declarations: readonly ResourceDeclaration[]) {
    for (const declaration of declarations) {
      if (this.byName.has(declaration.apiName)) {
        throw new Error(`Resource ${declaration.apiName} is declared twice`);
      }
      this.byName.set(declaration.apiName, new Resource(declaration));
    }
  }

  get(apiName: string): Resource | undefined {
    return this.byName.get(apiName);
  }

  /** Adds or replaces a resource made while running (a collection of the studio, modules/collections). */
  put(declaration: ResourceDeclaration): Resource {
    const resource = new Resource(declaration);
    this.byName.set(declaration.apiName, resource);
    return resource;
  }

  /** Removes a resource made while running (a collection that was deleted). */
  remove(apiName: string): void {
    this.byName.delete(apiName);
  }

  all(): Resource[] {
    return [...this.byName.values()];
  }
}

export type { Role };
