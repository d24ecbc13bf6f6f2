import type { ColumnDef, FilterOutput, FilterType, ListFilter, OptionItem } from '@panelwright/contract';
import { EMPTY_OPTION_VALUE, FILTER_TYPES } from '@panelwright/contract/constants';
import { parseHeader } from '../columns/prepare-columns';
import { toDayjs } from '../formats/date';
import { splitMultiSelect } from '../formats/multi-select';
import { type LookupRelation, readLookupRelation } from '../lookup';
import {
  isFalseFlag,
  isTrueFlag,
  isTruthyFlag,
  type Row,
  readObject,
  readText,
  sameValue,
  splitCommaList,
  valueText,
} from '../values';
import {
  DATE_RANGE_VALUE_FORMAT,
  dateRangeForPreset,
  formatDateRangeDisplay,
  isDateRangePreset,
  normalizeDateRange,
} from './date-range';

/** A filter as configured: a column's `Filter` or an item of the screen's `Filter.items`. */
export type FilterDefinition = {
  type: FilterType;
  fieldName: string;
  title?: string;
  /** Sent to the server; otherwise it filters the loaded rows. */
  isServer?: boolean;
  /** The filter's own options (parsed from `Filter.more` JSON text). */
  more?: Record<string, unknown>;
  optionKey?: string;
  /** A select filter of a list that grows (`more.lookup`): typed into, its options asked of the server. */
  lookup?: LookupRelation;
};

/** The lookup of a select filter whose list grows (the server's `more.lookup`); other filters have none. */
export function filterLookup(type: FilterType, more: unknown): { lookup?: LookupRelation } {
  const lookup = type === 'select' ? readLookupRelation(more) : undefined;
  return lookup ? { lookup } : {};
}

/** The control a filter is drawn with: its type's, or the lookup for a select filter of a list that grows. */
export type FilterControlKind = FilterType | 'lookup';

export function filterControlKind(definition: FilterDefinition): FilterControlKind {
  return definition.type === 'select' && definition.lookup ? 'lookup' : definition.type;
}

export type FilterBuildContext = {
  /** The option list of a select or multiselect filter, to show labels. */
  options?: readonly OptionItem[];
  /** For date-range presets. */
  now?: Date | string | number;
};

/** The filter of a column definition, or null when the column has none. */
export function filterDefinitionOf(column: ColumnDef): FilterDefinition | null {
  const filter = column.Filter;
  if (!filter || !(FILTER_TYPES as readonly string[]).includes(filter.type)) return null;
  const more = readObject(filter.more);
  return {
    type: filter.type,
    fieldName: column.fieldName,
    title: filter.title ?? parseHeader(column.Header).text,
    isServer: filter.isServer === true,
    more,
    optionKey: filter.optionKey,
    ...filterLookup(filter.type, more),
  };
}

/** Lower case without accents, so that "Đà Nẵng" matches "da nang". */
export function searchableText(value: unknown): string {
  return valueText(value)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toLowerCase()
    .trim();
}

function optionLabel(value: unknown, options: readonly OptionItem[] | undefined): string {
  const option = options?.find((item) => sameValue(item.Value, value));
  return option ? option.Text : valueText(value);
}

/** How one filter type turns a picked value into its output and tests rows. */
type FilterKind = {
  /** The picked value, cleaned; null when it filters nothing. */
  normalize(value: unknown, definition: FilterDefinition, context: FilterBuildContext): unknown;
  display(value: unknown, definition: FilterDefinition, context: FilterBuildContext): string;
  serverValue(value: unknown): unknown;
  clientValue(value: unknown): unknown;
  matches(row: Row, output: FilterOutput): boolean;
};

const separatorOf = (output: { more?: unknown }) => readText(readObject(output.more)?.separator) ?? ',';

const textKind: FilterKind = {
  normalize: (value) => (valueText(value).trim() === '' ? null : valueText(value).trim()),
  display: (value) => valueText(value),
  serverValue: (value) => value,
  clientValue: (value) => searchableText(value),
  matches: (row, output) =>
    searchableText(row[output.fieldName]).includes(valueText(output.valueFilterClient)),
};

/**
 * One entry per filter type of `Filter.type`. A new filter type is one entry here.
 * - text: the field contains the text (case and accents ignored);
 * - search: the same over the fields of `more.fields` (comma list), or the filter's field;
 * - select: the field equals the value (`_empty_` means no filter);
 * - multiselect: the field (itself possibly a separated list) holds any of the values;
 * - checkbox: Any / Yes / No: `true` keeps the rows whose field is truthy, `false` those whose field is
 *   not (a flag that is off, or none); no value filters nothing;
 * - daterange: the field's date is within start and end, inclusive (a preset name is accepted).
 */
export const FILTER_KINDS: Record<FilterType, FilterKind> = {
  text: textKind,
  search: {
    ...textKind,
    matches: (row, output) => {
      const fields = splitCommaList(readObject(output.more)?.fields);
      const needle = valueText(output.valueFilterClient);
      return (fields.length > 0 ? fields : [output.fieldName]).some((field) =>
        searchableText(row[field]).includes(needle),
      );
    },
  },
  select: {
    normalize: (value) => {
      const picked = Array.isArray(value) ? value[0] : value;
      return valueText(picked) === '' || picked === EMPTY_OPTION_VALUE ? null : picked;
    },
    display: (value, _definition, context) => optionLabel(value, context.options),
    serverValue: (value) => value,
    clientValue: (value) => valueText(value),
    matches: (row, output) => sameValue(row[output.fieldName], output.valueFilterClient),
  },
  multiselect: {
    normalize: (value, definition) => {
      const values = (Array.isArray(value) ? value : splitMultiSelect(value, separatorOf(definition))).filter(
        (item) => valueText(item) !== '' && item !== EMPTY_OPTION_VALUE,
      );
      return values.length === 0 ? null : values;
    },
    display: (value, _definition, context) =>
      (value as unknown[]).map((item) => optionLabel(item, context.options)).join(', '),
    serverValue: (value) => value,
    clientValue: (value) => (value as unknown[]).map(valueText),
    matches: (row, output) => {
      const wanted = new Set(output.valueFilterClient as string[]);
      return splitMultiSelect(row[output.fieldName], separatorOf(output)).some((item) => wanted.has(item));
    },
  },
  checkbox: {
    normalize: (value) => (isTrueFlag(value) ? true : isFalseFlag(value) ? false : null),
    display: (value) => (value === true ? 'Yes' : 'No'),
    serverValue: (value) => value,
    clientValue: (value) => value,
    matches: (row, output) => isTruthyFlag(row[output.fieldName]) === output.valueFilterClient,
  },
  daterange: {
    normalize: (value, _definition, context) =>
      isDateRangePreset(value)
        ? dateRangeForPreset(value, context.now ?? new Date())
        : normalizeDateRange(value),
    display: (value) => formatDateRangeDisplay(value as { start: string; end: string }),
    serverValue: (value) => value,
    clientValue: (value) => value,
    matches: (row, output) => {
      const range = output.valueFilterClient as { start: string; end: string };
      const date = toDayjs(row[output.fieldName]);
      if (!date) return false;
      const day = date.format(DATE_RANGE_VALUE_FORMAT);
      return day >= range.start && day <= range.end;
    },
  },
};

/**
 * The output of a filter for a picked value (part 1 section 3), or null when the value filters
 * nothing (empty text, no selection, unchecked box, no valid range).
 */
export function buildFilterOutput(
  definition: FilterDefinition,
  value: unknown,
  context: FilterBuildContext = {},
): FilterOutput | null {
  const kind = FILTER_KINDS[definition.type];
  const normalized = kind.normalize(value, definition, context);
  if (normalized === null || normalized === undefined) return null;
  return {
    type: definition.type,
    fieldName: definition.fieldName,
    isServer: definition.isServer === true,
    more: definition.more,
    title: definition.title ?? definition.fieldName,
    value: normalized,
    valueDisplay: kind.display(normalized, definition, context),
    valueFilterServer: kind.serverValue(normalized),
    valueFilterClient: kind.clientValue(normalized),
  };
}

/** The `Filters` of a List request: the server filters. */
export function toServerFilters(outputs: readonly FilterOutput[]): ListFilter[] {
  return outputs
    .filter((output) => output.isServer)
    .map((output) => ({ FieldName: output.fieldName, Type: output.type, Value: output.valueFilterServer }));
}

/** A test of loaded rows against every client filter (all must hold). */
export function clientFilterPredicate(outputs: readonly FilterOutput[]): (row: Row) => boolean {
  const clientOutputs = outputs.filter((output) => !output.isServer);
  return (row) => clientOutputs.every((output) => FILTER_KINDS[output.type].matches(row, output));
}

/** The loaded rows the client filters keep. */
export function applyClientFilters<R extends Row>(rows: readonly R[], outputs: readonly FilterOutput[]): R[] {
  const keep = clientFilterPredicate(outputs);
  return rows.filter(keep);
}
