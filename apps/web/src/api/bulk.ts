import type {
  BulkResult,
  Envelope,
  FieldValue,
  ImportProgressEvent,
  ImportResult,
} from '@panelwright/contract';
import { api } from './api';

// Bulk actions and import of the generic resource protocol (docs/import-bulk.md).

/** `{APIName}/BulkUpdate`: `Values` set on the rows of the target (`Ids`, or the List's condition). */
export function bulkUpdate(apiName: string, target: Record<string, unknown>, values: FieldValue[]) {
  return api.call<Envelope<BulkResult>>({
    path: apiName,
    name: 'BulkUpdate',
    body: { ...target, Values: values },
  });
}

/** `{APIName}/BulkDelete`. */
export function bulkDelete(apiName: string, target: Record<string, unknown>) {
  return api.call<Envelope<BulkResult>>({ path: apiName, name: 'BulkDelete', body: target });
}

export type ImportRequest = {
  file: File;
  mapping: Record<string, string> | null;
  mode: 'all' | 'skip';
  dryRun: boolean;
  keyField: string;
  /** Names the import's progress for `importProgress` (when the live stream is off). */
  progressKey?: string;
};

/** `{APIName}/Import`: multipart, the file in `file[]` and the choices as text fields. */
export function importResource(apiName: string, request: ImportRequest) {
  const form = new FormData();
  form.append('file[]', request.file, request.file.name);
  if (request.mapping) form.append('Mapping', JSON.stringify(request.mapping));
  form.append('Mode', request.mode);
  form.append('DryRun', String(request.dryRun));
  if (request.keyField) form.append('KeyField', request.keyField);
  if (request.progressKey) form.append('ProgressKey', request.progressKey);
  form.append('UI_TimezoneOffset', String(new Date().getTimezoneOffset()));
  return api.call<Envelope<ImportResult>>({
    path: apiName,
    name: 'Import',
    multipart: form,
    hideError: true,
    timeoutMs: 10 * 60_000,
  });
}

/** `{APIName}/ImportProgress`: where the caller's import sent with `progressKey` is (null: not yet known). */
export function importProgress(apiName: string, progressKey: string) {
  return api.call<Envelope<ImportProgressEvent | null>>({
    path: apiName,
    name: 'ImportProgress',
    body: { ProgressKey: progressKey },
    silent: true,
    hideError: true,
  });
}
