import { type RefObject, useEffect, useRef } from 'react';
import { type GridPosition, nextGridPosition } from '../../engine/rows';

const HEADER_CELLS = ':scope > thead > tr > th';
const DATA_CELLS = ':scope > tbody.grid-row-group > tr[data-row-id] > td';
const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])';
/** Controls where arrow keys belong to the control (moving in a text), not to the grid. */
const TEXT_ENTRY = 'input:not([type="checkbox"]):not([type="radio"]):not([type="button"]), textarea, select';
/** Frames to wait for a row scrolled into view to be drawn. */
const MAX_WAIT_FRAMES = 30;

function positionOf(cell: HTMLTableCellElement): GridPosition | null {
  const row = cell.parentElement as HTMLTableRowElement | null;
  if (!row) return null;
  if (row.parentElement?.tagName === 'THEAD') return { row: -1, col: cell.cellIndex };
  const index = Number((row.parentElement as HTMLElement | null)?.dataset.index);
  return Number.isInteger(index) ? { row: index, col: cell.cellIndex } : null;
}

function cellAt(table: HTMLTableElement, { row, col }: GridPosition): HTMLTableCellElement | null {
  const line =
    row < 0
      ? table.tHead?.rows[0]
      : table.querySelector<HTMLTableRowElement>(
          `:scope > tbody.grid-row-group[data-index="${row}"] > tr[data-row-id]`,
        );
  return line?.cells[col] ?? null;
}

/** The grid cell (of this table, not of a table nested in it) holding an element. */
function ownCell(table: HTMLTableElement, target: EventTarget | null): HTMLTableCellElement | null {
  if (!(target instanceof Element)) return null;
  const cell = target.closest<HTMLTableCellElement>('td, th');
  if (!cell?.matches('thead > tr > th, tbody.grid-row-group > tr[data-row-id] > td')) return null;
  return cell.closest('table') === table ? cell : null;
}

/** Enter (or F2) on a cell: its editor, else its own control (a sort button, a link, a check box). */
function activate(cell: HTMLTableCellElement): void {
  const control =
    cell.querySelector<HTMLElement>('.cell-edit-trigger, .cell-edit-button') ??
    cell.querySelector<HTMLElement>('button, a[href], input[type="checkbox"], select');
  control?.click();
}

/**
 * The WAI-ARIA grid pattern on the data grid: the table is one Tab stop (the last cell focused, else
 * the first), arrow keys, Home, End and the page keys move between cells (scrolling the virtualised
 * rows into view), Enter or F2 edits or presses the cell's control, Escape inside a cell comes back
 * to the cell. The controls inside cells leave the Tab order; an open editor keeps its own.
 */
export function useGridKeyboard(
  tableRef: RefObject<HTMLTableElement | null>,
  options: { rowCount: number; scrollToRow(index: number): void },
): void {
  const active = useRef<GridPosition>({ row: 0, col: 0 });
  const latest = useRef(options);
  latest.current = options;

  useEffect(() => {
    const table = tableRef.current;
    if (!table) return;
    let frame = 0;

    /** The cells in `root` (or holding it) join the grid at -1; the controls inside them leave the Tab order. */
    const demote = (root: Element) => {
      const cellOfRoot = root.closest<HTMLElement>('th, td');
      const cells =
        cellOfRoot && cellOfRoot.closest('table') === table
          ? [cellOfRoot]
          : [...root.querySelectorAll<HTMLElement>('th, td')].filter(
              (cell) => cell.closest('table') === table,
            );
      for (const cell of cells) {
        if (!ownCell(table, cell)) continue;
        if (!cell.hasAttribute('tabindex')) cell.tabIndex = -1;
        const inner =
          cell === cellOfRoot && root !== cell
            ? [root, ...root.querySelectorAll(FOCUSABLE)]
            : [...cell.querySelectorAll(FOCUSABLE)];
        for (const element of inner) {
          if (
            element instanceof HTMLElement &&
            element.matches(FOCUSABLE) &&
            !element.closest('.cell-editor')
          ) {
            element.tabIndex = -1;
          }
        }
      }
    };
    /** Exactly one cell is the grid's Tab stop: the active one when drawn, else the first. */
    const keepOneStop = () => {
      const wanted =
        cellAt(table, active.current) ??
        table.querySelector<HTMLTableCellElement>(DATA_CELLS) ??
        table.querySelector<HTMLTableCellElement>(HEADER_CELLS);
      for (const stop of table.querySelectorAll<HTMLElement>(
        `${HEADER_CELLS}[tabindex="0"], ${DATA_CELLS}[tabindex="0"]`,
      )) {
        if (stop !== wanted) stop.tabIndex = -1;
      }
      if (wanted && wanted.tabIndex !== 0) wanted.tabIndex = 0;
    };
    let added: Element[] = [];
    const sync = () => {
      frame = 0;
      const roots = added;
      added = [];
      for (const root of roots) if (root.isConnected) demote(root);
      keepOneStop();
    };
    const schedule = (records: MutationRecord[]) => {
      for (const record of records) {
        for (const node of record.addedNodes) if (node instanceof Element) added.push(node);
      }
      if (!frame) frame = requestAnimationFrame(sync);
    };

    const moveTo = (position: GridPosition) => {
      active.current = position;
      const cell = cellAt(table, position);
      if (cell) {
        keepOneStop();
        cell.focus();
        return;
      }
      if (position.row >= 0) latest.current.scrollToRow(position.row);
      let waited = 0;
      const wait = () => {
        const drawn = cellAt(table, position);
        if (drawn) {
          keepOneStop();
          drawn.focus();
        } else if (waited++ < MAX_WAIT_FRAMES) requestAnimationFrame(wait);
      };
      requestAnimationFrame(wait);
    };

    const onFocusIn = (event: FocusEvent) => {
      const cell = ownCell(table, event.target);
      const position = cell && positionOf(cell);
      if (!cell || !position) return;
      active.current = position;
      if (cell.tabIndex !== 0) keepOneStop();
    };

    const onKeyDown = (event: KeyboardEvent) => {
      const cell = ownCell(table, event.target);
      if (!cell || event.defaultPrevented) return;
      const target = event.target as Element;
      const onCell = target === cell;
      if (!onCell && (target.closest('.cell-editor') || target.matches(TEXT_ENTRY))) return;
      if (!onCell && event.key === 'Escape') {
        event.preventDefault();
        cell.focus();
        return;
      }
      if (onCell && (event.key === 'Enter' || event.key === 'F2')) {
        event.preventDefault();
        activate(cell);
        return;
      }
      const from = positionOf(cell);
      if (!from) return;
      const next = nextGridPosition(
        from,
        event.key,
        {
          rows: latest.current.rowCount,
          cols: table.tHead?.rows[0]?.cells.length ?? 0,
          header: true,
        },
        event.ctrlKey || event.metaKey,
      );
      if (!next) return;
      event.preventDefault();
      moveTo(next);
    };

    demote(table);
    keepOneStop();
    const observer = new MutationObserver(schedule);
    observer.observe(table, { childList: true, subtree: true });
    table.addEventListener('focusin', onFocusIn);
    table.addEventListener('keydown', onKeyDown);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
      table.removeEventListener('focusin', onFocusIn);
      table.removeEventListener('keydown', onKeyDown);
    };
  }, [tableRef]);
}
