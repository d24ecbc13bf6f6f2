import type { OptionItem } from '@panelwright/contract';
import { readObject, readText, sameValue } from '../values';

/**
 * Where a lookup asks for a field's options: `{api}/Lookup` with `Field: field`. The server sets it
 * (`more.lookup`) on the Add new control, the column and the select filter of a one-value field
 * whose option list grows (a relation's other side, categories, users, projects, products).
 */
export type LookupRelation = { api: string; field: string };

const NAME = /^[A-Za-z][A-Za-z0-9_]{0,99}$/;

/** The relation of an object's `lookup` (a control's, a column's or a filter's `more`), if it names one. */
export function readLookupRelation(more: unknown): LookupRelation | undefined {
  const lookup = readObject(readObject(more)?.lookup);
  const api = readText(lookup?.api);
  const field = readText(lookup?.field);
  return api && field && NAME.test(api) && NAME.test(field) ? { api, field } : undefined;
}

/**
 * The record id a lookup's value names: a positive whole number, or its digits (a value read back
 * from an address or a form); null for anything else, which is never sent to the server.
 */
export function lookupId(value: unknown): number | null {
  const id =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\d{1,15}$/.test(value.trim())
        ? Number(value.trim())
        : Number.NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The option among those known (picked, or read by id) that a value names. */
export function knownOption(value: unknown, known: readonly OptionItem[]): OptionItem | undefined {
  return known.find((option) => sameValue(option.Value, value));
}

/**
 * The ids whose texts are still to be read (`Values` of one Lookup call): the values' ids that no
 * known option names, each once, at most `limit` (the Lookup call's own bound).
 */
export function idsToRead(values: readonly unknown[], known: readonly OptionItem[], limit = 100): number[] {
  const ids: number[] = [];
  for (const value of values) {
    const id = lookupId(value);
    if (id === null || ids.includes(id) || knownOption(id, known)) continue;
    ids.push(id);
    if (ids.length === limit) break;
  }
  return ids;
}

/** The option the arrows move to in a lookup's list: round from the last to the first and back. */
export function movedActive(key: 'ArrowDown' | 'ArrowUp', active: number, count: number): number {
  if (count <= 0) return -1;
  if (key === 'ArrowDown') return (active + 1) % count;
  return active <= 0 ? count - 1 : active - 1;
}
