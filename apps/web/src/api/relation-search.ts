import type { OptionItem } from '@panelwright/contract';
import type { LookupRelation } from '../engine/lookup';
import { lookupRecords } from './lookup';

// What every lookup box asks of `{APIName}/Lookup` (a form's control, a table's filter, a cell's
// editor): one way to search a relation and one to read its records' texts back.

/** The matches a lookup (a form's, a filter's, a cell's editor) offers at a time. */
const LOOKUP_PAGE_SIZE = 20;

/** One page of a relation's records matching what was typed, for a lookup box. */
export async function searchRelation(relation: LookupRelation, text: string): Promise<OptionItem[]> {
  return (
    await lookupRecords(relation.api, { Field: relation.field, Search: text, PageSize: LOOKUP_PAGE_SIZE })
  ).Data;
}

/** The texts of a relation's records by their ids (a value read back from an address or a form). */
export async function relationTexts(relation: LookupRelation, ids: number[]): Promise<OptionItem[]> {
  return (await lookupRecords(relation.api, { Field: relation.field, Values: ids })).Data;
}
