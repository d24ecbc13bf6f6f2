import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useDeferredValue, useRef } from 'react';
import { type CellActions, CellFrame, type Translate } from '../../cells';
import type { PreparedColumn } from '../../engine/columns';
import { isRowExpanded, rowClassName, rowStyle, rowVisualState, type TableRow } from '../../engine/rows';
import { joinClassNames } from '../../engine/values';
import { useRecordActivityOpener } from './activity/open-record-activity';
import { OVERSCAN } from './data-grid';
import { measureFromObserver } from './measure';
import { RowExpansion } from './row-expansion';
import { rowKey } from './row-store';
import { rowExpansionOf, type TableVariant } from './screen-config';
import type { TableController } from './use-table-controller';

type CardProps = {
  row: TableRow;
  rowId: string;
  columns: PreparedColumn[];
  actions: CellActions;
  t: Translate;
  fullRowFields: string[];
  rowStyleField: string | undefined;
  expand: Record<string, unknown> | undefined;
  onToggle(key: string): void;
  onActivity: ((id: number) => void) | undefined;
  card: boolean;
};

/** A row as a list item or a card: each cell with its column's header as its label. */
const RowCard = memo(function RowCard({
  row,
  rowId,
  columns,
  actions,
  t,
  fullRowFields,
  rowStyleField,
  expand,
  onToggle,
  onActivity,
  card,
}: CardProps) {
  const visual = rowVisualState(row, fullRowFields);
  const expanded = expand !== undefined && isRowExpanded(row);
  return (
    <article
      data-row-id={rowId}
      className={joinClassNames(
        card ? 'card row-card' : 'row-list-item',
        rowClassName(row),
        visual.loadingOverlay && 'row-loading',
        visual.justNew && 'row-just-new',
        visual.justDeleted && 'row-just-deleted',
      )}
      style={rowStyle(row, rowStyleField)}
      aria-busy={visual.loadingOverlay ? true : undefined}
    >
      <div className={card ? 'card-body row-card-fields' : 'row-card-fields'}>
        {columns.map((column) => (
          <CellFrame
            key={column.fieldName}
            as="div"
            column={column}
            row={row}
            actions={actions}
            label={actions.t(column.header)}
          />
        ))}
        {expand !== undefined && (
          <button
            type="button"
            className="btn btn-link btn-sm p-0 align-self-start"
            aria-expanded={expanded}
            onClick={() => onToggle(rowId)}
          >
            {expanded ? t('Hide details') : t('Show details')}
          </button>
        )}
      </div>
      {expanded && expand && (
        <div className={card ? 'card-footer' : 'row-list-expansion'}>
          <RowExpansion
            row={row}
            columns={columns}
            actions={actions}
            config={expand}
            onActivity={onActivity}
          />
        </div>
      )}
    </article>
  );
});

const ESTIMATES: Record<Exclude<TableVariant, 'table'>, number> = {
  table_list: 120,
  table_list_card: 160,
  table_grid_card: 260,
};

/**
 * The `table_list`, `table_list_card` and `table_grid_card` variants: rows as list items, cards, or
 * a grid of cards (`Table.gridColumns`, 5 by default). Virtualised like the table: a virtual item is
 * a row, or a line of cards in the grid.
 */
export function CardViews({
  controller,
  variant,
  record = false,
}: {
  controller: TableController;
  variant: Exclude<TableVariant, 'table'>;
  /** One record's page: its fields are all shown, and its comments and history under them. */
  record?: boolean;
}) {
  const { columns, rows, actions, t, config, fullRowFields, toggleExpanded } = controller;
  const perLine = variant === 'table_grid_card' ? config.table.gridColumns : 1;
  const lines = Math.ceil(rows.length / perLine);
  const expand = record ? config.table.expand : rowExpansionOf(config.table);
  const openActivity = useRecordActivityOpener(controller);
  const onActivity = record ? undefined : openActivity;
  const scroller = useRef<HTMLDivElement>(null);
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  const structure = controller.rowsStructure;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the structure stands for the rows' order
  const itemKey = useCallback(
    (index: number) => rowKey(rowsRef.current[index * perLine] ?? {}, index * perLine),
    [structure, perLine],
  );
  const virtualizer = useVirtualizer({
    count: lines,
    getScrollElement: () => scroller.current,
    estimateSize: () => ESTIMATES[variant],
    overscan: Math.max(2, Math.ceil(OVERSCAN / perLine)),
    getItemKey: itemKey,
    measureElement: measureFromObserver,
    initialRect: { width: 1200, height: 600 },
  });
  const items = useDeferredValue(virtualizer.getVirtualItems());
  const card = variant !== 'table_list';
  return (
    <div ref={scroller} className={`card-views-scroll variant-${variant}`} data-rows={rows.length}>
      <div className="card-views-inner" style={{ height: virtualizer.getTotalSize() }}>
        {items.map((item) => {
          const lineRows = rows.slice(item.index * perLine, item.index * perLine + perLine);
          return (
            <div
              key={item.key}
              ref={virtualizer.measureElement}
              data-index={item.index}
              className="card-views-line"
              style={{
                transform: `translateY(${item.start}px)`,
                gridTemplateColumns: `repeat(${perLine}, minmax(0, 1fr))`,
              }}
            >
              {lineRows.map((row, offset) => {
                const id = rowKey(row, item.index * perLine + offset);
                return (
                  <RowCard
                    key={id}
                    row={row}
                    rowId={id}
                    columns={columns}
                    actions={actions}
                    t={t}
                    fullRowFields={fullRowFields}
                    rowStyleField={config.table.rowStyleField}
                    expand={expand}
                    onToggle={toggleExpanded}
                    onActivity={onActivity}
                    card={card}
                  />
                );
              })}
            </div>
          );
        })}
      </div>
    </div>
  );
}
