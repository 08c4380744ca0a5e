import { MSG } from '@rushes/shared';

/** A refusal the user should read: carried to the envelope as errormessage (and errorcode, data). */
export class AppError extends Error {
  readonly status: number;
  readonly errorcode?: number;
  readonly data: unknown;
  constructor(message: string, opts: { status?: number; errorcode?: number; data?: unknown } = {}) {
    super(message);
    this.status = opts.status ?? 400;
    this.errorcode = opts.errorcode;
    this.data = opts.data ?? null;
  }
}

export const badRequest = (message: string, data?: unknown) => new AppError(message, { status: 400, data });
export const unauthorized = (message: string = MSG.loginAgain) =>
  new AppError(message, { status: 401, errorcode: 401 });
export const forbidden = (message: string = MSG.forbidden) =>
  new AppError(message, { status: 403, errorcode: 403 });
export const notFound = (message: string = MSG.notFound) =>
  new AppError(message, { status: 404, errorcode: 404 });
export const tooManyRequests = (message: string = MSG.tooManyRequests) =>
  new AppError(message, { status: 429, errorcode: 429 });
/** A field-level refusal found by a service (e.g. wrong existing password), shown inline like zod's. */
export const fieldError = (field: string, message: string) =>
  new AppError(message, { status: 400, data: { errors: { [field]: message } } });
