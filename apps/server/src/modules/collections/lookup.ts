import type { Collection, OptionItem } from '@panelwright/contract';
import { and, asc, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { badRequest, HttpError } from '../../lib/errors';
import { containsFolded, containsPattern } from '../resources/query';
import type { Resource } from '../resources/registry';
import type { Actor, ResourceService } from '../resources/service';
import { displayOf, orderColumnOf } from './runtime';

export type LookupQuery = {
  Field: string;
  Search: string;
  Page: number;
  PageSize: number;
  Values?: number[] | undefined;
};

/**
 * The stored columns a lookup searches: the fields its display template names, else the other
 * side's first text field (see `orderColumnOf`). Each has a trigram index on its folded text (a
 * collection's by the studio's DDL, a declared resource's searchable text by migration 0018).
 */
export function searchedColumnsOf(
  template: string | undefined,
  target: { byField: ReadonlyMap<string, { stored: AnyPgColumn | null }> },
): AnyPgColumn[] {
  const named = [...(template ?? '').matchAll(/\{([A-Za-z0-9]+)\}/g)].map((match) => match[1] as string);
  if (named.length === 0) {
    const first = orderColumnOf(template, target);
    return first ? [first] : [];
  }
  return named.flatMap((name) => {
    const stored = target.byField.get(name)?.stored;
    return stored ? [stored] : [];
  });
}

/**
 * A word found in any searched column, whatever its case and accents, in the shape its trigram index
 * serves (`containsFolded`); without a column, in the display text itself (an id).
 */
function matchOf(word: string, columns: readonly AnyPgColumn[], text: SQL): SQL | undefined {
  if (columns.length === 0) return sql`${text} ilike ${containsPattern(word)}`;
  return or(...columns.map((column) => containsFolded(column, word)));
}

/** One page of a relation's other side: its records as options, and whether more follow. */
export type LookupPage = { Data: OptionItem[]; HasMore: boolean };

/**
 * The records a relation field may point at, searched on the server as one types: one page at a
 * time (never the whole other side), each as its display template reads, narrowed to the rows the
 * caller may list of the other side (none without the grant). With `Values`, the texts of those
 * records (a cell or a form showing its current value).
 */
export async function lookup(
  db: Database,
  resources: ResourceService,
  collection: Collection,
  query: LookupQuery,
  actor: Actor,
): Promise<LookupPage> {
  const apiName = collection.APIName;
  await resources.reach(apiName, 'Options', actor);
  const field = collection.Fields.find((f) => f.Name === query.Field);
  if (field?.Type !== 'relation')
    throw badRequest(`Field: ${query.Field.slice(0, 64)} is not a relation of ${apiName}`);
  const target = resources.registry.get(field.Target as string);
  if (!target) return { Data: [], HasMore: false };
  let rowCondition: SQL | undefined;
  try {
    rowCondition = (await resources.reach(target.apiName, 'List', actor)).rowCondition;
  } catch (error) {
    if (error instanceof HttpError && error.status === 403) return { Data: [], HasMore: false };
    throw error;
  }
  const rows = (await lookupSelect(db, target, field.Display, query, rowCondition)) as OptionItem[];
  return { Data: rows.slice(0, query.PageSize), HasMore: rows.length > query.PageSize };
}

/**
 * The query of one page of a lookup (one row more than the page, to tell whether more follow): the
 * other side's ids and display texts, each search word found in a searched column.
 */
export function lookupSelect(
  db: Database,
  target: Resource,
  display: string | undefined,
  query: LookupQuery,
  rowCondition: SQL | undefined,
) {
  const id = target.table.id;
  const text = displayOf(display, target, id);
  const order = orderColumnOf(display, target);
  const words = query.Search.trim().split(/\s+/).filter(Boolean).slice(0, 5);
  const searched = searchedColumnsOf(display, target);
  const conditions = [
    rowCondition,
    query.Values ? inArray(id, query.Values.slice(0, 100)) : undefined,
    ...words.map((word) => matchOf(word, searched, text)),
  ];
  return (
    db
      .select({ Value: id, Text: sql<string>`${text}` })
      .from(target.table)
      .where(and(...conditions))
      // By the display's first field (an index on a collection), not the whole text: a page of a
      // million records is read in order, not sorted.
      .orderBy(...(order ? [asc(order)] : []), asc(id))
      .limit(query.PageSize + 1)
      .offset((query.Page - 1) * query.PageSize)
  );
}
