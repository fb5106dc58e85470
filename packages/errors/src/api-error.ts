import { ERROR_CODES, type ErrorCode } from './codes.js';

/** One invalid field of a request. */
export interface FieldProblem {
  param: string;
  message: string;
}

/**
 * A failure with a meaning a merchant can act on. Domain code throws it with a reason from
 * docs/api.md "Errors"; transports translate it (never the other way round). `cause` is for logs only.
 */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly param?: string;
  readonly details?: FieldProblem[];
  /** Seconds a client should wait before retrying (429/503). */
  readonly retryAfter?: number;

  constructor(
    code: ErrorCode,
    message: string,
    options: { param?: string; details?: FieldProblem[]; retryAfter?: number; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'ApiError';
    this.code = code;
    if (options.param !== undefined) this.param = options.param;
    if (options.details !== undefined) this.details = options.details;
    if (options.retryAfter !== undefined) this.retryAfter = options.retryAfter;
  }

  get httpStatus(): number {
    return ERROR_CODES[this.code].http;
  }

  get grpcCode(): number {
    return ERROR_CODES[this.code].grpc;
  }

  get type(): string {
    return ERROR_CODES[this.code].type;
  }
}

/** A 400 validation_error naming the parameter at fault. */
export function validationError(param: string, message: string): ApiError {
  return new ApiError('validation_error', message, { param, details: [{ param, message }] });
}

/**
 * A field a caller must send: proto3 strings arrive empty when unset, so an empty one is refused
 * as a validation_error naming `param`. The one merchant check every service makes is
 * required('merchant_id', req.merchantId).
 */
export function required(param: string, value: string): string {
  if (!value) throw validationError(param, 'is required');
  return value;
}

/** A 404 not_found for a resource kind; used for other merchants' resources too (no existence leak). */
export function notFound(kind: string, id: string): ApiError {
  return new ApiError('not_found', `No such ${kind}: '${id}'`);
}

/** Narrowing helper. */
export function isApiError(err: unknown): err is ApiError {
  return err instanceof ApiError;
}
