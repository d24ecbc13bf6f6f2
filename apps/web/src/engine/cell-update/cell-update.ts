import type { UpdateFieldsRequest } from '@panelwright/contract';
import { API_TEXTS } from '../api-rules';
import { cellError, isRowApiRunning, type TableRow } from '../rows';
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
 * Step 1 of part 2 section 4: a changed value, a retry after an error, or a forced update makes the
 * cell loading and is sent; the new value shows at once. An unchanged value is not sent. The error
 * stays until the update succeeds, so a failed value can be retried as it is.
 */
export function startCellUpdate(row: TableRow, update: StartCellUpdate): StartedCellUpdate {
  const { field, value, force = false, relatedFields = [] } = update;
  const retry = cellError(row, field) !== undefined;
  if (!force && !retry && sameValue(row[field], value)) return { row, send: false };
  return {
    send: true,
    row: {
      ...row,
      [field]: value,
      _UI_Loading: { ...row._UI_Loading, [field]: true },
      _UI_NeedUpdate: { ...row._UI_NeedUpdate, [field]: true },
      _UI_CheckChange: { ...row._UI_CheckChange, [field]: { value, fields: [...relatedFields] } },
    },
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
  const merged: TableRow = {
    ...row,
    ...returnedRow(row, answer),
    _UI_Loading: { ...row._UI_Loading, [field]: false },
    _UI_Error: without(row._UI_Error, field),
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

/** Step 3: loading clears and the message is stored on the cell; the tried value stays for a retry. */
export function failCellUpdate(row: TableRow, field: string, error: unknown): TableRow {
  return {
    ...row,
    _UI_Loading: { ...row._UI_Loading, [field]: false },
    _UI_NeedUpdate: { ...row._UI_NeedUpdate, [field]: false },
    _UI_Error: { ...row._UI_Error, [field]: updateErrorMessage(error) },
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
