/** A chunk failure reloads the page once, unless it did so within this long (part 2 section 8). */
export const CHUNK_RELOAD_GUARD_MS = 10_000;
/** How much of a stack a report carries. */
export const STACK_EXCERPT_LENGTH = 300;

/** Messages of a failed lazy chunk: webpack's wording (the specification's) and the browsers' for ES modules. */
export function isChunkLoadError(message: string): boolean {
  return /Loading chunk|Loading CSS chunk|dynamically imported module|Importing a module script failed/i.test(
    message,
  );
}

/** Whether to reload the page for a chunk failure now, given when it last did. */
export function shouldReloadForChunkError(
  message: string,
  lastReloadAt: number | null,
  now: number,
): boolean {
  return isChunkLoadError(message) && (lastReloadAt === null || now - lastReloadAt > CHUNK_RELOAD_GUARD_MS);
}

/** localhost and loopback addresses: client errors are not sent from there. */
export function isLocalHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '::1' || hostname === '[::1]' || /^127\./.test(hostname);
}

/** Developer tools appear on localhost, on 192.168 addresses, or with the local debug flag. */
export function isDebugHost(hostname: string, debugFlag: string | null): boolean {
  return isLocalHost(hostname) || hostname.startsWith('192.168.') || debugFlag === '1';
}

/** Hides password values in form text (`password=...`) and JSON text (`"password": "..."`). */
export function obfuscatePasswords(text: string): string {
  return text
    .replace(/((?:^|[&?\s])[\w.-]*password[\w.-]*=)[^&\s]*/gi, '$1***')
    .replace(/("[\w.-]*password[\w.-]*"\s*:\s*)"(?:[^"\\]|\\.)*"/gi, '$1"***"');
}

export type ErrorLog = { LogBy: string; AIPUrl: string; Url: string; Error: string; Data: string };

/** The body of `Exception/SaveLog`: message, the start of the stack and the user agent, passwords hidden. */
export function buildErrorLog(input: {
  user: string;
  pageUrl: string;
  apiUrl?: string;
  message: string;
  stack?: string;
  userAgent: string;
  data?: string;
}): ErrorLog {
  const stack = (input.stack ?? '').slice(0, STACK_EXCERPT_LENGTH);
  return {
    LogBy: input.user,
    AIPUrl: input.apiUrl ?? '',
    Url: input.pageUrl,
    Error: obfuscatePasswords([input.message, stack, input.userAgent].filter(Boolean).join('\n')),
    Data: obfuscatePasswords(input.data ?? ''),
  };
}

/** A response worth a note in the team's chat: slower or larger than the configured limits. */
export function slowOrLargeResponseText(
  response: { url: string; ms: number; bytes: number },
  limits: { slowMs: number; largeBytes: number },
  pageUrl: string,
): string | null {
  const notes: string[] = [];
  if (response.ms > limits.slowMs) notes.push(`slow response: ${Math.round(response.ms)} ms`);
  if (response.bytes > limits.largeBytes) notes.push(`large response: ${response.bytes} bytes`);
  return notes.length === 0 ? null : `${pageUrl}\n${response.url}: ${notes.join(', ')}`;
}

/**
 * Which failed calls are client errors worth a report (part 1 section 7): no answer, a missing API
 * (404), a server error (5xx) and an answer without data. A refused input (400), a sign-in the
 * server turned down (401, 403) or a business refusal (an envelope failure) is the user's matter,
 * already shown to them, and not a fault to report.
 */
export function isReportableFailure(failure: { code: 1 | 2 | 'http' | 'network'; status?: number }): boolean {
  if (failure.code === 'network' || failure.code === 1) return true;
  if (failure.code !== 'http' || failure.status === undefined) return false;
  return failure.status === 404 || failure.status >= 500;
}

/** The text of a developer notice to the chat webhook: the page's address first (part 1 section 7). */
export function developerNoticeText(pageUrl: string, text: string): string {
  return obfuscatePasswords(`${pageUrl}\n${text}`);
}
