import type {
  CommentsChangedEvent,
  DataChangedEvent,
  ExportProgressEvent,
  NotificationEvent,
} from '@panelwright/contract';

/** Reconnection waits 1 s, 2 s, 4 s ... up to 30 s; an open connection starts over. */
export const LIVE_BACKOFF_BASE_MS = 1000;
export const LIVE_BACKOFF_MAX_MS = 30_000;

export function liveBackoffMs(attempt: number): number {
  return Math.min(LIVE_BACKOFF_MAX_MS, LIVE_BACKOFF_BASE_MS * 2 ** Math.max(0, attempt));
}

/** The stream's address; EventSource cannot send headers, so the token rides in the query. */
export function notificationHubUrl(base: string, token: string): string {
  return `${base.replace(/\/+$/, '')}/api/v1/NotificationHub?access_token=${encodeURIComponent(token)}`;
}

/** A `comments-changed` event's data (a record's thread changed), or null when it is not one. */
export function parseCommentsChanged(data: string): CommentsChangedEvent | null {
  try {
    const value = JSON.parse(data) as Partial<CommentsChangedEvent>;
    return typeof value.APIName === 'string' && Number.isInteger(value.Id)
      ? { APIName: value.APIName, Id: value.Id as number }
      : null;
  } catch {
    return null;
  }
}

/** A `notification` event's data, or null when it is not one. */
export function parseNotification(data: string): NotificationEvent | null {
  try {
    const value = JSON.parse(data) as Partial<NotificationEvent>;
    return typeof value.Id === 'string' && typeof value.Title === 'string'
      ? {
          Id: value.Id,
          Title: value.Title,
          Body: value.Body ?? '',
          Url: value.Url ?? '',
          CreatedAt: value.CreatedAt ?? '',
        }
      : null;
  } catch {
    return null;
  }
}

/** A `data-changed` event's data, or null when it is not one. */
export function parseDataChanged(data: string): DataChangedEvent | null {
  try {
    const value = JSON.parse(data) as Partial<DataChangedEvent>;
    return typeof value.APIName === 'string' && (typeof value.Id === 'string' || typeof value.Id === 'number')
      ? { APIName: value.APIName, Id: value.Id }
      : null;
  } catch {
    return null;
  }
}

/** An `export-progress` event's data, or null when it is not one. */
export function parseExportProgress(data: string): ExportProgressEvent | null {
  try {
    const value = JSON.parse(data) as Partial<ExportProgressEvent>;
    const count = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 0;
    return typeof value.APIName === 'string' && count(value.Rows) && count(value.Total)
      ? { APIName: value.APIName, Rows: value.Rows, Total: value.Total }
      : null;
  } catch {
    return null;
  }
}

/** The version of a `config-changed` event, or null for anything else. */
export function parseConfigChanged(data: string): number | null {
  try {
    const value = (JSON.parse(data) as { Version?: unknown }).Version;
    return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null;
  } catch {
    return null;
  }
}

/** The whole percentage of an export's rows written (0 while the total is unknown or 0; at most 100). */
export function exportPercent(rows: number, total: number): number {
  return total > 0 ? Math.min(100, Math.floor((rows * 100) / total)) : 0;
}
