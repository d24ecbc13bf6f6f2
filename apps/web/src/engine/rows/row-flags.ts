import { isTrueFlag, type Row } from '../values';

/** A change the client is waiting to see: the value sent and the fields to refresh with it. */
export type CheckChange = { value: unknown; fields: string[] };

/**
 * Client-only flags of a row (part 2 section 3). They live on the row object, next to the server's
 * fields, and are never sent back.
 */
export type RowClientFlags = {
  /** Per field: an update of that field is running. */
  _UI_Loading?: Record<string, boolean>;
  /** Per field: the message of the last failed update. */
  _UI_Error?: Record<string, string>;
  /**
   * Per field: the value the user gave, while it is being saved and after the server refused it. The
   * row's own field keeps the saved value until the server accepts the new one.
   */
  _UI_Tried?: Record<string, unknown>;
  /** Per field: the last failure was the network's (no answer, or a server fault): a retry may resend. */
  _UI_ErrorRetryable?: Record<string, boolean>;
  /** The row must re-render (an update came back). */
  _UI_NeedUpdateUI?: boolean;
  /** Per field: an update has been started and not answered yet. */
  _UI_NeedUpdate?: Record<string, boolean>;
  /** The fields to re-render after the last update (the column's `updateUIRelative`). */
  _UI_NeedUpdateUIByFields?: string[];
  /** Per field: the value sent and the fields depending on it. */
  _UI_CheckChange?: Record<string, CheckChange>;
  /** Per expandable key: whether that expansion is shown. */
  _isShow?: Record<string, boolean>;
  /** The row was just added (highlighted once). */
  _UI_JustNew?: boolean;
  /** The row was just deleted (shown struck out until the list reloads). */
  _UI_JustDeleted?: boolean;
};

/** A row with its client flags. */
export type TableRow = Row & RowClientFlags;

function flagMap<T>(row: Row, key: keyof RowClientFlags): Record<string, T> {
  const map = row[key];
  return typeof map === 'object' && map !== null && !Array.isArray(map) ? (map as Record<string, T>) : {};
}

/** Whether an update of this cell is running. */
export function isCellLoading(row: Row, fieldName: string): boolean {
  return flagMap<boolean>(row, '_UI_Loading')[fieldName] === true;
}

/** The message of the cell's last failed update, or undefined. */
export function cellError(row: Row, fieldName: string): string | undefined {
  const message = flagMap<unknown>(row, '_UI_Error')[fieldName];
  return typeof message === 'string' && message !== '' ? message : undefined;
}

/** Whether the user gave this cell a value not saved yet (being saved, or refused). */
export function hasTriedValue(row: Row, fieldName: string): boolean {
  return Object.hasOwn(flagMap<unknown>(row, '_UI_Tried'), fieldName);
}

/** The value the user gave this cell that is not saved yet, or undefined. */
export function triedValue(row: Row, fieldName: string): unknown {
  return flagMap<unknown>(row, '_UI_Tried')[fieldName];
}

/** Whether the cell's last failure may be retried as it is (a network failure, not a refusal). */
export function isCellErrorRetryable(row: Row, fieldName: string): boolean {
  return flagMap<boolean>(row, '_UI_ErrorRetryable')[fieldName] === true;
}

/** The fields of the row whose update is running. */
export function loadingFields(row: Row): string[] {
  return Object.entries(flagMap<boolean>(row, '_UI_Loading'))
    .filter(([, loading]) => loading === true)
    .map(([field]) => field);
}

/** Whether any api of this row is running (what `waitApi` cells wait for). */
export function isRowApiRunning(row: Row): boolean {
  return loadingFields(row).length > 0;
}

/** Whether the row is locked: `IsLocked` true makes every cell read-only. */
export function isRowLocked(row: Row): boolean {
  return isTrueFlag(row.IsLocked);
}
