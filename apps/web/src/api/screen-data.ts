import type { Envelope, ListResult, UpdateFieldsRequest } from '@panelwright/contract';
import { HELPER_TIMEOUT_MS } from '../engine/api-rules';
import type { ApiCallPlan } from '../engine/columns/api-config';
import { api } from './api';
import type { CallOptions } from './client';

/** `{APIName}/Options`: the screen configuration and option lists `{Key}List` of a resource. */
export function fetchResourceOptions(
  apiName: string,
  body: Record<string, unknown> = {},
  options: CallOptions = {},
): Promise<Record<string, unknown>> {
  return api.post(apiName, 'Options', body, options);
}

/** `{APIName}/{APIMethod}` (List by default): the rows of a screen, or a chart's data. */
export function fetchScreenData<T = ListResult>(
  apiName: string,
  apiMethod: string,
  body: Record<string, unknown> = {},
  options: CallOptions = {},
): Promise<T> {
  return api.post<T>(apiName, apiMethod || 'List', body, options);
}

/** `{APIName}/UpdateFields`: the whole updated row. */
export function updateResourceFields(
  apiName: string,
  body: UpdateFieldsRequest,
  options: CallOptions = {},
): Promise<Record<string, unknown>> {
  return api.post(apiName, 'UpdateFields', body, { timeoutMs: HELPER_TIMEOUT_MS, ...options });
}

/** `{APIName}/Export`: a signed link to the spreadsheet. */
export function exportResource(
  apiName: string,
  body: Record<string, unknown>,
): Promise<{ FullPath: string; FullPathName: string }> {
  return api.post(apiName, 'Export', body);
}

/** A configured call (buttons, form submits, after-change calls): answers the whole envelope. */
export function runPlannedCall<T = unknown>(
  plan: ApiCallPlan,
  options: CallOptions = {},
): Promise<Envelope<T>> {
  return api.call<Envelope<T>>({
    timeoutMs: HELPER_TIMEOUT_MS,
    ...options,
    ...plan.target,
    method: plan.method,
    body: plan.body,
  });
}
