import { toNumber } from '../formats/number';
import type { Row } from '../values';

/** The sum of each totals field over the rows; text that is no number counts as nothing. */
export function columnTotals(rows: readonly Row[], fields: readonly string[]): Record<string, number> {
  const totals: Record<string, number> = {};
  for (const field of fields) {
    // Cents are summed as integers, so that 0.1 + 0.2 shows 0.3.
    const cents = rows.reduce((sum, row) => sum + Math.round((toNumber(row[field]) ?? 0) * 100), 0);
    totals[field] = cents / 100;
  }
  return totals;
}
