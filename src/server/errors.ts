// Errors a service raises on purpose; the app's error handler turns them into the API error shape.
import { ERROR_CODES } from "../domain/error-codes";

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: { fields?: Record<string, string[]>; retryAfter?: number } = {},
  ) {
    super(message);
  }
}

export const badRequest = (code: string, message: string, fields?: Record<string, string[]>) =>
  new AppError(400, code, message, { fields });
export const unauthorized = (message = "Please sign in to continue.") =>
  new AppError(401, ERROR_CODES.unauthorized, message);
export const forbidden = (message: string, code: string = ERROR_CODES.forbidden) =>
  new AppError(403, code, message);
/** 404: the thing is missing, or hidden from this viewer so that its existence is not revealed
 * (policy/access.ts: when a refusal is 404 rather than 403). */
export const notFound = (message = "Not found") => new AppError(404, ERROR_CODES.notFound, message);
export const conflict = (code: string, message: string) => new AppError(409, code, message);
export const payloadTooLarge = (message = "The request body is too large.") =>
  new AppError(413, ERROR_CODES.tooLarge, message);
export const tooManyRequests = (
  retryAfter: number,
  code: string = ERROR_CODES.rateLimited,
  message?: string,
) =>
  new AppError(429, code, message ?? `Too many requests. Try again in ${retryAfter} seconds.`, {
    retryAfter,
  });
