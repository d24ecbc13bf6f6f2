import {
  type ColumnDef,
  getCoreRowModel,
  type Header,
  type SortingState,
  useReactTable,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  type CSSProperties,
  memo,
  useCallback,
  useDeferredValue,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
} from 'react';
import { type CellActions, CellFrame, type Translate } from '../../cells';
import {
  columnWidthStyle,
  isRowActionColumn,
  type PreparedColumn,
  SPECIAL_COLUMNS,
  specialColumnWidthStyle,
} from '../../engine/columns';
import { HEADER_PADDING_PX, headerFitWidth, SORT_MARK_PX } from '../../engine/columns/header-width';
import { isRowExpanded, rowClassName, rowStyle, rowVisualState, type TableRow } from '../../engine/rows';
import { frozenOffsets, ROW_HEIGHTS } from '../../engine/table-look/table-look';
import { joinClassNames } from '../../engine/values';
import { useRecordActivityOpener } from './activity/open-record-activity';
import type { RowSelectionState } from './bulk/use-row-selection';
import { PERF_MARKS } from './cell-actions';
import { useGridKeyboard } from './grid-keyboard';
import { measureFromObserver, observeRectAfterLayout, scrollUnlessInPlace } from './measure';
import { RowExpansion } from './row-expansion';
import { rowKey } from './row-store';
import { rowExpansionOf } from './screen-config';
import type { TableController } from './use-table-controller';
import { useTableDensity } from './use-table-density';

/** Estimated height of a row before it is measured (comfortable density). */
export const ROW_HEIGHT = ROW_HEIGHTS.comfortable;
/** Cell types whose values line up on the right, digits of one width. */
const NUMERIC_TYPES = new Set(['number', 'money', 'percent']);
/** Width of the row selection's column. */
const SELECT_COLUMN_WIDTH = 36;
/** Rows drawn beyond the visible ones on each side. */
export const OVERSCAN = 4;
/** Width of a column that gives none. */
const DEFAULT_COLUMN_WIDTH = 150;

type ColumnMeta = { column: PreparedColumn };

function configuredWidth(column: PreparedColumn): number {
  const style = columnWidthStyle(column);
  return typeof style.width === 'number' ? style.width : DEFAULT_COLUMN_WIDTH;
}

/**
 * Measures a header's word or line as the header draws it (the page's font, bold: a little wider than
 * a sort button's text, never narrower), on a canvas: no layout of the page is read or forced. The
 * font is read once.
 */
function measureHeaderText(text: string): number {
  // The Options answer and then the List answer (its columns) each work the widths out: a text is
  // measured once a page (issue 26: the List answer's render is one task on a phone).
  const known = headerTextWidths.get(text);
  if (known !== undefined) return known;
  const width = headerCanvasReady()?.measureText(text).width ?? 0;
  headerTextWidths.set(text, width);
  return width;
}
/** The canvas, with the headers' font: reading the page's font recalculates its styles, once. */
function headerCanvasReady(): CanvasRenderingContext2D | null {
  if (headerCanvas === undefined) {
    headerCanvas = document.createElement('canvas').getContext('2d');
    if (headerCanvas) {
      const body = getComputedStyle(document.body);
      headerCanvas.font = `bold ${body.fontSize || '16px'} ${body.fontFamily || 'sans-serif'}`;
      // The first text measured in a font looks the font up: done here, ahead of the headers.
      headerCanvas.measureText('Name');
    }
  }
  return headerCanvas;
}
let headerCanvas: CanvasRenderingContext2D | null | undefined;
const headerTextWidths = new Map<string, number>();
// Ready while the screen waits for its Options answer rather than inside its first render, where the
// style recalculation it forces covers the freshly drawn page (issue 26).
if (typeof window !== 'undefined' && 'requestIdleCallback' in window) {
  requestIdleCallback(() => headerCanvasReady());
}

/** The row's own style; a background also becomes Bootstrap's table-cell background. */
function rowStyleOf(row: TableRow, field: string | undefined): CSSProperties {
  const style = rowStyle(row, field) as CSSProperties & Record<string, string | number>;
  if (style.backgroundColor) style['--bs-table-bg'] = style.backgroundColor;
  return style;
}

type GridRowProps = {
  row: TableRow;
  rowId: string;
  index: number;
  columns: PreparedColumn[];
  actions: CellActions;
  t: Translate;
  fullRowFields: string[];
  rowStyleField: string | undefined;
  expand: Record<string, unknown> | undefined;
  onActivity: ((id: number) => void) | undefined;
  onToggle(key: string): void;
  measure(element: Element | null): void;
  /** With row selection (bulk actions): whether this row is chosen, and the click on its box. */
  selected?: boolean | undefined;
  onSelect?: ((id: number, shift: boolean) => void) | undefined;
};

/**
 * One row (and its expansion) in a `tbody` of its own, so that the virtualiser measures both as one
 * item. Memoised on the row object: scrolling mounts new rows, changes re-render only the row changed.
 */
const GridRow = memo(function GridRow({
  row,
  rowId,
  index,
  columns,
  actions,
  t,
  fullRowFields,
  rowStyleField,
  expand,
  onToggle,
  onActivity,
  measure,
  selected,
  onSelect,
}: GridRowProps) {
  const visual = rowVisualState(row, fullRowFields);
  const expanded = expand !== undefined && isRowExpanded(row);
  return (
    <tbody ref={measure} data-index={index} className="grid-row-group">
      <tr
        data-row-id={rowId}
        aria-rowindex={index + 2}
        className={joinClassNames(
          rowClassName(row),
          visual.loadingOverlay && 'row-loading',
          visual.justNew && 'row-just-new',
          visual.justDeleted && 'row-just-deleted',
        )}
        style={rowStyleOf(row, rowStyleField)}
        aria-busy={visual.loadingOverlay ? true : undefined}
        aria-selected={onSelect ? selected === true : undefined}
      >
        {onSelect && (
          <td className="cell cell-select">
            <input
              type="checkbox"
              className="form-check-input"
              checked={selected === true}
              aria-label={t('Select row {{id}}', { id: rowId })}
              onClick={(event) => onSelect(Number(row.Id), event.shiftKey)}
              onChange={() => {}}
            />
          </td>
        )}
        {expand !== undefined && (
          <td className="cell cell-expand">
            <button
              type="button"
              className="btn btn-link btn-sm p-0"
              aria-expanded={expanded}
              aria-label={
                expanded
                  ? t('Hide details of row {{id}}', { id: rowId })
                  : t('Show details of row {{id}}', { id: rowId })
              }
              onClick={() => onToggle(rowId)}
            >
              <i className={`bi bi-chevron-${expanded ? 'down' : 'right'}`} aria-hidden="true" />
            </button>
          </td>
        )}
        {columns.map((column) => (
          <CellFrame key={column.fieldName} column={column} row={row} actions={actions} />
        ))}
      </tr>
      {expanded && expand && (
        <tr className="row-expansion" data-expansion-of={rowId}>
          <td colSpan={columns.length + 1 + (onSelect ? 1 : 0)}>
            <RowExpansion
              row={row}
              columns={columns}
              actions={actions}
              config={expand}
              onActivity={onActivity}
            />
          </td>
        </tr>
      )}
    </tbody>
  );
});

function SortMark({ header, multi }: { header: Header<TableRow, unknown>; multi: boolean }) {
  const direction = header.column.getIsSorted();
  if (!direction) return <i className="bi bi-arrow-down-up sort-idle" aria-hidden="true" />;
  return (
    <>
      <i className={`bi bi-sort-${direction === 'asc' ? 'up' : 'down'}`} aria-hidden="true" />
      {multi && <sup className="sort-order">{header.column.getSortIndex() + 1}</sup>}
    </>
  );
}

const GridHeader = memo(function GridHeader({
  headers,
  sorting,
  expandable,
  t,
  sortHintId,
  selectAll,
}: {
  headers: Header<TableRow, unknown>[];
  sorting: SortingState;
  expandable: boolean;
  t: Translate;
  sortHintId: string;
  selectAll?: { state: 'all' | 'some' | 'none'; toggle(): void } | undefined;
}) {
  const multi = sorting.length > 1;
  return (
    <thead>
      <tr aria-rowindex={1}>
        {selectAll && (
          <th scope="col" className="cell-select">
            <input
              type="checkbox"
              className="form-check-input"
              aria-label={t('Select the rows of this page')}
              checked={selectAll.state === 'all'}
              ref={(box) => {
                if (box) box.indeterminate = selectAll.state === 'some';
              }}
              onChange={selectAll.toggle}
            />
          </th>
        )}
        {expandable && (
          <th scope="col" className="cell-expand">
            <span className="visually-hidden">{t('Details')}</span>
          </th>
        )}
        {headers.map((header) => {
          const { column } = (header.column.columnDef.meta ?? {}) as ColumnMeta;
          const title = t(column.header);
          const sorted = header.column.getIsSorted();
          const canSort = header.column.getCanSort();
          return (
            <th
              key={header.id}
              scope="col"
              data-field={column.fieldName}
              data-row-action={isRowActionColumn(column) || undefined}
              className={
                joinClassNames(canSort && 'sortable', NUMERIC_TYPES.has(column.cellType) && 'numeric') ||
                undefined
              }
              // The whole header text, also where a narrow column wraps it.
              title={title || undefined}
              // Where a taller neighbour leaves room under the button, that room sorts too (the
              // keyboard reaches the button: Enter on the header cell).
              onClick={
                canSort
                  ? (event) => {
                      if (event.target === event.currentTarget)
                        header.column.getToggleSortingHandler()?.(event);
                    }
                  : undefined
              }
              aria-sort={
                sorted === 'asc'
                  ? 'ascending'
                  : sorted === 'desc'
                    ? 'descending'
                    : canSort
                      ? 'none'
                      : undefined
              }
            >
              {canSort ? (
                // The button fills the header: a click anywhere on it sorts.
                <button
                  type="button"
                  className="sort-button"
                  onClick={header.column.getToggleSortingHandler()}
                  aria-describedby={sortHintId}
                >
                  <span className="sort-title">{title}</span> <SortMark header={header} multi={multi} />
                </button>
              ) : (
                title || (
                  <span className="visually-hidden">
                    {column.cellType === 'delete'
                      ? t('Delete')
                      : column.cellType === 'remove'
                        ? t('Remove')
                        : t('Row action')}
                  </span>
                )
              )}
            </th>
          );
        })}
      </tr>
    </thead>
  );
});

/**
 * The `table` variant: TanStack Table holds the column model and the (server) sort state; TanStack
 * Virtual draws only the rows in view plus a few (spacer rows keep the scroll height). Columns have
 * fixed widths (`table-layout: fixed`), so rows coming into view never move the others.
 */
export function DataGrid({
  controller,
  selection,
}: {
  controller: TableController;
  /** Row selection for bulk actions, where the table offers them. */
  selection?: RowSelectionState | undefined;
}) {
  const { columns, rows, actions, t, sorting, setSorting, config, fullRowFields, toggleExpanded } =
    controller;
  const expand = rowExpansionOf(config.table);
  const onActivity = useRecordActivityOpener(controller);
  // Each column at least as wide as its header needs (`headerFitWidth`), in the user's language.
  const widths = useMemo(
    () =>
      new Map(
        columns.map((column) => [
          column.fieldName,
          Math.max(
            configuredWidth(column),
            headerFitWidth(
              t(column.header),
              measureHeaderText,
              HEADER_PADDING_PX + (column.def.CanSort === true ? SORT_MARK_PX : 0),
            ),
          ),
        ]),
      ),
    [columns, t],
  );
  const widthOf = (column: PreparedColumn) => widths.get(column.fieldName) ?? configuredWidth(column);
  const columnDefs = useMemo<ColumnDef<TableRow>[]>(
    () =>
      columns.map((column) => ({
        id: column.fieldName,
        accessorFn: (row) => row[column.fieldName],
        header: column.header,
        enableSorting: column.def.CanSort === true,
        sortDescFirst: false,
        size: widths.get(column.fieldName) ?? configuredWidth(column),
        meta: { column } satisfies ColumnMeta,
      })),
    [columns, widths],
  );
  const table = useReactTable({
    data: rows,
    columns: columnDefs,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
    manualFiltering: true,
    enableMultiSort: true,
    isMultiSortEvent: (event) => (event as { shiftKey?: boolean }).shiftKey === true,
    state: { sorting },
    onSortingChange: setSorting,
  });
  const headers = table.getHeaderGroups()[0]?.headers ?? [];

  const [density] = useTableDensity();
  const scroller = useRef<HTMLDivElement>(null);
  // A new key function makes the virtualiser measure every row again: keep it while the rows stay.
  // It reads the rows through a ref and changes only with the rows' structure: a cell update (a new
  // row object) must not make the virtualiser rebuild the measurements of 10,000 rows.
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  const structure = controller.rowsStructure;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the structure stands for the rows' order
  const itemKey = useCallback((index: number) => rowKey(rowsRef.current[index] ?? {}, index), [structure]);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHTS[density],
    overscan: OVERSCAN,
    getItemKey: itemKey,
    measureElement: measureFromObserver,
    observeElementRect: observeRectAfterLayout,
    scrollToFn: scrollUnlessInPlace,
    initialRect: { width: 1200, height: 600 },
  });
  // Rows coming into view are drawn in a transition: a long jump of the scroll bar never blocks the
  // page, and the rows catch up as soon as React has drawn them (in 5 ms slices). A new list in place
  // of one drawn is drawn at once, in the same commit as its rows arrive: deferring it cost a second
  // render of the screen and a frame before its first rows were painted. The first rows of an empty
  // grid (the screen opening) are drawn in the transition too: on a phone, drawing them with the
  // List answer's render made one long task (issue 26); the spacer keeps their height meanwhile.
  const liveItems = virtualizer.getVirtualItems();
  const deferred = useDeferredValue({ items: liveItems, structure });
  const items = deferred.structure === structure || deferred.items.length === 0 ? deferred.items : liveItems;
  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = Math.max(0, virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0));

  // After a new list is drawn, mark when the browser paints it (bench/table.ts reads the mark).
  const { takePaintPending } = controller;
  useLayoutEffect(() => {
    if (items.length === 0 || !takePaintPending()) return;
    // The rows of a new list are in the DOM now; the frame after this commit paints them.
    requestAnimationFrame(() => setTimeout(() => performance.mark(PERF_MARKS.rowsPainted), 0));
  }, [items, takePaintPending]);

  const tableRef = useRef<HTMLTableElement>(null);
  const sortHintId = useId();
  useGridKeyboard(tableRef, {
    rowCount: rows.length,
    scrollToRow: (index) => virtualizer.scrollToIndex(index, { align: 'auto' }),
  });

  const totalWidth = columns.reduce(
    (sum, column) => sum + widthOf(column),
    (expand ? SPECIAL_COLUMNS.expand.width : 0) + (selection ? SELECT_COLUMN_WIDTH : 0),
  );
  const colSpan = columns.length + (expand ? 1 : 0) + (selection ? 1 : 0);
  // The leading cells that stay while the table scrolls sideways: the selection box, the expand
  // toggle and the first data column (the one that names the record).
  const first = columns[0];
  const frozenWidths = [
    ...(selection ? [SELECT_COLUMN_WIDTH] : []),
    ...(expand ? [SPECIAL_COLUMNS.expand.width] : []),
    ...(first && !isRowActionColumn(first) ? [widthOf(first)] : []),
  ];
  const frozenStyle = Object.fromEntries(
    frozenOffsets(frozenWidths).map((left, index) => [`--frozen-left-${index + 1}`, `${left}px`]),
  );
  const { screen, config: screenConfig } = controller;
  return (
    <div
      ref={scroller}
      className="data-grid-scroll"
      data-rows={rows.length}
      // The frozen cells cast a shadow once the rows slide under them.
      onScroll={(event) =>
        event.currentTarget.classList.toggle('scrolled-x', event.currentTarget.scrollLeft > 0)
      }
    >
      <span id={sortHintId} hidden>
        {t('Sort (Shift adds to the sort)')}
      </span>
      <table
        ref={tableRef}
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the WAI-ARIA grid pattern over a data table
        role="grid"
        aria-label={t(screen.title || (screenConfig.page.title ?? '')) || undefined}
        aria-rowcount={rows.length + 1}
        className="table table-sm table-hover data-grid mb-0"
        data-frozen={frozenWidths.length || undefined}
        // The columns' widths, stretched to fill the table when the screen is wider than their sum.
        style={{ width: totalWidth, minWidth: '100%', ...frozenStyle }}
      >
        <colgroup>
          {selection && <col style={{ width: SELECT_COLUMN_WIDTH }} />}
          {expand && <col style={specialColumnWidthStyle('expand')} />}
          {columns.map((column) => (
            <col key={column.fieldName} style={{ width: widthOf(column) }} />
          ))}
        </colgroup>
        <GridHeader
          headers={headers}
          sorting={sorting}
          expandable={expand !== undefined}
          t={t}
          sortHintId={sortHintId}
          selectAll={selection ? { state: selection.pageState, toggle: selection.togglePage } : undefined}
        />
        {paddingTop > 0 && (
          <tbody aria-hidden="true" className="grid-spacer-group">
            <tr className="grid-spacer">
              <td colSpan={colSpan} style={{ height: paddingTop }} />
            </tr>
          </tbody>
        )}
        {items.map((item) => {
          const row = rows[item.index];
          if (!row) return null;
          return (
            <GridRow
              key={item.key}
              row={row}
              rowId={rowKey(row, item.index)}
              index={item.index}
              columns={columns}
              actions={actions}
              t={t}
              fullRowFields={fullRowFields}
              rowStyleField={config.table.rowStyleField}
              expand={expand}
              onToggle={toggleExpanded}
              onActivity={onActivity}
              measure={virtualizer.measureElement}
              selected={selection?.isSelected(Number(row.Id))}
              onSelect={selection?.toggle}
            />
          );
        })}
        {paddingBottom > 0 && (
          <tbody aria-hidden="true" className="grid-spacer-group">
            <tr className="grid-spacer">
              <td colSpan={colSpan} style={{ height: paddingBottom }} />
            </tr>
          </tbody>
        )}
      </table>
    </div>
  );
}
