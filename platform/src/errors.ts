import { MESSAGES } from '@leadmarket/contracts';

/** An error whose message is safe to show the caller, with the status to answer. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly field?: string,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, field?: string, extra?: Record<string, unknown>) =>
  new HttpError(400, message, field, extra);
export const unauthorized = (message: string = MESSAGES.contractor.sessionExpired) => new HttpError(401, message);
export const forbidden = (message: string = MESSAGES.server.forbidden) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string, extra?: Record<string, unknown>) =>
  new HttpError(409, message, undefined, extra);
export const tooManyRequests = (message: string = MESSAGES.server.rateLimited, retryAfterSeconds?: number) =>
  new HttpError(
    429,
    message,
    undefined,
    retryAfterSeconds === undefined ? undefined : { retry_after: retryAfterSeconds },
  );
