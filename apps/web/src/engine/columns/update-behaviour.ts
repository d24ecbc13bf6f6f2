import type { ColumnMore } from '@panelwright/contract';
import { type Row, readObject, splitCommaList } from '../values';
import type { CellContext } from './cell-context';

export type CellUpdateBehaviour = {
  /** Other fields of the row to re-render after this cell's update (`updateUIRelative`). */
  relatedFields: string[];
  /** The cell waits while an api of its row runs. */
  waitApi: boolean;
  /** Row fields copied into the update request's `RequestData` (`customRowBeforeRequest`). */
  requestDataFromRow: Record<string, unknown>;
  /** The `DefaultValues` sent with a form or action of this cell. */
  defaultValues: Record<string, unknown>;
  /** The column's own update function, called instead of `{APIName}/UpdateFields` (`updateFunction`). */
  updateFunction: UpdateFunction | null;
};

/** A call that takes the UpdateFields body: `{path}/{name}`, the screen's APIName when no path. */
export type UpdateFunction = { path: string | null; name: string };

const CALL_NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

/**
 * `updateFunction` (part 2 section 7: "a column-specific update function can replace" the generic
 * one): `"UpdatePrice"` on the screen's APIName, or `"Controller/UpdatePrice"`. Anything that is not
 * a plain call name is ignored, and the generic UpdateFields is used.
 */
export function readUpdateFunction(value: unknown): UpdateFunction | null {
  if (typeof value !== 'string') return null;
  const parts = value.trim().split('/');
  if (parts.length === 1 && CALL_NAME.test(parts[0] ?? '')) return { path: null, name: parts[0] as string };
  if (parts.length === 2 && parts.every((part) => CALL_NAME.test(part)))
    return { path: parts[0] as string, name: parts[1] as string };
  return null;
}

/** `customRowBeforeRequest`: the listed row fields, copied. */
export function requestDataFromRow(more: ColumnMore, row: Row): Record<string, unknown> {
  const copied: Record<string, unknown> = {};
  for (const field of splitCommaList(more.customRowBeforeRequest)) copied[field] = row[field];
  return copied;
}

/**
 * `DefaultValues`: the fixed `customDefaultValues`, then the row fields of `fDefaultValues` (a comma
 * list of fields sent under their own name, or a map of name to row field), then the names of
 * `excludeDefaultValues` removed.
 */
export function buildDefaultValues(more: ColumnMore, row: Row): Record<string, unknown> {
  const values: Record<string, unknown> = { ...readObject(more.customDefaultValues) };
  const fromRow = more.fDefaultValues;
  const mapping = readObject(fromRow);
  if (mapping) {
    for (const [name, field] of Object.entries(mapping)) {
      if (typeof field === 'string') values[name] = row[field];
    }
  } else {
    for (const field of splitCommaList(fromRow)) values[field] = row[field];
  }
  for (const excluded of splitCommaList(more.excludeDefaultValues)) delete values[excluded];
  return values;
}

export function resolveUpdateBehaviour({ more, row }: CellContext): CellUpdateBehaviour {
  return {
    relatedFields: splitCommaList(more.updateUIRelative),
    waitApi: more.waitApi === true,
    requestDataFromRow: requestDataFromRow(more, row),
    defaultValues: buildDefaultValues(more, row),
    updateFunction: readUpdateFunction(more.updateFunction),
  };
}
