import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GRID_PAGE_ROWS, nextGridPosition } from './grid-navigation';

const size = { rows: 30, cols: 5, header: true };

describe('moving in a grid', () => {
  it('arrows move one cell and stop at the edges', () => {
    expect(nextGridPosition({ row: 2, col: 2 }, 'ArrowRight', size)).toEqual({ row: 2, col: 3 });
    expect(nextGridPosition({ row: 2, col: 4 }, 'ArrowRight', size)).toEqual({ row: 2, col: 4 });
    expect(nextGridPosition({ row: 2, col: 0 }, 'ArrowLeft', size)).toEqual({ row: 2, col: 0 });
    expect(nextGridPosition({ row: 0, col: 1 }, 'ArrowUp', size)).toEqual({ row: -1, col: 1 });
    expect(nextGridPosition({ row: -1, col: 1 }, 'ArrowUp', size)).toEqual({ row: -1, col: 1 });
    expect(nextGridPosition({ row: 29, col: 1 }, 'ArrowDown', size)).toEqual({ row: 29, col: 1 });
    expect(nextGridPosition({ row: 0, col: 1 }, 'ArrowUp', { ...size, header: false })).toEqual({
      row: 0,
      col: 1,
    });
  });

  it('Home, End, their Ctrl forms and the page keys', () => {
    expect(nextGridPosition({ row: 4, col: 3 }, 'Home', size)).toEqual({ row: 4, col: 0 });
    expect(nextGridPosition({ row: 4, col: 1 }, 'End', size)).toEqual({ row: 4, col: 4 });
    expect(nextGridPosition({ row: 4, col: 3 }, 'Home', size, true)).toEqual({ row: -1, col: 0 });
    expect(nextGridPosition({ row: 4, col: 1 }, 'End', size, true)).toEqual({ row: 29, col: 4 });
    expect(nextGridPosition({ row: 4, col: 1 }, 'PageDown', size)).toEqual({
      row: 4 + GRID_PAGE_ROWS,
      col: 1,
    });
    expect(nextGridPosition({ row: 4, col: 1 }, 'PageUp', size)).toEqual({ row: -1, col: 1 });
  });

  it('ignores other keys and empty grids', () => {
    expect(nextGridPosition({ row: 0, col: 0 }, 'a', size)).toBeNull();
    expect(nextGridPosition({ row: 0, col: 0 }, 'ArrowDown', { rows: 0, cols: 0 })).toBeNull();
    expect(nextGridPosition({ row: 0, col: 0 }, 'ArrowDown', { rows: 0, cols: 3 })).toBeNull();
    expect(nextGridPosition({ row: -1, col: 0 }, 'ArrowDown', { rows: 0, cols: 3, header: true })).toEqual({
      row: -1,
      col: 0,
    });
  });

  it('always lands inside the grid (property)', () => {
    const keys = ['ArrowRight', 'ArrowLeft', 'ArrowDown', 'ArrowUp', 'Home', 'End', 'PageUp', 'PageDown'];
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: 1, max: 40 }),
        fc.boolean(),
        fc.integer({ min: -5, max: 600 }),
        fc.integer({ min: -5, max: 50 }),
        fc.constantFrom(...keys),
        fc.boolean(),
        (rows, cols, header, row, col, key, ctrl) => {
          const next = nextGridPosition({ row, col }, key, { rows, cols, header }, ctrl);
          expect(next).not.toBeNull();
          expect(next?.row).toBeGreaterThanOrEqual(header ? -1 : 0);
          expect(next?.row).toBeLessThan(rows);
          expect(next?.col).toBeGreaterThanOrEqual(0);
          expect(next?.col).toBeLessThan(cols);
        },
      ),
    );
  });
});
