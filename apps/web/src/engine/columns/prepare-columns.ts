import type { ColumnDef, ColumnMore } from '@panelwright/contract';
import { DELETE_COLUMN_INDEX, REMOVE_COLUMN_INDEX } from '@panelwright/contract/constants';
import { parseJsonText, type Style } from '../values';
import { parseColumnMore, type Warn } from './column-more';

/** A column definition read once per List answer: its options parsed, header and order settled. */
export type PreparedColumn = {
  def: ColumnDef;
  fieldName: string;
  /** `Type.type`, `readonly` when missing. */
  cellType: string;
  header: string;
  /** The header's JSON object when the header was given as JSON text. */
  headerConfig: Record<string, unknown> | undefined;
  more: ColumnMore;
  /** false when `Type.more` was not valid JSON (the options are then empty). */
  moreValid: boolean;
  /** The place of the column: `Index`, or the fixed place of the delete and remove columns. */
  index: number;
};

/** Columns the table draws itself, with their fixed place and width (30 to 40 px). */
export const SPECIAL_COLUMNS = {
  delete: { index: DELETE_COLUMN_INDEX, width: 40 },
  remove: { index: REMOVE_COLUMN_INDEX, width: 40 },
  expand: { index: undefined, width: 30 },
  select: { index: undefined, width: 30 },
} as const satisfies Record<string, { index: number | undefined; width: number }>;
export type SpecialColumn = keyof typeof SPECIAL_COLUMNS;

function isSpecialColumn(name: string): name is SpecialColumn {
  return Object.hasOwn(SPECIAL_COLUMNS, name);
}

/** A header is plain text, or JSON text of an object whose `header` key is the text. */
export function parseHeader(header: string | null | undefined): {
  text: string;
  config: Record<string, unknown> | undefined;
} {
  const raw = header ?? '';
  if (raw.trim().startsWith('{')) {
    const parsed = parseJsonText(raw);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
      const config = parsed as Record<string, unknown>;
      const text = config.header;
      return { text: typeof text === 'string' ? text : '', config };
    }
  }
  return { text: raw, config: undefined };
}

/** The place of a column: the delete column is always at 1000, the remove column at 999. */
export function columnIndex(def: Pick<ColumnDef, 'Index' | 'Type'>): number {
  const type = def.Type?.type;
  if (type && isSpecialColumn(type)) {
    const fixed = SPECIAL_COLUMNS[type].index;
    if (fixed !== undefined) return fixed;
  }
  return typeof def.Index === 'number' && Number.isFinite(def.Index) ? def.Index : 0;
}

/** Reads one column definition. */
export function prepareColumn(def: ColumnDef, warn?: Warn): PreparedColumn {
  const fieldName = def.fieldName;
  const { options, valid } = parseColumnMore(def.Type?.more, fieldName, warn);
  const header = parseHeader(def.Header);
  return {
    def,
    fieldName,
    cellType: def.Type?.type || 'readonly',
    header: header.text,
    headerConfig: header.config,
    more: options,
    moreValid: valid,
    index: columnIndex(def),
  };
}

/**
 * Reads the columns of a List answer (keyed by field name, or a list) and orders them by their place;
 * columns at the same place keep the server's order. Hidden columns (`CanShow` false) are left out
 * unless asked for.
 */
export function prepareColumns(
  columns: Record<string, ColumnDef> | readonly ColumnDef[],
  options: { warn?: Warn; includeHidden?: boolean } = {},
): PreparedColumn[] {
  const entries = Array.isArray(columns)
    ? (columns as readonly ColumnDef[])
    : Object.entries(columns as Record<string, ColumnDef>).map(([key, def]) => ({
        ...def,
        fieldName: def.fieldName || key,
      }));
  return entries
    .map((def, order) => ({ column: prepareColumn(def, options.warn), order }))
    .filter(({ column }) => options.includeHidden || column.def.CanShow !== false)
    .sort((a, b) => a.column.index - b.column.index || a.order - b.order)
    .map(({ column }) => column);
}

/** Cell types that are special columns themselves (`select` is also an ordinary cell type: a drop-down). */
const SPECIAL_CELL_TYPES: readonly string[] = ['delete', 'remove'];

/** The width style of a column: fixed for the delete and remove columns, the configured `Width` otherwise. */
export function columnWidthStyle(column: Pick<PreparedColumn, 'cellType' | 'def'>): Style {
  if (SPECIAL_CELL_TYPES.includes(column.cellType) && isSpecialColumn(column.cellType)) {
    const { width } = SPECIAL_COLUMNS[column.cellType];
    return { width, minWidth: width, maxWidth: width };
  }
  const width = column.def.Width;
  return typeof width === 'number' && width > 0 ? { width } : {};
}

/** The width style of a helper column the table adds (expand toggle, row selection). */
export function specialColumnWidthStyle(kind: SpecialColumn): Style {
  const { width } = SPECIAL_COLUMNS[kind];
  return { width, minWidth: width, maxWidth: width };
}
