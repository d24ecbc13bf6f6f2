import { ERROR_CODES } from '@panelwright/contract';

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export function statusTitle(status: number): string {
  return TITLES[status] ?? (status >= 500 ? 'Internal Server Error' : 'Bad Request');
}

/** A protocol failure: answered with this HTTP status and the contract's error body. */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(description);
  }
}

export const badRequest = (description: string, error: string = ERROR_CODES.invalidRequest) =>
  new HttpError(400, error, description);
export const unauthorized = (description: string) =>
  new HttpError(401, ERROR_CODES.unauthorized, description, {
    'WWW-Authenticate': 'Bearer error="invalid_token"',
  });
export const forbidden = (description: string) => new HttpError(403, ERROR_CODES.forbidden, description);
export const notFound = (description: string) => new HttpError(404, ERROR_CODES.notFound, description);

/**
 * A business failure: a rule of the domain said no. Answered with HTTP 200 and `StatusCode` 0, the
 * message being a sentence the user can act on.
 */
export class BusinessError extends Error {
  override name = 'BusinessError';
}
