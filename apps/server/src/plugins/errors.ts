import { Server as NetServer, type Socket } from 'node:net';
import { ERROR_CODES, type ErrorBody, STATUS_BUSINESS_FAILURE } from '@panelwright/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { classifyDatabaseError } from '../lib/database-errors';
import { BusinessError, HttpError, statusTitle } from '../lib/errors';

/** Fastify's own client-error codes and the description a caller can act on. */
const FRAMEWORK_ERRORS: Record<
  string,
  { status: number; error: string; describe: (e: FastifyError) => string }
> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    error: ERROR_CODES.unsupportedMediaType,
    describe: () => 'The Content-Type of the request is not supported; send application/json.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    error: ERROR_CODES.payloadTooLarge,
    describe: () => 'The request body is larger than the server accepts.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    error: ERROR_CODES.invalidRequest,
    describe: () => 'The Content-Length of the request does not match its body.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    error: ERROR_CODES.invalidRequest,
    describe: () => 'The request body is empty; send a JSON object.',
  },
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    error: ERROR_CODES.invalidRequest,
    describe: () => 'The request body is not valid JSON.',
  },
};

/** The contract's error body; the description only below 500 (or for 503, which says what to wait for). */
export function errorBody(status: number, error: string, description?: string): ErrorBody {
  const body: ErrorBody = { status, title: statusTitle(status), error };
  if (description !== undefined && (status < 500 || status === 503)) body.error_description = description;
  return body;
}

export function sendError(
  reply: FastifyReply,
  status: number,
  error: string,
  description?: string,
): FastifyReply {
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send(errorBody(status, error, description));
}

/** What a caller is told while the database is out of reach; it never names a host or an error. */
export const DATABASE_UNAVAILABLE = 'The database is not answering. Try again in a few seconds.';
const DATABASE_RETRY_AFTER_SECONDS = '5';

/**
 * Errors Node's HTTP parser raises before Fastify sees a request (a header block too large, a request
 * that did not arrive in time, bytes that are not HTTP): answered on the raw socket, in the contract's
 * shape, then the connection is closed.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, description] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'The request did not arrive in time.']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'The request headers are larger than the server accepts.']
        : [400, 'The request is not valid HTTP.'];
  const text = JSON.stringify(errorBody(status, ERROR_CODES.invalidRequest, description));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${statusTitle(status)}\r\nConnection: close\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`,
    );
  }
  socket.destroy();
}

/** Fastify's own refusals before routing (a URL that does not decode, a parameter too long). */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const description =
    error.code === 'FST_ERR_BAD_URL' ? 'The address is not a valid URL.' : 'The address cannot be served.';
  return sendError(reply, 400, ERROR_CODES.invalidRequest, description);
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Stops taking work before `close()` (SIGTERM): see `registerClosingAnswer`. Resolves once the
     * server no longer listens and the connections it had have been answered.
     */
    drain(graceMs: number, limitMs: number): Promise<void>;
  }
}

/** How long connections accepted just before the listener closed get to send their request. */
const LAST_CONNECTIONS_MS = 500;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * While the server shuts down, new requests get 503 in the contract's shape with `Connection: close`,
 * so that a load balancer sends them elsewhere (Fastify's own 503 body has another shape).
 *
 * `app.drain` comes before `close()`: closing at once cut the kept-alive connections a client was
 * sending on at that moment (a connection reset, issue 20) and refused new connections with no
 * answer. Draining instead (1) answers every new request 503 with `Connection: close`, and adds
 * `Connection: close` to the answers of the requests in flight, so that each connection ends cleanly
 * after its answer, while the server still listens, for at least `graceMs` and until the requests in
 * flight are done (at most `limitMs`); `stopStreams` ends the live streams at once, since they never
 * end on their own; (2) then stops listening (new connections are refused, which a client or load
 * balancer reads as "not here") without the sweep of idle connections of `http.Server#close`: a
 * connection accepted a moment before may hold a request not read yet, and destroying it resets that
 * request; those get their 503 too. `close()` then ends what is still open.
 */
export function registerClosingAnswer(app: FastifyInstance, stopStreams: () => void): void {
  let closing = false;
  let inFlight = 0;
  const waiters = new Set<() => void>();
  const sockets = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (closing) {
      reply.header('Connection', 'close').header('Retry-After', '1');
      return sendError(reply, 503, 'shutting_down', 'The server is restarting. Try again in a moment.');
    }
    inFlight++;
    // 'close' comes once the answer is sent or the connection is gone, hijacked answers included.
    reply.raw.once('close', () => {
      inFlight--;
      if (inFlight === 0) for (const wake of waiters) wake();
    });
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('Connection', 'close');
  });
  const idle = async (limitMs: number) => {
    if (inFlight === 0) return;
    let timer: NodeJS.Timeout | undefined;
    let wake: () => void = () => {};
    await new Promise<void>((resolve) => {
      wake = resolve;
      waiters.add(wake);
      timer = setTimeout(resolve, limitMs);
    });
    waiters.delete(wake);
    clearTimeout(timer);
  };
  app.decorate('drain', async (graceMs: number, limitMs: number) => {
    closing = true;
    stopStreams();
    const started = Date.now();
    await idle(limitMs);
    const waited = Date.now() - started;
    if (waited < graceMs) await sleep(graceMs - waited);
    if (!app.server.listening) return;
    NetServer.prototype.close.call(app.server);
    const until = Date.now() + LAST_CONNECTIONS_MS;
    while (sockets.size > 0 && Date.now() < until) await sleep(20);
  });
}

function describeClientError(
  error: FastifyError,
): { status: number; error: string; description: string } | null {
  const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
  if (known) return { status: known.status, error: known.error, description: known.describe(error) };
  if (error instanceof SyntaxError || error.name === 'SyntaxError') {
    return {
      status: 400,
      error: ERROR_CODES.invalidRequest,
      description: 'The request body is not valid JSON.',
    };
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return {
      status,
      error: status === 429 ? ERROR_CODES.rateLimited : ERROR_CODES.invalidRequest,
      description: error.message,
    };
  }
  return null;
}

/** The first segment pair after /api/v1/, as the client named it, bounded for the answer. */
export function apiNameOf(path: string): string {
  return decodeURIComponentSafe(path.replace(/^\/api\/v1\/?/, '')).slice(0, 200);
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * The error model of the contract: client mistakes get their status and a description, business
 * failures an envelope with StatusCode 0, and anything else a bare 500 whose detail stays in the log.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof HttpError) {
      reply.headers(error.headers);
      return sendError(reply, error.status, error.error, error.description);
    }
    if (error instanceof BusinessError) {
      return reply.code(200).send({
        StatusCode: STATUS_BUSINESS_FAILURE,
        Msg: error.message,
        Data: null,
        TotalMili: Math.round(reply.elapsedTime),
      });
    }
    const database = classifyDatabaseError(error);
    if (database === 'unavailable') {
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('Retry-After', DATABASE_RETRY_AFTER_SECONDS);
      return sendError(reply, 503, 'database_unavailable', DATABASE_UNAVAILABLE);
    }
    if (database === 'invalid_value') {
      // The edge should have refused it; the warning makes the gap visible without failing the caller.
      request.log.warn({ err: error }, 'a value reached the database unchecked');
      return sendError(
        reply,
        400,
        ERROR_CODES.invalidRequest,
        'A value in the request is out of range or malformed.',
      );
    }
    const client = describeClientError(error);
    if (client) {
      request.log.info({ code: error.code, status: client.status }, 'client error');
      return sendError(reply, client.status, client.error, client.description);
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, 500, ERROR_CODES.serverError);
  });
}
