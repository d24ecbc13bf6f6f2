/** A cell of a grid: `row` -1 is the header row, 0.. the data rows; `col` from 0. */
export type GridPosition = { row: number; col: number };

export type GridSize = {
  /** Data rows (the header row comes on top of them). */
  rows: number;
  cols: number;
  /** Whether the header row takes part (a grid with headers). */
  header?: boolean;
};

/** Rows a Page Up or Page Down moves. */
export const GRID_PAGE_ROWS = 10;

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

/**
 * Where a key moves the focus in a grid (the WAI-ARIA grid pattern): arrows one cell, Home and End to
 * the row's ends, Ctrl+Home and Ctrl+End to the first and last cell, Page Up and Page Down by
 * `GRID_PAGE_ROWS`. Null for any other key, or when the grid is empty. Movement stops at the edges.
 */
export function nextGridPosition(
  from: GridPosition,
  key: string,
  size: GridSize,
  ctrl = false,
): GridPosition | null {
  if (size.cols <= 0) return null;
  const top = size.header ? -1 : 0;
  const bottom = size.rows - 1;
  if (bottom < top) return null;
  const row = clamp(from.row, top, bottom);
  const col = clamp(from.col, 0, size.cols - 1);
  switch (key) {
    case 'ArrowRight':
      return { row, col: Math.min(col + 1, size.cols - 1) };
    case 'ArrowLeft':
      return { row, col: Math.max(col - 1, 0) };
    case 'ArrowDown':
      return { row: Math.min(row + 1, bottom), col };
    case 'ArrowUp':
      return { row: Math.max(row - 1, top), col };
    case 'PageDown':
      return { row: Math.min(row + GRID_PAGE_ROWS, bottom), col };
    case 'PageUp':
      return { row: Math.max(row - GRID_PAGE_ROWS, top), col };
    case 'Home':
      return ctrl ? { row: top, col: 0 } : { row, col: 0 };
    case 'End':
      return ctrl ? { row: bottom, col: size.cols - 1 } : { row, col: size.cols - 1 };
    default:
      return null;
  }
}
