import type { Collection, OptionItem } from '@panelwright/contract';
import { and, asc, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { badRequest, HttpError } from '../../lib/errors';
import type { Actor, ResourceService } from '../resources/service';
import { displayOf, orderColumnOf } from './runtime';

export type LookupQuery = {
  Field: string;
  Search: string;
  Page: number;
  PageSize: number;
  Values?: number[] | undefined;
};

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
  const id = target.table.id;
  const text = displayOf(field.Display, target, id);
  const order = orderColumnOf(field.Display, target);
  const words = query.Search.trim().split(/\s+/).filter(Boolean).slice(0, 5);
  const escaped = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const conditions = [
    rowCondition,
    query.Values ? inArray(id, query.Values.slice(0, 100)) : undefined,
    ...words.map((word) => sql`${text} ilike ${escaped(word)}`),
  ];
  const rows = (await db
    .select({ Value: id, Text: sql<string>`${text}` })
    .from(target.table)
    .where(and(...conditions))
    // By the display's first field (an index on a collection), not the whole text: a page of a
    // million records is read in order, not sorted.
    .orderBy(...(order ? [asc(order)] : []), asc(id))
    .limit(query.PageSize + 1)
    .offset((query.Page - 1) * query.PageSize)) as OptionItem[];
  return { Data: rows.slice(0, query.PageSize), HasMore: rows.length > query.PageSize };
}
