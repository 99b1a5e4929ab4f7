import type { ErrorBody } from '../../schema/kit/http.js';

/** An error with an HTTP status and a body the client shows. Services throw these. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Omit<ErrorBody, 'message'> = {},
    /** Seconds, sent as Retry-After (rate limits). */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

type Extra = Omit<ErrorBody, 'message'>;
export const badRequest = (message: string, extra?: Extra) => new HttpError(400, message, extra);
export const unauthorized = (message = 'Not authenticated') => new HttpError(401, message);
export const forbidden = (message = 'You do not have access to this workspace') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string, extra?: Extra) => new HttpError(409, message, extra);
export const tooMany = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, { code: 'rate_limited' }, retryAfterSeconds);
