import type { ColumnDef, OptionItem } from '@panelwright/contract';
import { FILTER_TYPES } from '@panelwright/contract/constants';
import type { PreparedColumn } from '../../engine/columns';
import { prepareColumn, prepareColumns } from '../../engine/columns';
import { type FilterDefinition, filterDefinitionOf, filterLookup } from '../../engine/filters';
import type { FormControl } from '../../engine/forms';
import { parseJsonText, readObject, readText } from '../../engine/values';

/** The table variants of screen-config.md. */
export const TABLE_VARIANTS = ['table', 'table_list', 'table_list_card', 'table_grid_card'] as const;
export type TableVariant = (typeof TABLE_VARIANTS)[number];

/** Cards per row of the grid variant when the screen gives none (part 1 section 9). */
export const DEFAULT_GRID_COLUMNS = 5;

/** `ScreenConfig` of `{APIName}/Options` (screen-config.md), read leniently: anything missing is a default. */
export type TableScreenConfig = {
  page: { isGetOptions: boolean; sizePerPage: number | undefined; title: string | undefined };
  header: { showAddNew: boolean; showExport: boolean; buttonList: Record<string, unknown>[] };
  table: {
    canDelete: boolean;
    showID: boolean;
    expand: Record<string, unknown> | undefined;
    /** Its records have a history and comments (`Table.activity`, every resource but a log's). */
    activity: boolean;
    rowStyleField: string | undefined;
    variant: TableVariant | undefined;
    gridColumns: number;
    /** The fields the screen may be sorted by, when the Options name them (before any List answer). */
    sortable: ReadonlySet<string> | undefined;
  };
  filter: { show: boolean; require4ShowData: boolean; items: FilterDefinition[] | undefined };
  addNew: { controls: FormControl[]; closeMyModalAfterSubmit: boolean };
};

const objectsOf = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value)
    ? value.filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null)
    : [];

function filterItem(item: Record<string, unknown>): FilterDefinition | null {
  const type = readText(item.type);
  const fieldName = readText(item.fieldName);
  if (!type || !fieldName || !(FILTER_TYPES as readonly string[]).includes(type)) return null;
  const more = readObject(item.more);
  return {
    type: type as FilterDefinition['type'],
    fieldName,
    title: readText(item.title) ?? fieldName,
    isServer: item.isServer === true,
    more,
    optionKey: readText(item.optionKey),
    ...filterLookup(type as FilterDefinition['type'], more),
  };
}

/** Reads `ScreenConfig` (JSON text or an object); text that is not JSON gives the defaults. */
export function parseScreenConfig(text: unknown): TableScreenConfig {
  const root = (typeof text === 'string' ? readObject(parseJsonText(text)) : readObject(text)) ?? {};
  const page = readObject(root.Page) ?? {};
  const header = readObject(root.Header) ?? {};
  const table = readObject(root.Table) ?? {};
  const filter = readObject(root.Filter) ?? {};
  const addNew = readObject(root.AddNew) ?? {};
  const variant = readText(table.variant);
  const gridColumns = Number(table.gridColumns);
  return {
    page: {
      isGetOptions: page.isGetOptions !== false,
      sizePerPage: typeof page.sizePerPage === 'number' ? page.sizePerPage : undefined,
      title: readText(page.title),
    },
    header: {
      showAddNew: header.showAddNew === true,
      showExport: header.showExport === true,
      buttonList: objectsOf(header.buttonList),
    },
    table: {
      canDelete: table.canDelete === true,
      showID: table.showID === true,
      expand: readObject(table.expand),
      activity: table.activity === true,
      rowStyleField: readText(table.rowStyleField),
      variant: (TABLE_VARIANTS as readonly string[]).includes(variant ?? '')
        ? (variant as TableVariant)
        : undefined,
      gridColumns: Number.isInteger(gridColumns) && gridColumns > 0 ? gridColumns : DEFAULT_GRID_COLUMNS,
      sortable: Array.isArray(table.sortable)
        ? new Set(table.sortable.filter((field): field is string => typeof field === 'string'))
        : undefined,
    },
    filter: {
      show: filter.show !== false,
      require4ShowData: filter.require4ShowData === true,
      items: Array.isArray(filter.items)
        ? objectsOf(filter.items)
            .map(filterItem)
            .filter((item): item is FilterDefinition => item !== null)
        : undefined,
    },
    addNew: {
      controls: objectsOf(addNew.controls).filter((c) => typeof c.fieldName === 'string') as FormControl[],
      closeMyModalAfterSubmit: addNew.closeMyModalAfterSubmit !== false,
    },
  };
}

/** The option lists of an Options answer: `{Key}List` arrays, by `Key`. */
export function readOptionLists(answer: unknown): Record<string, OptionItem[]> {
  const lists: Record<string, OptionItem[]> = {};
  for (const [key, value] of Object.entries(readObject(answer) ?? {})) {
    if (key.endsWith('List') && Array.isArray(value) && key !== 'ButtonList') {
      lists[key.slice(0, -'List'.length)] = value.filter(
        (item): item is OptionItem => typeof item === 'object' && item !== null && 'Value' in item,
      );
    }
  }
  return lists;
}

/** The screen's filters: `Filter.items` when configured, else the columns' own `Filter`s. */
export function filterDefinitions(config: TableScreenConfig, columns: Record<string, ColumnDef> | undefined) {
  if (!config.filter.show) return [];
  if (config.filter.items) return config.filter.items;
  return Object.entries(columns ?? {})
    .map(([key, def]) => filterDefinitionOf({ ...def, fieldName: def.fieldName || key }))
    .filter((item): item is FilterDefinition => item !== null);
}

/**
 * The fields the table may be sorted by: the Options' `Table.sortable` when they name them, else the
 * List answer's columns that can sort once they are known; `undefined` while nothing says.
 */
export function offeredSorts(
  config: TableScreenConfig,
  columns: Record<string, ColumnDef>,
): ReadonlySet<string> | undefined {
  if (config.table.sortable) return config.table.sortable;
  const defs = Object.entries(columns);
  if (defs.length === 0) return undefined;
  return new Set(defs.filter(([, def]) => def.CanSort === true).map(([key, def]) => def.fieldName || key));
}

/** The delete column the table adds when the screen allows deleting and the columns have none. */
const DELETE_COLUMN: ColumnDef = {
  fieldName: 'UI_Delete',
  Header: '',
  CanShow: true,
  CanEdit: false,
  CanSort: false,
  Index: 0,
  Type: { type: 'delete' },
};

/** The columns of a List answer, prepared once, with the delete column when `Table.canDelete`. */
export function tableColumns(
  columns: Record<string, ColumnDef> | undefined,
  config: TableScreenConfig,
): PreparedColumn[] {
  const prepared = prepareColumns(columns ?? {});
  if (config.table.canDelete && !prepared.some((column) => column.cellType === 'delete')) {
    prepared.push(prepareColumn(DELETE_COLUMN));
  }
  return prepared;
}

/** The expansion of rows whose screen declares none: one object, as memoised rows compare by identity. */
const UNDECLARED_EXPANSION: Record<string, unknown> = Object.freeze({});

/**
 * What a row of a list expands to: the screen's `expand`; on a resource whose records have comments
 * and history, every row expands (to its fields, then the way to its comments and history).
 */
export function rowExpansionOf(table: TableScreenConfig['table']): Record<string, unknown> | undefined {
  return table.expand ?? (table.activity ? UNDECLARED_EXPANSION : undefined);
}
