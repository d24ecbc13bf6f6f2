import { loadingFields, type TableRow } from '../../engine/rows';
import { hasValue, type Row, valueText } from '../../engine/values';

/** The key of a row: its Id as text, or its place for rows without one. */
export function rowKey(row: Row, index: number): string {
  return hasValue(row.Id) && valueText(row.Id) !== '' ? valueText(row.Id) : `#${index}`;
}

/**
 * A freshly loaded page keeps what the user was doing: the expansions of the rows still there, and
 * rows with an update under way stay as they are until the update answers.
 */
export function mergeReloadedRows(previous: readonly TableRow[], next: readonly Row[]): TableRow[] {
  if (previous.length === 0) return next as TableRow[];
  const before = new Map<string, TableRow>();
  previous.forEach((row, index) => {
    before.set(rowKey(row, index), row);
  });
  return next.map((row, index) => {
    const old = before.get(rowKey(row, index));
    if (!old) return row as TableRow;
    // An update under way, or a value the server refused that the user is still looking at.
    if (loadingFields(old).length > 0 || Object.keys(old._UI_Tried ?? {}).length > 0) return old;
    return old._isShow ? { ...row, _isShow: old._isShow } : (row as TableRow);
  });
}

/**
 * The rows of one table, outside React: a change to one row makes a new row object and a new list,
 * so memoised rows and cells re-render only where something changed, and the table's callbacks always
 * read the current row.
 */
export class RowStore {
  private rows: TableRow[] = [];
  private positions = new Map<string, number>();
  /** Changes when rows come, go or move; not when one row changes. */
  structure = 0;
  private listeners = new Set<() => void>();

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  snapshot = (): TableRow[] => this.rows;

  get(key: string): TableRow | undefined {
    const position = this.positions.get(key);
    return position === undefined ? undefined : this.rows[position];
  }

  keyOf(row: Row): string | undefined {
    if (hasValue(row.Id) && this.positions.has(valueText(row.Id))) return valueText(row.Id);
    const position = this.rows.indexOf(row as TableRow);
    return position >= 0 ? rowKey(row, position) : undefined;
  }

  replaceAll(rows: TableRow[]): void {
    this.rows = rows;
    this.reindex();
    this.emit();
  }

  update(key: string, change: (row: TableRow) => TableRow): TableRow | undefined {
    const position = this.positions.get(key);
    if (position === undefined) return undefined;
    const current = this.rows[position] as TableRow;
    const next = change(current);
    if (next === current) return current;
    const rows = this.rows.slice();
    rows[position] = next;
    this.rows = rows;
    this.emit();
    return next;
  }

  remove(key: string): void {
    const position = this.positions.get(key);
    if (position === undefined) return;
    this.rows = this.rows.filter((_row, index) => index !== position);
    this.reindex();
    this.emit();
  }

  prepend(row: TableRow): void {
    this.rows = [row, ...this.rows];
    this.reindex();
    this.emit();
  }

  private reindex(): void {
    this.structure++;
    this.positions = new Map(this.rows.map((row, index) => [rowKey(row, index), index]));
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}
