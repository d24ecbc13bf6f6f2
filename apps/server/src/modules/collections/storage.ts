import {
  type CellType,
  type Collection,
  type CollectionField,
  type CollectionFieldType,
  type FilterType,
  storageNameOf,
} from '@panelwright/contract';

/**
 * How each kind of field is stored and shown: its SQL type, the cell type of the generic protocol,
 * its filter, and which fields of its kind a value may move to without loss. One entry a kind; the
 * DDL, the runtime resource and the plan of losses all read this table.
 */
export type FieldKind = {
  /** The column's SQL type (null: not stored, an inverse list). */
  sql: string | null;
  cell: CellType;
  filter?: FilterType;
  /** Part of the text search unless the field says otherwise. */
  searchable?: boolean;
  /** Rules the kind itself brings. */
  integer?: boolean;
  email?: boolean;
  maxLength?: number;
};

export const FIELD_KINDS: Record<CollectionFieldType, FieldKind> = {
  text: { sql: 'text', cell: 'text', filter: 'text', searchable: true, maxLength: 500 },
  longText: { sql: 'text', cell: 'textarea', filter: 'text', searchable: true, maxLength: 10_000 },
  richText: { sql: 'text', cell: 'html', filter: 'text', maxLength: 100_000 },
  integer: { sql: 'integer', cell: 'number', integer: true },
  decimal: { sql: 'numeric(18,6)', cell: 'number' },
  money: { sql: 'numeric(14,2)', cell: 'money' },
  percent: { sql: 'numeric(7,2)', cell: 'percent' },
  boolean: { sql: 'boolean', cell: 'checkbox', filter: 'checkbox' },
  date: { sql: 'date', cell: 'date', filter: 'daterange' },
  dateTime: { sql: 'timestamp(3) with time zone', cell: 'datetime', filter: 'daterange' },
  time: { sql: 'time', cell: 'time' },
  choice: { sql: 'text', cell: 'select', filter: 'select' },
  multipleChoice: { sql: 'text[]', cell: 'multiselect', filter: 'multiselect' },
  colour: { sql: 'text', cell: 'color' },
  email: { sql: 'text', cell: 'text', filter: 'text', searchable: true, email: true, maxLength: 320 },
  url: { sql: 'text', cell: 'link' },
  json: { sql: 'jsonb', cell: 'json' },
  file: { sql: 'text', cell: 'link' },
  photo: { sql: 'text', cell: 'photo' },
  relation: { sql: 'integer', cell: 'select', filter: 'select' },
  inverse: { sql: null, cell: 'readonly' },
};

/**
 * Whether values of one kind survive a change to another: the same SQL type, a number to a wider
 * number, anything but a list or JSON to text. Anything else narrows: the values are lost.
 */
export function keepsValues(from: CollectionFieldType, to: CollectionFieldType): boolean {
  const a = FIELD_KINDS[from].sql;
  const b = FIELD_KINDS[to].sql;
  if (a === null || b === null) return a === b;
  if (a === b) return true;
  const numbers = ['integer', 'numeric(7,2)', 'numeric(14,2)', 'numeric(18,6)'];
  if (numbers.includes(a) && numbers.includes(b))
    return numbers.indexOf(b) >= numbers.indexOf(a) && !(a === 'numeric(7,2)' && b === 'integer');
  return b === 'text' && a !== 'text[]' && a !== 'jsonb';
}

const IDENTIFIER = /^[a-z][a-z0-9_]{0,62}$/;

/**
 * An identifier quoted for SQL. Only names made from validated metadata reach here; the pattern is
 * checked again so that nothing else can ever be spliced into a statement.
 */
export function quoted(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`not an identifier: ${name.slice(0, 80)}`);
  return `"${name}"`;
}

/** The table of a collection's records: its storage name with a prefix no table of the product has. */
export const tableOf = (collection: Pick<Collection, 'Table'>) => `c_${collection.Table as string}`;
/** The column of a field: prefixed, so that no field meets the record columns or an SQL word. */
export const columnOf = (field: Pick<CollectionField, 'Column'>) => `f_${field.Column as string}`;

/** A storage name not among `taken`: the name itself, else with a number. */
function freeName(name: string, taken: ReadonlySet<string>): string {
  const base = (/^[a-z]/.test(name) ? name : `x${name}`).slice(0, 24);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}_${n}`)) return `${base}_${n}`;
}

/**
 * The collections with every storage name filled: a collection or field that had one keeps it (a
 * rename keeps the table and column, so the data); one the live configuration has under the same
 * name takes the live one's; a new one gets a name of its own.
 */
export function withStorageNames(live: readonly Collection[], next: readonly Collection[]): Collection[] {
  const liveByName = new Map(live.map((collection) => [collection.APIName, collection]));
  const liveByTable = new Map(live.map((collection) => [collection.Table, collection]));
  const tables = new Set(next.flatMap((collection) => (collection.Table ? [collection.Table] : [])));
  return next.map((collection) => {
    const table =
      collection.Table ??
      liveByName.get(collection.APIName)?.Table ??
      freeName(storageNameOf(collection.APIName), tables);
    tables.add(table);
    const before = liveByTable.get(table);
    const columns = new Set(collection.Fields.flatMap((field) => (field.Column ? [field.Column] : [])));
    const fields = collection.Fields.map((field) => {
      if (field.Column || field.Type === 'inverse') return field;
      const column =
        before?.Fields.find((old) => old.Name === field.Name)?.Column ??
        freeName(storageNameOf(field.Name), columns);
      columns.add(column);
      return { ...field, Column: column };
    });
    return { ...collection, Table: table, Fields: fields };
  });
}
