import { MAX_PAGE_SIZE } from '@panelwright/contract/constants';

/** One sort of a table: the column's field, descending or not. */
export type AddressSort = { id: string; desc: boolean };

/** What a table shows, as the address holds it, so that reload, back and a shared link show the same rows. */
export type TableAddress = {
  page: number;
  /** Only when the user chose one; otherwise the saved or configured size applies. */
  pageSize: number | null;
  sorting: AddressSort[];
  /** Filter values by field name; empty values are not in the address. */
  filters: Record<string, unknown>;
  search: string;
};

/** The address parameters of a table: `q`, `sort`, `page`, `size`, `f.{field}` (text) and `fj.{field}` (JSON). */
const PAGE = 'page';
const SIZE = 'size';
const SORT = 'sort';
const SEARCH = 'q';
const TEXT_FILTER = 'f.';
const JSON_FILTER = 'fj.';
/** A field name as declared resources spell them; anything else in the address is ignored. */
const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,99}$/;
const FIELD = { test: (name: string) => FIELD_NAME.test(name) && name !== '__proto__' };

export const EMPTY_TABLE_ADDRESS: TableAddress = {
  page: 1,
  pageSize: null,
  sorting: [],
  filters: {},
  search: '',
};

function positiveInteger(text: string | null, max = Number.MAX_SAFE_INTEGER): number | null {
  if (text === null || !/^\d{1,9}$/.test(text)) return null;
  const value = Number(text);
  return value >= 1 ? Math.min(value, max) : null;
}

function isEmptyFilter(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.values(value).every(isEmptyFilter);
  return false;
}

/** Reads a table's state from the address; what is malformed is ignored, never an error. */
export function readTableAddress(params: URLSearchParams): TableAddress {
  const sorting: AddressSort[] = [];
  for (const part of (params.get(SORT) ?? '').split(',')) {
    const desc = part.startsWith('-');
    const id = desc ? part.slice(1) : part;
    if (FIELD.test(id) && !sorting.some((sort) => sort.id === id)) sorting.push({ id, desc });
  }
  const filters: Record<string, unknown> = {};
  for (const [key, value] of params) {
    if (key.startsWith(TEXT_FILTER)) {
      const field = key.slice(TEXT_FILTER.length);
      if (FIELD.test(field) && value !== '') filters[field] = value;
    } else if (key.startsWith(JSON_FILTER)) {
      const field = key.slice(JSON_FILTER.length);
      if (!FIELD.test(field)) continue;
      try {
        const parsed: unknown = JSON.parse(value);
        if (!isEmptyFilter(parsed)) filters[field] = parsed;
      } catch {
        // A hand-edited address: the filter is left out.
      }
    }
  }
  return {
    page: positiveInteger(params.get(PAGE)) ?? 1,
    pageSize: positiveInteger(params.get(SIZE), MAX_PAGE_SIZE),
    sorting,
    filters,
    search: params.get(SEARCH) ?? '',
  };
}

/**
 * The address with this table state: the table's own parameters replaced (defaults left out, so a
 * plain table keeps a plain address), every other parameter (a tab, a folder) kept as it was.
 */
export function writeTableAddress(params: URLSearchParams, state: TableAddress): URLSearchParams {
  const next = new URLSearchParams();
  for (const [key, value] of params) {
    const own =
      key === PAGE ||
      key === SIZE ||
      key === SORT ||
      key === SEARCH ||
      key.startsWith(TEXT_FILTER) ||
      key.startsWith(JSON_FILTER);
    if (!own) next.append(key, value);
  }
  if (state.search !== '') next.set(SEARCH, state.search);
  const sorts = state.sorting.filter((sort) => FIELD.test(sort.id));
  if (sorts.length > 0) next.set(SORT, sorts.map((sort) => `${sort.desc ? '-' : ''}${sort.id}`).join(','));
  for (const [field, value] of Object.entries(state.filters).sort(([a], [b]) => a.localeCompare(b))) {
    if (!FIELD.test(field) || isEmptyFilter(value)) continue;
    if (typeof value === 'string') next.set(`${TEXT_FILTER}${field}`, value);
    else next.set(`${JSON_FILTER}${field}`, JSON.stringify(value));
  }
  if (state.page > 1) next.set(PAGE, String(Math.floor(state.page)));
  if (state.pageSize !== null) next.set(SIZE, String(state.pageSize));
  return next;
}

/** Whether two filter maps hold the same values (empties equal to absent). */
export function sameFilters(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const text = (filters: Record<string, unknown>) =>
    JSON.stringify(
      Object.entries(filters)
        .filter(([, value]) => !isEmptyFilter(value))
        .sort(([x], [y]) => x.localeCompare(y)),
    );
  return text(a) === text(b);
}

/** A parameter of the address naming one thing of a screen: its tab, its folder. */
export function readAddressParam(params: URLSearchParams, name: string): string | null {
  const value = params.get(name);
  return value === null || value === '' ? null : value;
}

/** The address with `name` set to `value` (or removed for null), every other parameter kept. */
export function writeAddressParam(
  params: URLSearchParams,
  name: string,
  value: string | null,
): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value === null || value === '') next.delete(name);
  else next.set(name, value);
  return next;
}

/** The address parameter of the one record a page's table shows: a relation's cell links to `?id=5`. */
export const LINKED_RECORD = 'id';

/** The record the address names (`?id=`), or null when it names none (or not a record's id). */
export function readLinkedRecord(params: URLSearchParams): number | null {
  return positiveInteger(readAddressParam(params, LINKED_RECORD));
}
