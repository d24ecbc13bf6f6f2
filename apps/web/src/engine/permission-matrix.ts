/** The permission matrix's action columns (a role's grant flags), in their order on the screen. */
export const MATRIX_ACTIONS = [
  'CanList',
  'CanDetail',
  'CanAdd',
  'CanEdit',
  'CanDelete',
  'CanExport',
] as const;
export type MatrixAction = (typeof MATRIX_ACTIONS)[number];

/** One screen of a role's matrix: its code, its title and the six actions. */
export type MatrixRow = { Target: string; Text: string } & Record<MatrixAction, boolean>;

/** What a select-all box shows: checked, mixed (indeterminate) or clear. */
export type SelectAllState = 'all' | 'some' | 'none';

function stateOf(values: readonly boolean[]): SelectAllState {
  const on = values.filter(Boolean).length;
  if (on === 0) return 'none';
  return on === values.length ? 'all' : 'some';
}

/** The state of a screen's select-all box (its six actions). */
export function rowState(row: MatrixRow): SelectAllState {
  return stateOf(MATRIX_ACTIONS.map((action) => row[action]));
}

/** The state of an action's select-all box (that action on every screen); an empty matrix is clear. */
export function columnState(rows: readonly MatrixRow[], action: MatrixAction): SelectAllState {
  return rows.length === 0 ? 'none' : stateOf(rows.map((row) => row[action]));
}

/** The state of the box that selects everything. */
export function allState(rows: readonly MatrixRow[]): SelectAllState {
  return stateOf(rows.flatMap((row) => MATRIX_ACTIONS.map((action) => row[action])));
}

/** Clicking a select-all box: a clear or mixed box selects all, a checked one clears all. */
export const nextValue = (state: SelectAllState): boolean => state !== 'all';

export function setCell(
  rows: readonly MatrixRow[],
  target: string,
  action: MatrixAction,
  on: boolean,
): MatrixRow[] {
  return rows.map((row) => (row.Target === target ? { ...row, [action]: on } : row));
}

export function setRow(rows: readonly MatrixRow[], target: string, on: boolean): MatrixRow[] {
  return rows.map((row) =>
    row.Target === target ? { ...row, ...Object.fromEntries(MATRIX_ACTIONS.map((a) => [a, on])) } : row,
  );
}

export function setColumn(rows: readonly MatrixRow[], action: MatrixAction, on: boolean): MatrixRow[] {
  return rows.map((row) => ({ ...row, [action]: on }));
}

export function setAll(rows: readonly MatrixRow[], on: boolean): MatrixRow[] {
  return rows.map((row) => ({ ...row, ...Object.fromEntries(MATRIX_ACTIONS.map((a) => [a, on])) }));
}

/** The rows that differ from what was loaded: only these are sent, so untouched grants stay as they are. */
export function changedRows(before: readonly MatrixRow[], after: readonly MatrixRow[]): MatrixRow[] {
  const old = new Map(before.map((row) => [row.Target, row]));
  return after.filter((row) => {
    const was = old.get(row.Target);
    return !was || MATRIX_ACTIONS.some((action) => was[action] !== row[action]);
  });
}

/** A matrix row read from an answer (anything not a row is left out). */
export function readMatrixRows(value: unknown): MatrixRow[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    if (typeof item !== 'object' || item === null) return [];
    const record = item as Record<string, unknown>;
    if (typeof record.Target !== 'string') return [];
    const flags = Object.fromEntries(MATRIX_ACTIONS.map((action) => [action, record[action] === true]));
    return [
      {
        Target: record.Target,
        Text: typeof record.Text === 'string' && record.Text !== '' ? record.Text : record.Target,
        ...flags,
      } as MatrixRow,
    ];
  });
}
