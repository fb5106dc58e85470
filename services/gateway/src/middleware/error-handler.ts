import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ApiError, isApiError, unexpectedError } from '@vrp/errors';
import type { Logger } from '@vrp/logging';
import { requestIdOf } from './locals.js';

/** The public error body (docs/api.md "Errors"). */
export function errorBody(err: ApiError, requestId: string) {
  return {
    error: {
      type: err.type,
      code: err.code,
      message: err.message,
      ...(err.param !== undefined ? { param: err.param } : {}),
      ...(err.details !== undefined ? { details: err.details } : {}),
      request_id: requestId,
    },
  };
}

/** Errors raised by Express's body parser carry `type` and `status`; they are the client's fault. */
function fromBodyParser(err: unknown): ApiError | undefined {
  const e = err as { type?: string; status?: number };
  if (e?.type === 'entity.parse.failed')
    return new ApiError('validation_error', 'The request body is not valid JSON', { param: 'body', cause: err });
  if (e?.type === 'entity.too.large')
    return new ApiError('validation_error', 'The request body is too large', { param: 'body', cause: err });
  if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500)
    return new ApiError('validation_error', 'The request body could not be read', { param: 'body', cause: err });
  return undefined;
}

/**
 * Answers every failure with `{"error": {...}}`: ApiErrors keep their code (also those decoded
 * from gRPC), anything else becomes 500 internal_error with the stack logged beside the request id.
 */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err: unknown, _req, res, next) => {
    if (res.headersSent) return next(err);
    let apiError = isApiError(err) ? err : fromBodyParser(err);
    if (!apiError) {
      // A dependency that went away (e.g. the database cut the connection) is 503, not a bug.
      apiError = unexpectedError(err);
      if (apiError.code === 'internal_error') logger.error('unhandled error', { err, request_id: requestIdOf(res) });
      else logger.error('request failed: a dependency is unavailable', { err, request_id: requestIdOf(res) });
    } else if (apiError.httpStatus >= 500) {
      // Every 5xx at error level with its request id: the id a merchant quotes finds its cause.
      logger.error('request failed', { code: apiError.code, err: apiError.cause ?? apiError, request_id: requestIdOf(res) });
    }
    if (apiError.retryAfter !== undefined) res.set('Retry-After', String(apiError.retryAfter));
    res.status(apiError.httpStatus).json(errorBody(apiError, requestIdOf(res)));
  };
}

/** Any route nobody serves: 404 not_found. */
export function notFoundRoute(): RequestHandler {
  return (req, _res, next) => next(new ApiError('not_found', `No route for ${req.method} ${req.path}`));
}
