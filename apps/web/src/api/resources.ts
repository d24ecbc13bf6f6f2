import type {
  Envelope,
  ListParams,
  ListResult,
  RecordRequest,
  UpdateFieldsRequest,
  UploadResult,
} from '@panelwright/contract';
import { HELPER_TIMEOUT_MS } from '../engine/api-rules';
import type { ApiCallPlan, UpdateFunction } from '../engine/columns';
import type { Row } from '../engine/values';
import { api } from './api';
import type { CallOptions } from './client';

// The generic resource protocol of api-contract.md ("Data screens"), one function per call.

/** `{APIName}/Options`: `Configs.ScreenConfig` (JSON text) and the option lists `{Key}List`. */
export function fetchResourceOptions(apiName: string, body: Record<string, unknown>) {
  return api.post<Record<string, unknown>>(apiName, 'Options', body);
}

/** `{APIName}/{List}`: a page of rows, the total and the column definitions. */
export function fetchResourceList(
  apiName: string,
  method: string,
  body: ListParams & Record<string, unknown>,
) {
  return api.post<ListResult>(apiName, method || 'List', body);
}

/** `{APIName}/Detail`: one row, quietly (the caller decides what a failure means). */
export function fetchResourceDetail(apiName: string, id: RecordRequest['Id']) {
  return api.post<Row>(apiName, 'Detail', { Id: id }, { silent: true, hideError: true });
}

/**
 * `{APIName}/UpdateFields`, answering the whole envelope (its `Data` is the updated row). Errors are
 * not toasted: the cell shows them (a validation 400's `error_description`, a stale write's `Msg`).
 */
export function updateResourceFields(
  apiName: string,
  request: UpdateFieldsRequest,
  /** A column's own update function, in place of UpdateFields. */
  updateFunction: UpdateFunction | null = null,
) {
  return api.call<Envelope<Row>>({
    path: updateFunction?.path ?? apiName,
    name: updateFunction?.name ?? 'UpdateFields',
    body: request as unknown as Record<string, unknown>,
    hideError: true,
    timeoutMs: HELPER_TIMEOUT_MS,
  });
}

/** `{APIName}/AddNew` with a form's `{DefaultValues, DataForm}`; answers the envelope with the new row. */
export function addResourceRecord(apiName: string, body: Record<string, unknown>) {
  return api.call<Envelope<Row>>({ path: apiName, name: 'AddNew', body, hideError: true });
}

/** `{APIName}/Delete`. */
export function deleteResourceRecord(apiName: string, id: RecordRequest['Id']) {
  return api.post<boolean>(apiName, 'Delete', { Id: id });
}

/** `{APIName}/Export`: the List body without paging; answers a signed link to the spreadsheet. */
export function exportResource(apiName: string, body: Record<string, unknown>) {
  return api.post<Record<string, unknown>>(apiName, 'Export', body);
}

/** A configured action call (engine `buildApiCall`); answers the whole envelope. */
export function runApiPlan(plan: ApiCallPlan, options: CallOptions = {}) {
  return api.call<Envelope<unknown>>({
    timeoutMs: HELPER_TIMEOUT_MS,
    ...options,
    ...plan.target,
    method: plan.method,
    body: plan.body,
  });
}

/** `ProjectPhoto/FileUploadFile`: the files in `file[]`; answers their signed links. */
export function uploadFiles(files: readonly File[]) {
  const form = new FormData();
  for (const file of files) form.append('file[]', file, file.name);
  return api.post<UploadResult>('ProjectPhoto', 'FileUploadFile', {}, { multipart: form });
}
