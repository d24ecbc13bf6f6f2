import { ERROR_CODES, type ErrorBody, STATUS_BUSINESS_FAILURE } from '@panelwright/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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

export function sendError(
  reply: FastifyReply,
  status: number,
  error: string,
  description?: string,
): FastifyReply {
  const body: ErrorBody = { status, title: statusTitle(status), error };
  if (description !== undefined && status < 500) body.error_description = description;
  return reply.code(status).type('application/json; charset=utf-8').send(body);
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
    const client = describeClientError(error);
    if (client) {
      request.log.info({ code: error.code, status: client.status }, 'client error');
      return sendError(reply, client.status, client.error, client.description);
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, 500, ERROR_CODES.serverError);
  });
}
