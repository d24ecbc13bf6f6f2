import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { KeyedCache } from '../../lib/cache';

/** Distinct filters whose totals one table keeps; searches typed by users stay bounded by it. */
export const MAX_COUNTS_PER_TABLE = 500;

const dialect = new PgDialect();

/**
 * The totals of List, counted once per table and filter rather than on every page. Exact: every write
 * of the resource protocol (and of the modules that write declared tables) announces a `data-changed`
 * event after its commit, here and through Redis on the other instances, and the resource service
 * calls `changed` with it, which clears the counts
 * of the changed resource's table (all tables for a name it does not know). A count still being
 * computed when the clear arrives is dropped with it. The cache's time limit is only a backstop.
 */
export class CountCache {
  private readonly byTable = new Map<string, KeyedCache<string, number>>();
  /**
   * Counts under an own-rows rule, per table. Such a rule reads other tables (a task is the user's
   * through their project's members), so any change clears them all, not only its own table's.
   */
  private readonly ownByTable = new Map<string, KeyedCache<string, number>>();

  constructor(private readonly tableOf: (apiName: string) => string | undefined) {}

  /**
   * The total of `table`'s rows under the condition whose `sqlKey` is `whereKey`, seen from `scope`
   * (`all`, or one user's under an own-rows rule: `own:<user id>`), from the cache or from `load`. The scope is part of the key on
   * its own, so that one user's total is never answered to another even if their conditions read alike.
   */
  count(table: string, scope: string, whereKey: string, load: () => Promise<number>): Promise<number> {
    const tables = scope === 'all' ? this.byTable : this.ownByTable;
    let counts = tables.get(table);
    if (!counts) {
      counts = new KeyedCache<string, number>(undefined, undefined, undefined, MAX_COUNTS_PER_TABLE);
      tables.set(table, counts);
    }
    return counts.get(`${scope}\u0000${whereKey}`, load);
  }

  /** Forgets the counts that a change of `apiName`'s rows may have made wrong. */
  changed(apiName: string): void {
    const table = this.tableOf(apiName);
    if (table === undefined) {
      for (const counts of this.byTable.values()) counts.clear();
    } else {
      this.byTable.get(table)?.clear();
    }
    for (const counts of this.ownByTable.values()) counts.clear();
  }
}

/** A condition or ordering as the database sees it: its text and bound values (a date preset is its dates). */
export function sqlKey(fragment: SQL | undefined): string {
  if (!fragment) return '';
  const { sql, params } = dialect.sqlToQuery(fragment);
  return JSON.stringify([sql, params]);
}
