import type { CommentsChangedEvent, ExportProgressEvent, ImportProgressEvent } from '@panelwright/contract';

/** A `data-changed` event of the notification hub: a record of `APIName` changed (or was added or removed). */
export type DataChangedEvent = { APIName: string; Id?: number | string | null };

type Listener = (event: DataChangedEvent) => void;

const listeners = new Set<Listener>();

/**
 * Subscribes to `data-changed` events, whoever feeds them (the live client reading the server's
 * event stream, or another screen of this page after a change). Returns the unsubscribe function.
 */
export function onDataChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Hands an event to every subscriber; one failing subscriber does not stop the others. */
export function emitDataChanged(event: DataChangedEvent): void {
  for (const listener of [...listeners]) {
    try {
      listener(event);
    } catch (error) {
      console.error('a data-changed listener failed', error);
    }
  }
}

const progressListeners = new Set<(event: ExportProgressEvent) => void>();

/** Subscribes to `export-progress` events (this user's exports under way). Returns the unsubscribe. */
export function onExportProgress(listener: (event: ExportProgressEvent) => void): () => void {
  progressListeners.add(listener);
  return () => {
    progressListeners.delete(listener);
  };
}

/** Hands an `export-progress` event to every subscriber. */
export function emitExportProgress(event: ExportProgressEvent): void {
  for (const listener of [...progressListeners]) listener(event);
}

const importListeners = new Set<(event: ImportProgressEvent) => void>();

/** Subscribes to `import-progress` events (this user's imports under way). Returns the unsubscribe. */
export function onImportProgress(listener: (event: ImportProgressEvent) => void): () => void {
  importListeners.add(listener);
  return () => {
    importListeners.delete(listener);
  };
}

/** Hands an `import-progress` event to every subscriber. */
export function emitImportProgress(event: ImportProgressEvent): void {
  for (const listener of [...importListeners]) listener(event);
}

const commentListeners = new Set<(event: CommentsChangedEvent) => void>();

/** Subscribes to `comments-changed` events (a record's thread changed). Returns the unsubscribe. */
export function onCommentsChanged(listener: (event: CommentsChangedEvent) => void): () => void {
  commentListeners.add(listener);
  return () => {
    commentListeners.delete(listener);
  };
}

/** Hands a `comments-changed` event to every subscriber. */
export function emitCommentsChanged(event: CommentsChangedEvent): void {
  for (const listener of [...commentListeners]) listener(event);
}
