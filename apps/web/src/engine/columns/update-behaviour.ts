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
};

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
  };
}
