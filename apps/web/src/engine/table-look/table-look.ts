/** The tables' row densities: comfortable rows of 36 px, compact rows of 32 px. */
export const TABLE_DENSITIES = ['comfortable', 'compact'] as const;
export type TableDensity = (typeof TABLE_DENSITIES)[number];

/** Row height (px) of each density: what the virtualiser estimates before it measures. */
export const ROW_HEIGHTS: Record<TableDensity, number> = { comfortable: 36, compact: 32 };

/** The stored density; anything else (nothing stored, an old value) is comfortable. */
export function readTableDensity(stored: string | null | undefined): TableDensity {
  return stored === 'compact' ? 'compact' : 'comfortable';
}

/**
 * The `left` offsets (px) of the leading cells that stay in place while a table scrolls sideways:
 * each frozen cell sits right of the ones before it.
 */
export function frozenOffsets(widths: readonly number[]): number[] {
  const offsets: number[] = [];
  let left = 0;
  for (const width of widths) {
    offsets.push(left);
    left += width;
  }
  return offsets;
}
