/** Boundaries one list (a table under one filter and ordering) keeps: 2,000 pages of 50 over 100,000 rows. */
export const MAX_BOUNDARIES_PER_LIST = 4000;
/** Lists one table keeps boundaries for; searches typed by users stay bounded by it. */
export const MAX_LISTS_PER_TABLE = 200;

type TableBoundaries = { generation: number; lists: Map<string, Map<number, number>> };

/**
 * Where pages start: for a list (a table under one filter and one ordering), the id of the row at
 * some offsets, learnt from the pages already read. A page at offset O then starts from the nearest
 * known row at or before O (keyset: rows ordered at or after that one, which the ordering's index
 * finds directly) and skips only the rows between, instead of stepping over O rows from the start:
 * paging forward or backward, or back to a page seen before, costs the same at any depth.
 *
 * Exact in the way the counts are: every change of a table forgets its boundaries, and a page read
 * while a change was committing records nothing (its generation moved on). The ids are plain
 * numbers in memory: nothing here reaches the client.
 */
export class PageBoundaries {
  private readonly byTable = new Map<string, TableBoundaries>();

  private tableState(table: string): TableBoundaries {
    let state = this.byTable.get(table);
    if (!state) {
      state = { generation: 0, lists: new Map() };
      this.byTable.set(table, state);
    }
    return state;
  }

  /** Read before a page's query: `remember` records only if the table did not change since. */
  generation(table: string): number {
    return this.tableState(table).generation;
  }

  /** The known row nearest before or at `offset` in `list`, if any. */
  nearest(table: string, list: string, offset: number): { offset: number; id: number } | undefined {
    const known = this.byTable.get(table)?.lists.get(list);
    if (!known) return undefined;
    let best: { offset: number; id: number } | undefined;
    for (const [at, id] of known) {
      if (at <= offset && (best === undefined || at > best.offset)) best = { offset: at, id };
    }
    return best;
  }

  /** Records the first and last rows of a page read at `offset` (`ids` in the page's order). */
  remember(table: string, list: string, generation: number, offset: number, ids: readonly number[]): void {
    const state = this.tableState(table);
    if (state.generation !== generation || ids.length === 0) return;
    let known = state.lists.get(list);
    if (known) {
      // Most recently used last, so that the oldest list is the one dropped.
      state.lists.delete(list);
    } else {
      known = new Map();
      if (state.lists.size >= MAX_LISTS_PER_TABLE) {
        const oldest = state.lists.keys().next();
        if (!oldest.done) state.lists.delete(oldest.value);
      }
    }
    state.lists.set(list, known);
    const first = ids[0];
    const last = ids.at(-1);
    if (first !== undefined) known.set(offset, first);
    if (last !== undefined) known.set(offset + ids.length - 1, last);
    while (known.size > MAX_BOUNDARIES_PER_LIST) {
      const oldest = known.keys().next();
      if (oldest.done) break;
      known.delete(oldest.value);
    }
  }

  /** Forgets what a change of `table`'s rows may have moved (every table's when it is not known). */
  changed(table: string | undefined): void {
    const states = table === undefined ? [...this.byTable.values()] : [this.tableState(table)];
    for (const state of states) {
      state.generation += 1;
      state.lists.clear();
    }
  }
}
