import type { FailedCall } from '../api/client';
import { sendChatNote, sendErrorLog } from '../api/reports';
import { session } from '../api/session';
import {
  buildErrorLog,
  developerNoticeText,
  isLocalHost,
  shouldReloadForChunkError,
  slowOrLargeResponseText,
} from '../engine/error-reporting';
import { getAppState } from '../state/app-store';

const CHUNK_RELOAD_KEY = 'ChunkReloadAt';
let errorCaptureInstalled = false;
/** Set to 1 to send chat notes from localhost too (developers testing the webhook). */
const FORCE_CHAT_KEY = 'ForceChatLog';

declare global {
  interface Window {
    /** A host page may install this to receive the product's error reports. */
    notifyLog?: (report: { message: string; stack: string; userAgent: string }) => void;
  }
}

/**
 * A chunk that failed to load reloads the page once (not again within 10 s): a new version replaced
 * the files. When the server itself does not answer, a reload would only lose the page, so the error
 * page stays. Says whether it is reloading.
 */
export async function reloadForChunkError(message: string): Promise<boolean> {
  const last = Number(sessionStorage.getItem(CHUNK_RELOAD_KEY)) || null;
  if (!shouldReloadForChunkError(message, last, Date.now())) return false;
  const serverAnswers = await fetch('/health/live', { cache: 'no-store' }).then(
    (r) => r.ok,
    () => false,
  );
  if (!serverAnswers) return false;
  sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()));
  window.location.reload();
  return true;
}

/** Reports a client error: to `window.notifyLog` if present, and to `Exception/SaveLog` off localhost. */
export async function reportError(error: unknown, apiUrl?: string): Promise<void> {
  const message = error instanceof Error ? error.message : String(error);
  const stack = error instanceof Error ? (error.stack ?? '') : '';
  if (await reloadForChunkError(message)) return;
  window.notifyLog?.({ message, stack: stack.slice(0, 300), userAgent: navigator.userAgent });
  notifyDevelopers(`Client error: ${message}`);
  if (isLocalHost(window.location.hostname)) return;
  sendErrorLog(
    buildErrorLog({
      user: session.info()?.user_name ?? '',
      pageUrl: window.location.href,
      apiUrl,
      message,
      stack,
      userAgent: navigator.userAgent,
    }),
  );
}

/**
 * A developer notice to the team's chat webhook, when one is configured: `{text}` with the page's
 * address first. Skipped on localhost unless forced (the call's `force`, or ForceChatLog set to 1).
 */
export function notifyDevelopers(text: string, force = false): void {
  const config = getAppState().dataFirstSetting?.UIAppConfig;
  if (!config?.chatWebhookUrl) return;
  if (isLocalHost(window.location.hostname) && !force && localStorage.getItem(FORCE_CHAT_KEY) !== '1') return;
  sendChatNote(config.chatWebhookUrl, developerNoticeText(window.location.href, text));
}

/**
 * A failed API call or token request (no answer, a missing API, a server error): reported like a
 * client error, with the body it sent, passwords obfuscated, and as a developer notice.
 */
export function reportFailedCall(given: FailedCall): void {
  // The full address of the call: a relative one says nothing once it is in the log.
  const failure = { ...given, url: new URL(given.url, window.location.href).href };
  const message = `${failure.status ?? 'No answer'} - ${failure.msg}`;
  window.notifyLog?.({ message: `${failure.url}: ${message}`, stack: '', userAgent: navigator.userAgent });
  notifyDevelopers(`API call failed: ${failure.url}: ${message}`);
  if (isLocalHost(window.location.hostname)) return;
  sendErrorLog(
    buildErrorLog({
      user: session.info()?.user_name ?? '',
      pageUrl: window.location.href,
      apiUrl: failure.url,
      message,
      userAgent: navigator.userAgent,
      data: failure.body,
    }),
  );
}

/** Slow (5000 ms) and large (2,000,000 bytes) answers go to the chat webhook, when one is configured. */
export function observeResponse(response: { url: string; ms: number; bytes: number }): void {
  const config = getAppState().dataFirstSetting?.UIAppConfig;
  if (!config?.chatWebhookUrl) return;
  if (isLocalHost(window.location.hostname) && localStorage.getItem(FORCE_CHAT_KEY) !== '1') return;
  const text = slowOrLargeResponseText(
    response,
    { slowMs: config.slowResponseMs, largeBytes: config.largeResponseBytes },
    window.location.href,
  );
  if (text) sendChatNote(config.chatWebhookUrl, text);
}

/** Uncaught errors and rejections of the page. */
export function installErrorCapture(): void {
  // Both entries install it (the sign-in page's, then the app's it hands over to): once.
  if (errorCaptureInstalled) return;
  errorCaptureInstalled = true;
  window.addEventListener('error', (event) => void reportError(event.error ?? event.message));
  window.addEventListener('unhandledrejection', (event) => {
    // Failed API calls were already shown to the user by the client; they are not page errors.
    const reason = event.reason as { code?: unknown } | undefined;
    if (reason && typeof reason === 'object' && 'code' in reason && 'msg' in reason) return;
    void reportError(event.reason);
  });
}
