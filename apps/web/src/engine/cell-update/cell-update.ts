import type { UpdateFieldsRequest } from '@panelwright/contract';
import { API_TEXTS } from '../api-rules';
import {
  cellError,
  hasTriedValue,
  isCellErrorRetryable,
  isCellLoading,
  isRowApiRunning,
  type TableRow,
  triedValue,
} from '../rows';
import { hasValue, type Row, readObject, sameValue, valueText } from '../values';

/** Why an update was asked for. */
export type StartCellUpdate = {
  field: string;
  value: unknown;
  /** Send even an unchanged value, and reload the list afterwards. */
  force?: boolean;
  /** The column's `updateUIRelative` fields, re-rendered with the returned row. */
  relatedFields?: readonly string[];
};

export type StartedCellUpdate = {
  row: TableRow;
  /** false: the value did not change (and no error, not forced): nothing is sent, the row is unchanged. */
  send: boolean;
};

function without<T>(map: Record<string, T> | undefined, key: string): Record<string, T> {
  const { [key]: _dropped, ...rest } = map ?? {};
  return rest;
}

/**
 * Step 1 of part 2 section 4: a changed value, a retry after a network failure, or a forced update
 * makes the cell loading and is sent. The value being sent is kept beside the row (`_UI_Tried`), not in
 * it: the row shows what the server holds until the server accepts the new value.
 *
 * Not sent: an unchanged value; the value already being sent; the value the server just refused (it
 * would refuse it again; only a changed value, or a network failure, is worth sending again).
 */
export function startCellUpdate(row: TableRow, update: StartCellUpdate): StartedCellUpdate {
  const { field, value, force = false, relatedFields = [] } = update;
  const error = cellError(row, field) !== undefined;
  const tried = hasTriedValue(row, field);
  if (!force) {
    const sameAsTried = tried && sameValue(triedValue(row, field), value);
    if (sameAsTried && isCellLoading(row, field)) return { row, send: false };
    if (sameAsTried && error && !isCellErrorRetryable(row, field)) return { row, send: false };
    if (sameValue(row[field], value) && !isCellLoading(row, field)) {
      // The saved value (again): nothing to send, and nothing tried any more.
      return tried || error ? { row: cancelCellEdit(row, field), send: false } : { row, send: false };
    }
  }
  return {
    send: true,
    row: {
      ...row,
      _UI_Tried: { ...row._UI_Tried, [field]: value },
      _UI_Loading: { ...row._UI_Loading, [field]: true },
      _UI_NeedUpdate: { ...row._UI_NeedUpdate, [field]: true },
      _UI_CheckChange: { ...row._UI_CheckChange, [field]: { value, fields: [...relatedFields] } },
    },
  };
}

/**
 * The user closed the editor of a refused (or never sent) value: the tried value and its message go,
 * and the cell shows the saved value again. An update still running is left to finish.
 */
export function cancelCellEdit(row: TableRow, field: string): TableRow {
  if (isCellLoading(row, field)) return row;
  if (!hasTriedValue(row, field) && cellError(row, field) === undefined) return row;
  return {
    ...row,
    _UI_Tried: without(row._UI_Tried, field),
    _UI_Error: without(row._UI_Error, field),
    _UI_ErrorRetryable: without(row._UI_ErrorRetryable, field),
  };
}

/**
 * The `UpdateFields` body: the row's Id (and ProjectId when it has one), the screen's shared request
 * data with the column's `customRowBeforeRequest` fields added, and the one field's new value.
 */
export function buildUpdateFieldsRequest(
  row: Row,
  field: string,
  value: unknown,
  options: { requestData?: unknown; requestDataFromRow?: Record<string, unknown> } = {},
): UpdateFieldsRequest {
  const fromRow = options.requestDataFromRow ?? {};
  const shared = readObject(options.requestData);
  let requestData: unknown = options.requestData;
  if (shared) requestData = { ...shared, ...fromRow };
  else if (Object.keys(fromRow).length > 0) requestData = { ...fromRow };
  const request: UpdateFieldsRequest = {
    Id: row.Id as UpdateFieldsRequest['Id'],
    Values: [{ FieldName: field, NewValue: value }],
  };
  if (hasValue(row.ProjectId)) request.ProjectId = row.ProjectId as UpdateFieldsRequest['Id'];
  if (requestData !== undefined) request.RequestData = requestData;
  return request;
}

/** Which reload follows a successful update. */
export type ReloadDecision = 'none' | 'list' | 'optionsAndList';

export type UpdateSuccessOptions = {
  /** The update was forced. */
  force?: boolean;
  /** Fields whose update reloads the list (`needReloadAfterUpdateFields` columns). */
  reloadAfterUpdateFields?: readonly string[];
  /** The column's reload options. */
  reloadListMain?: boolean;
  reloadOptionsAndListMain?: boolean;
  reloadMaster?: boolean;
};

export type SucceededCellUpdate = {
  row: TableRow;
  reload: ReloadDecision;
  reloadMaster: boolean;
  /** The updated field and its `updateUIRelative` fields. */
  rerenderFields: string[];
  /** The answer's Msg, for the caller to show if it wishes. */
  msg: string | undefined;
};

const isClientFlag = (key: string) => key.startsWith('_UI_') || key === '_isShow';

/** The returned row of an answer: its `Data` object, when it is this row (same Id, or no Id). */
function returnedRow(row: Row, answer: unknown): Row {
  const data = readObject(readObject(answer)?.Data);
  if (!data) return {};
  if (hasValue(data.Id) && hasValue(row.Id) && !sameValue(data.Id, row.Id)) return {};
  return Object.fromEntries(Object.entries(data).filter(([key]) => !isClientFlag(key)));
}

/**
 * Step 2: the returned row is merged into the row, loading and error are cleared, and the reload is
 * decided: the options and list when the column asks for it, else the list when the update was forced,
 * the field reloads after update, or the column asks for the main list.
 */
export function succeedCellUpdate(
  row: TableRow,
  field: string,
  answer: unknown,
  options: UpdateSuccessOptions = {},
): SucceededCellUpdate {
  const relatedFields = row._UI_CheckChange?.[field]?.fields ?? [];
  const saved = hasTriedValue(row, field) ? { [field]: triedValue(row, field) } : {};
  const merged: TableRow = {
    ...row,
    ...saved,
    ...returnedRow(row, answer),
    _UI_Tried: without(row._UI_Tried, field),
    _UI_Loading: { ...row._UI_Loading, [field]: false },
    _UI_Error: without(row._UI_Error, field),
    _UI_ErrorRetryable: without(row._UI_ErrorRetryable, field),
    _UI_NeedUpdate: { ...row._UI_NeedUpdate, [field]: false },
    _UI_NeedUpdateUI: true,
    _UI_NeedUpdateUIByFields: [...relatedFields],
    _UI_CheckChange: without(row._UI_CheckChange, field),
  };
  let reload: ReloadDecision = 'none';
  if (options.reloadOptionsAndListMain) reload = 'optionsAndList';
  else if (options.force || options.reloadListMain || options.reloadAfterUpdateFields?.includes(field)) {
    reload = 'list';
  }
  const msg = readObject(answer)?.Msg;
  return {
    row: merged,
    reload,
    reloadMaster: options.reloadMaster === true,
    rerenderFields: [field, ...relatedFields.filter((related) => related !== field)],
    msg: typeof msg === 'string' && msg !== '' ? msg : undefined,
  };
}

/** The message of a failed call: the API client's `msg`, an envelope's `Msg`, an Error's message, a text. */
export function updateErrorMessage(error: unknown): string {
  if (typeof error === 'string' && error.trim() !== '') return error;
  if (error instanceof Error && error.message) return error.message;
  const record = readObject(error);
  for (const key of ['msg', 'Msg', 'message', 'error_description']) {
    const text = valueText(record?.[key]);
    if (text.trim() !== '') return text;
  }
  return API_TEXTS.defaultEnvelopeError;
}

/**
 * Whether a failure was the network's or a server fault (no answer, a 5xx): the same value may succeed
 * when sent again. A refusal (an envelope failure, a 4xx) would only be refused again.
 */
export function isRetryableFailure(error: unknown): boolean {
  const record = readObject(error);
  if (!record) return false;
  if (record.code === 'network') return true;
  return record.code === 'http' && typeof record.status === 'number' && record.status >= 500;
}

/**
 * Step 3: loading clears and the message is stored on the cell. The row's field keeps the saved value
 * (a refused value is never shown as saved); the tried value stays beside it, for the editor to show
 * again with the message, until the user changes it or gives up.
 */
export function failCellUpdate(row: TableRow, field: string, error: unknown): TableRow {
  return {
    ...row,
    _UI_Loading: { ...row._UI_Loading, [field]: false },
    _UI_NeedUpdate: { ...row._UI_NeedUpdate, [field]: false },
    _UI_Error: { ...row._UI_Error, [field]: updateErrorMessage(error) },
    _UI_ErrorRetryable: { ...row._UI_ErrorRetryable, [field]: isRetryableFailure(error) },
    _UI_CheckChange: without(row._UI_CheckChange, field),
  };
}

/** Marks the row's re-render as done. */
export function clearNeedUpdateUI(row: TableRow): TableRow {
  return { ...row, _UI_NeedUpdateUI: false, _UI_NeedUpdateUIByFields: [] };
}

/** A `waitApi` cell is waiting while an api of its row runs. */
export function isCellWaiting(row: Row, waitApi: boolean): boolean {
  return waitApi && isRowApiRunning(row);
}

/** Replaces the row with the given Id (compared as text) by `change(row)`; no Id changes nothing. */
export function updateRowById<R extends Row>(rows: readonly R[], id: unknown, change: (row: R) => R): R[] {
  if (!hasValue(id) || valueText(id) === '') return [...rows];
  return rows.map((row) => (sameValue(row.Id, id) ? change(row) : row));
}
