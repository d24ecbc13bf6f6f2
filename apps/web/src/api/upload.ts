import type { UploadResult } from '@panelwright/contract';
import { api } from './api';
import type { CallOptions } from './client';

/** `ProjectPhoto/FileUploadFile`: multipart, files in `file[]`; the links are at `Data.Photos[i].FileUrl`. */
export function uploadFiles(files: readonly File[], options: CallOptions = {}): Promise<UploadResult> {
  const form = new FormData();
  for (const file of files) form.append('file[]', file, file.name);
  return api.post<UploadResult>('ProjectPhoto', 'FileUploadFile', {}, { ...options, multipart: form });
}
