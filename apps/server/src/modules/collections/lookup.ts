import { and, asc, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { type LookupQuery, lookupWords } from '../resources/define';
import { containsFolded, containsPattern } from '../resources/query';
import type { Resource } from '../resources/registry';
import { displayOf, orderColumnOf } from './runtime';

/**
 * The stored columns a lookup searches: the fields its display template names, else the other
 * side's first text field (see `orderColumnOf`). Each has a trigram index on its folded text (a
 * collection's by the studio's DDL, a declared resource's searchable text by migration 0018, or on
 * its stored folded copy, migration 0025).
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
 * serves (`containsFolded`, through the column's stored folded copy where the other side declares
 * one: a declared resource's index is then on the copy); without a column, in the display text
 * itself (an id).
 */
function matchOf(
  word: string,
  columns: readonly AnyPgColumn[],
  text: SQL,
  target: Resource,
): SQL | undefined {
  if (columns.length === 0) return sql`${text} ilike ${containsPattern(word)}`;
  const foldedCopyOf = (column: AnyPgColumn) => target.columns.find((c) => c.stored === column)?.folded;
  return or(...columns.map((column) => containsFolded(column, word, foldedCopyOf(column))));
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
  const words = lookupWords(query.Search);
  const searched = searchedColumnsOf(display, target);
  const conditions = [
    rowCondition,
    query.Values ? inArray(id, query.Values.slice(0, 100)) : undefined,
    ...words.map((word) => matchOf(word, searched, text, target)),
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
