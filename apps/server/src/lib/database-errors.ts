/**
 * What a failed database call means for the caller: the database is out of reach (503, try again), a
 * value the client sent cannot be stored or compared (400), or neither (a fault of the server: 500).
 */
export type DatabaseFailure = 'unavailable' | 'invalid_value' | null;

/** Socket and pool failures of the `pg` driver, and PostgreSQL's own "cannot serve now" states. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down, recovering)
  '53300', // too_many_connections
  '57014', // query_canceled: the statement time-out fired
]);
const UNAVAILABLE_MESSAGES = [
  /^Query read timeout$/,
  /timeout exceeded when trying to connect/,
  /Connection terminated/,
  /Client has encountered a connection error/,
  // A client given back early because its connection failed (db/client.ts): its holder's next call.
  /^Client was closed and is not queryable$/,
  /Connection terminated due to connection timeout/,
  /Cannot use a pool after calling end/,
];

/**
 * SQLSTATE class 22 (data exception: a value out of range, text PostgreSQL cannot hold, a malformed
 * date) comes from values the client sent that the edge did not catch. The edge should, and tests
 * look for these; this keeps a client's mistake a 400 if one slips through.
 */
const INVALID_VALUE_CLASS = '22';

/** The error and the causes it wraps (drizzle wraps driver errors in `DrizzleQueryError`). */
function* causes(error: unknown): Generator<{ code?: unknown; message?: unknown }> {
  let current = error;
  for (let depth = 0; depth < 5 && current !== null && typeof current === 'object'; depth++) {
    yield current as { code?: unknown; message?: unknown };
    current = (current as { cause?: unknown }).cause;
  }
}

export function classifyDatabaseError(error: unknown): DatabaseFailure {
  for (const cause of causes(error)) {
    const code = typeof cause.code === 'string' ? cause.code : '';
    if (UNAVAILABLE_CODES.has(code) || code.startsWith('08')) return 'unavailable';
    if (code.length === 5 && code.startsWith(INVALID_VALUE_CLASS)) return 'invalid_value';
    const message = typeof cause.message === 'string' ? cause.message : '';
    if (UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return 'unavailable';
  }
  return null;
}

/** The longest part of a failed statement a start-up message quotes: enough to know which it was. */
const QUOTED_STATEMENT_LENGTH = 200;

/**
 * A failure as an operator reads it: the database's own message and SQLSTATE code (with its detail
 * and hint) first, then what failed, its statement shortened. Drizzle's own message is only "Failed
 * query:" and the whole SQL, with the database's reason in its `cause`.
 */
export function describeFailure(error: unknown): string {
  const outer = error instanceof Error ? error.message : String(error);
  const reason = [...causes(error)].find(
    (cause) => typeof cause.code === 'string' && /^[0-9A-Z]{5}$/.test(cause.code),
  ) as { code: string; message?: unknown; detail?: unknown; hint?: unknown } | undefined;
  if (!reason) return outer;
  const lines = [`${String(reason.message)} (SQLSTATE ${reason.code})`];
  if (typeof reason.detail === 'string' && reason.detail !== '') lines.push(`  detail: ${reason.detail}`);
  if (typeof reason.hint === 'string' && reason.hint !== '') lines.push(`  hint: ${reason.hint}`);
  if (reason !== error) {
    const failed = outer.replace(/\s+/g, ' ').trim();
    lines.push(
      `  in: ${failed.length > QUOTED_STATEMENT_LENGTH ? `${failed.slice(0, QUOTED_STATEMENT_LENGTH)}…` : failed}`,
    );
  }
  return lines.join('\n');
}
