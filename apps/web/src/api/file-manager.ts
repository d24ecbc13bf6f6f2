import type { FileManagerEntry, FileManagerListing } from '@panelwright/contract';
import { api } from './api';

/** The file manager's calls; their failures show as toasts (business failures carry a sentence). */
export const fileManagerApi = {
  list: (folderId: number | null) =>
    api.post<FileManagerListing>('FileManager', 'List', { FolderId: folderId }),
  createFolder: (parentId: number | null, name: string) =>
    api.post<FileManagerEntry>('FileManager', 'CreateFolder', { ParentId: parentId, Name: name }),
  rename: (id: number, name: string) =>
    api.post<FileManagerEntry>('FileManager', 'Rename', { Id: id, Name: name }),
  remove: (id: number) => api.post<boolean>('FileManager', 'Delete', { Id: id }),
  addFiles: (folderId: number | null, fileUrls: string[]) =>
    api.post<FileManagerEntry[]>('FileManager', 'AddFiles', { FolderId: folderId, FileUrls: fileUrls }),
};
