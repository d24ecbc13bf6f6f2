import type { ErrorLog } from '../engine/error-reporting';
import { apiBaseUrl } from './api';

/** Where client errors go; configurable at build time. */
const ERROR_LOG_URL =
  (import.meta.env.VITE_ERROR_LOG_URL as string | undefined) ?? '/api/v1/Exception/SaveLog';

/**
 * Reports bypass the API client on purpose: a failing report must never toast, count as a network
 * error or report itself again.
 */
export function sendErrorLog(log: ErrorLog): void {
  const url = ERROR_LOG_URL.startsWith('/') ? `${apiBaseUrl()}${ERROR_LOG_URL}` : ERROR_LOG_URL;
  void fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(log),
    keepalive: true,
  }).catch(() => {});
}

/** Posts `{text}` to the configured chat webhook. */
export function sendChatNote(webhookUrl: string, text: string): void {
  if (!/^https?:\/\//i.test(webhookUrl)) return;
  void fetch(webhookUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ text }),
  }).catch(() => {});
}
