import {
  dateRangeValueSchema,
  EMPTY_OPTION_VALUE,
  type FilterType,
  type ListFilter,
  type OptionItem,
  safeParseForPeople,
} from '@panelwright/contract';
import { and, asc, desc, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { badRequest, forbidden } from '../../lib/errors';
import { isCalendarDate, textOf } from './column-types';
import type { OptionsLoader } from './define';
import type { Column, Resource } from './registry';

/** The List body the service works from (the contract's, parsed). */
export type ListQuery = {
  Page: number;
  PageSize: number;
  TextSearch?: string | undefined;
  Sorts?: { Field: string; Dir: 'asc' | 'desc' }[] | undefined;
  Filters?: ListFilter[] | undefined;
  /** Minutes, as JavaScript's getTimezoneOffset(): date ranges of datetimes are days in this zone. */
  UI_TimezoneOffset?: number | undefined;
  /** The screen's context; the resource's declared scopes narrow the rows by it. */
  RequestData?: unknown;
};

/** The RequestData values of the resource's declared scopes, each checked against its field's type. */
export function scopeValues(
  resource: Resource,
  requestData: unknown,
): { key: string; column: Column | null; value: unknown }[] {
  const scopes = resource.declaration.scopes ?? {};
  if (typeof requestData !== 'object' || requestData === null || Array.isArray(requestData)) return [];
  const values: { key: string; column: Column | null; value: unknown }[] = [];
  const id = oneRecordOf(resource, requestData);
  if (id !== undefined) values.push({ key: ONE_RECORD, column: null, value: id });
  for (const [key, scope] of Object.entries(scopes)) {
    const raw = (requestData as Record<string, unknown>)[key];
    if (raw === undefined || raw === null || raw === '') continue;
    if ('field' in scope) {
      const column = resource.byField.get(scope.field);
      if (!column?.stored) continue;
      let value: unknown;
      if (column.stored.dataType === 'number') {
        // An id from an address arrives as text; a numeric column takes only a whole number, which
        // is checked here rather than left to SQL's error.
        value = typeof raw === 'string' && /^-?\d{1,15}$/.test(raw) ? Number(raw) : raw;
        if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
          throw badRequest(`RequestData.${key}: must be a whole number`);
        }
      } else {
        const parsed = column.kind.schema({}, column.stored).safeParse(raw);
        if (!parsed.success) {
          throw badRequest(`RequestData.${key}: ${parsed.error.issues[0]?.message ?? 'is not valid'}`);
        }
        value = parsed.data;
      }
      values.push({ key, column, value });
    } else {
      values.push({ key, column: null, value: raw });
    }
  }
  return values;
}

/**
 * `RequestData: {Id}` narrows any resource to that one record (a relation's cell links to its record
 * so: the other side's screen with `?id=`), unless the resource declares an `Id` scope of its own.
 */
export const ONE_RECORD = 'Id';

/** The record `RequestData.Id` names, when the resource has no `Id` scope of its own; a bad id is a 400. */
export function oneRecordOf(resource: Resource, requestData: unknown): number | undefined {
  if (resource.declaration.scopes && ONE_RECORD in resource.declaration.scopes) return undefined;
  if (typeof requestData !== 'object' || requestData === null) return undefined;
  const raw = (requestData as Record<string, unknown>)[ONE_RECORD];
  if (raw === undefined || raw === null || raw === '') return undefined;
  const id = typeof raw === 'string' && /^\d{1,15}$/.test(raw) ? Number(raw) : raw;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1)
    throw badRequest(`RequestData.${ONE_RECORD}: must be a whole number above 0`);
  return id;
}

/** The conditions of the declared scopes present in RequestData. */
function scopeConditions(resource: Resource, requestData: unknown, userId: number): (SQL | undefined)[] {
  const scopes = resource.declaration.scopes ?? {};
  return scopeValues(resource, requestData).map(({ key, column, value }) => {
    const scope = scopes[key];
    if (!scope) return key === ONE_RECORD ? sql`${resource.table.id} = ${value}` : undefined;
    if ('field' in scope && column?.stored) {
      // Numbers (ids) are bound as they are: a cast to the column's declared type would name `serial`.
      const bound = column.stored.dataType === 'number' ? value : column.kind.write(value, column.stored);
      return sql`${column.stored} = ${bound}`;
    }
    if ('mine' in scope) {
      const mine = resource.byField.get(scope.mine)?.stored;
      return mine && value === true ? sql`${mine} = ${userId}` : undefined;
    }
    if ('where' in scope) return scope.where(value, userId);
    return undefined;
  });
}

/** The words of a search, at most ten, each at most 100 characters. */
const words = (text: string) =>
  text
    .split(/\s+/)
    .filter((word) => word !== '')
    .slice(0, 10)
    .map((word) => word.slice(0, 100));

/** A LIKE pattern matching `text` anywhere, its wildcards escaped. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * `column` contains `text`, whatever the case and accents of either ("tran" finds "Trần"): both sides
 * folded by `pw_fold` (lower case, accents off; migration 0018), in the shape of the trigram index on
 * `pw_fold(column)` that every searchable column has, so that the planner reads the index instead of
 * every row. A column with a stored folded copy (`folded`, migration 0025) is compared through the
 * copy and its trigram index: the candidates the index gives are then checked without folding each
 * one's text again. The pattern's folding is computed once, at planning (an immutable function of a
 * constant).
 */
export function containsFolded(column: AnyPgColumn, text: string, folded?: AnyPgColumn): SQL {
  const pattern = sql`pw_fold(${containsPattern(text)})`;
  return folded ? sql`${folded} like ${pattern}` : sql`pw_fold(${textOf(column)}) like ${pattern}`;
}

const isEmptyValue = (value: unknown) =>
  value === undefined ||
  value === null ||
  value === '' ||
  value === EMPTY_OPTION_VALUE ||
  (Array.isArray(value) && value.length === 0);

/** A filter value the client got wrong; the caller names the filter. */
class FilterValueError extends Error {}

type FilterContext = {
  column: Column;
  stored: AnyPgColumn;
  /** The column's options among these values (a list that grows reads only them). */
  options: (among: unknown[]) => Promise<OptionItem[]>;
  timezoneOffset: number;
};

/**
 * The typed values of options or scalars: each checked against the option list (one read for all of
 * them) or the column's type.
 */
async function scalarsOf(values: unknown[], ctx: FilterContext): Promise<unknown[]> {
  if (values.length === 0) return [];
  if (ctx.column.kind.usesOptions) {
    const options = await ctx.options(values);
    return values.map((value) => {
      const option = options.find((item) => String(item.Value) === String(value));
      if (!option)
        throw new FilterValueError(`${String(value).slice(0, 50)} is not an option of ${ctx.column.field}`);
      return option.Value;
    });
  }
  return values.map((value) => {
    const parsed = safeParseForPeople(ctx.column.kind.schema({}, ctx.stored), value);
    if (!parsed.success) throw new FilterValueError(parsed.error.issues[0]?.message ?? 'is not valid');
    return parsed.data;
  });
}

const textValue = (value: unknown): string => {
  if (typeof value !== 'string' && typeof value !== 'number') throw new FilterValueError('must be text');
  const text = String(value).trim();
  if (text.length > 200) throw new FilterValueError('must be at most 200 characters');
  return text;
};

/** A list value as the column stores it (a list filter on a list column). */
const listWrite = (ctx: FilterContext, values: unknown[]) =>
  ctx.column.kind.write(values.map(String), ctx.stored);

/** One builder per filter type: the condition for a value, or undefined for "no filter". */
const FILTER_BUILDERS: Record<FilterType, (value: unknown, ctx: FilterContext) => Promise<SQL | undefined>> =
  {
    text: async (value, ctx) => {
      const text = textValue(value);
      return text === '' ? undefined : containsFolded(ctx.stored, text, ctx.column.folded);
    },
    search: async (value, ctx) =>
      and(...words(textValue(value)).map((word) => containsFolded(ctx.stored, word, ctx.column.folded))),
    select: async (value, ctx) => {
      const [typed] = await scalarsOf([value], ctx);
      if (ctx.column.kind.list) return sql`${String(typed)} = any(${ctx.stored})`;
      return sql`${ctx.stored} = ${ctx.column.kind.write(typed, ctx.stored)}`;
    },
    multiselect: async (value, ctx) => {
      const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : null;
      if (!items) throw new FilterValueError('must be a list of options');
      if (items.length > 100) throw new FilterValueError('must be at most 100 options');
      const typed = await scalarsOf(
        items.filter((item) => !isEmptyValue(item)),
        ctx,
      );
      if (typed.length === 0) return undefined;
      if (ctx.column.kind.list) return sql`${ctx.stored} && ${listWrite(ctx, typed)}`;
      return sql`${ctx.stored} in (${sql.join(
        typed.map((item) => ctx.column.kind.write(item, ctx.stored)),
        sql`, `,
      )})`;
    },
    checkbox: async (value, ctx) => {
      const parsed = z
        .union([z.boolean(), z.enum(['true', 'false', '1', '0']), z.literal(1), z.literal(0)])
        .safeParse(value);
      if (!parsed.success) throw new FilterValueError('must be true or false');
      const checked =
        parsed.data === true || parsed.data === 'true' || parsed.data === '1' || parsed.data === 1;
      return sql`${ctx.stored} = ${checked}::boolean`;
    },
    daterange: async (value, ctx) => {
      const parsed = dateRangeValueSchema.safeParse(value);
      if (!parsed.success || !isCalendarDate(parsed.data.start) || !isCalendarDate(parsed.data.end)) {
        throw new FilterValueError('must be {start, end} as YYYY-MM-DD');
      }
      const { start, end } = parsed.data;
      if (start > end) throw new FilterValueError('must have its start on or before its end');
      if (ctx.column.type === 'date') {
        return sql`${ctx.stored} between ${start}::date and ${end}::date`;
      }
      // Whole days in the user's time zone: [start 00:00, end+1 00:00) local time.
      const shift = ctx.timezoneOffset * 60_000;
      const from = timestampBound(Date.parse(`${start}T00:00:00Z`) + shift);
      const to = timestampBound(Date.parse(`${end}T00:00:00Z`) + 86_400_000 + shift);
      return sql`${ctx.stored} >= ${from}::timestamptz and ${ctx.stored} < ${to}::timestamptz`;
    },
  };

/** The last instant of year 9999, the latest a date filter can name (its years have four digits). */
const LATEST_INSTANT = Date.parse('9999-12-31T23:59:59.999Z');

/**
 * A bound of a date range as PostgreSQL reads it. The last day of year 9999, shifted by a time zone,
 * ends in year 10000, which has no ISO form PostgreSQL accepts: the range is then unbounded above,
 * which is what it means.
 */
function timestampBound(instant: number): string {
  return instant > LATEST_INSTANT ? 'infinity' : new Date(instant).toISOString();
}

/**
 * The WHERE condition of a List body: the search box over the searchable columns and every filter,
 * each on a declared column only. Values are always bound parameters.
 */
export async function whereOf(
  resource: Resource,
  query: ListQuery,
  loadOptions: OptionsLoader,
  userId: number,
  /** Fields the caller may read: the search skips the others, a filter on one is refused. */
  canRead: (field: string) => boolean = () => true,
): Promise<SQL | undefined> {
  const conditions: (SQL | undefined)[] = scopeConditions(resource, query.RequestData, userId);
  const searchable = resource.searchable.filter((column) => canRead(column.field));
  if (query.TextSearch && searchable.length > 0) {
    for (const word of words(query.TextSearch)) {
      conditions.push(
        or(...searchable.map((column) => containsFolded(column.stored as AnyPgColumn, word, column.folded))),
      );
    }
  }
  for (const [index, filter] of (query.Filters ?? []).entries()) {
    const column = resource.byField.get(filter.FieldName);
    if (column && !canRead(column.field)) {
      throw forbidden(
        `Your role may not read ${column.field} of ${resource.title} (permission missing: ${resource.title} ${column.field} read).`,
      );
    }
    if (!column?.stored) {
      throw badRequest(
        `Filters.${index}.FieldName: ${filter.FieldName} is not a column of ${resource.apiName}`,
      );
    }
    if (!column.kind.filters.includes(filter.Type)) {
      throw badRequest(`Filters.${index}.Type: ${column.field} cannot be filtered by ${filter.Type}`);
    }
    if (isEmptyValue(filter.Value)) continue;
    const source = column.source;
    const ctx: FilterContext = {
      column,
      stored: column.stored,
      options: (among) => (source ? loadOptions(source, among) : Promise.resolve([])),
      timezoneOffset: query.UI_TimezoneOffset ?? 0,
    };
    try {
      conditions.push(await FILTER_BUILDERS[filter.Type](filter.Value, ctx));
    } catch (error) {
      if (error instanceof FilterValueError) throw badRequest(`Filters.${index}.Value: ${error.message}`);
      throw error;
    }
  }
  return and(...conditions);
}

/** One column of a row ordering and its direction. */
export type OrderKey = { column: AnyPgColumn; desc: boolean };

/** A List's row ordering, always ending on the id so that it is total: its columns and its SQL. */
export type Ordering = { keys: OrderKey[]; sql: SQL[] };

/** The ORDER BY of a List body: declared sortable columns only, then the id so that pages are stable. */
export function orderOf(
  resource: Resource,
  sorts: ListQuery['Sorts'],
  canRead: (field: string) => boolean = () => true,
): Ordering {
  const requested =
    sorts && sorts.length > 0
      ? sorts
      : (resource.declaration.defaultSort ?? [])
          // A default sort on a field the caller may not read is left out, not refused.
          .filter((s) => s.field === 'Id' || canRead(s.field))
          .map((s) => ({
            Field: s.field,
            Dir: s.dir,
          }));
  const keys: OrderKey[] = [];
  const seen = new Set<string>();
  for (const [index, sort] of requested.entries()) {
    const column =
      sort.Field === 'Id'
        ? resource.table.id
        : resource.byField.get(sort.Field)?.sortable && canRead(sort.Field)
          ? resource.byField.get(sort.Field)?.stored
          : null;
    if (!column)
      throw badRequest(`Sorts.${index}.Field: ${sort.Field} is not a sortable column of ${resource.apiName}`);
    if (seen.has(sort.Field)) continue;
    seen.add(sort.Field);
    keys.push({ column, desc: sort.Dir === 'desc' });
  }
  // The id breaks ties in the direction of the last sort, so that an ordering all one way stays so
  // (its index reads backwards, and a page can start from a known row: PageBoundaries).
  if (!seen.has('Id')) keys.push({ column: resource.table.id, desc: keys.at(-1)?.desc === true });
  return { keys, sql: keys.map((key) => (key.desc ? desc(key.column) : asc(key.column))) };
}
