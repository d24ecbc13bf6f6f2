import { and, type SQL, sql } from 'drizzle-orm';
import type { OrderKey } from './query';

/**
 * Where a page starts from a known row (keyset, see PageBoundaries): the rows ordered at or after
 * it, as conditions of which each is one range of the ordering's index, so that a page at any depth
 * reads only the rows from that row on.
 *
 * `values` are the known row's values of the ordering's keys, as text (null for NULL). The ordering
 * is PostgreSQL's: ascending puts NULLs last, descending first (NULL is the largest value).
 *
 * Lexicographically, "at or after" is: some key `i` after the row's value, every key before it
 * equal to the row's; or every key equal. The longest run of keys at the end that run one way and
 * whose values are not NULL is one row comparison (`(a, b, id) >= (x, y, 7)`), which covers every
 * `i` of the run and stops at the first unequal key: a NULL in the run compares to nothing, so the
 * rows with NULL there (last in an ascending key) are a range of their own. The keys before the
 * run are each their own range (or two: the values after, then the NULLs).
 *
 * The ranges are disjoint and together exactly the rows at or after the known row; read in the
 * ordering they are the list from that row on.
 */
export function keysetRanges(keys: readonly OrderKey[], values: readonly (string | null)[]): SQL[] {
  const equal = (index: number): SQL => {
    const key = keys[index] as OrderKey;
    const value = values[index] ?? null;
    return value === null ? sql`${key.column} is null` : sql`${key.column} = ${value}`;
  };
  const prefix = (end: number): SQL[] => Array.from({ length: end }, (_, index) => equal(index));
  const ranges: SQL[] = [];
  const last = keys.at(-1);
  let run = keys.length;
  while (
    run > 0 &&
    last !== undefined &&
    (keys[run - 1] as OrderKey).desc === last.desc &&
    (values[run - 1] ?? null) !== null
  ) {
    run -= 1;
  }
  if (run < keys.length) {
    const runKeys = keys.slice(run);
    const columns = sql.join(
      runKeys.map((key) => sql`${key.column}`),
      sql`, `,
    );
    const bound = sql.join(
      values.slice(run).map((value) => sql`${value}`),
      sql`, `,
    );
    const compare = runKeys[0]?.desc ? sql`<=` : sql`>=`;
    const comparison =
      runKeys.length === 1 ? sql`${columns} ${compare} ${bound}` : sql`(${columns}) ${compare} (${bound})`;
    ranges.push(and(...prefix(run), comparison) as SQL);
    // In an ascending key of the run, the NULLs come after every value.
    for (let index = keys.length - 1; index >= run; index--) {
      const key = keys[index] as OrderKey;
      if (!key.desc && !key.column.notNull)
        ranges.push(and(...prefix(index), sql`${key.column} is null`) as SQL);
    }
  } else {
    // Every key equal: the known row itself (and its ties, when the id is not among the keys).
    ranges.push(and(...prefix(keys.length)) ?? sql`true`);
  }
  for (let index = run - 1; index >= 0; index--) {
    const key = keys[index] as OrderKey;
    const value = values[index] ?? null;
    const before = prefix(index);
    if (key.desc) {
      // Descending, NULLs first: after a value come the smaller values; after NULL, every value.
      ranges.push(
        and(
          ...before,
          value === null ? sql`${key.column} is not null` : sql`${key.column} < ${value}`,
        ) as SQL,
      );
    } else if (value !== null) {
      // Ascending, NULLs last: after a value come the larger values, then the NULLs; nothing is after NULL.
      ranges.push(and(...before, sql`${key.column} > ${value}`) as SQL);
      if (!key.column.notNull) ranges.push(and(...before, sql`${key.column} is null`) as SQL);
    }
  }
  return ranges;
}

/** The SQL reading a row's values of the ordering's keys as text, for `keysetRanges`. */
export function keyValuesQuery(keys: readonly OrderKey[], table: unknown, where: SQL): SQL {
  const columns = sql.join(
    keys.map((key, index) => sql`${key.column}::text as ${sql.identifier(`k${index}`)}`),
    sql`, `,
  );
  return sql`select ${columns} from ${table} where ${where}`;
}
