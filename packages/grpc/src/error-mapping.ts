import { create } from '@bufbuild/protobuf';
import { Code, ConnectError } from '@connectrpc/connect';
import { common } from '@vrp/contracts';
import { ApiError, ERROR_CODES, isErrorCode, type ErrorCode } from '@vrp/errors';

const { ErrorDetailSchema, FieldProblemSchema } = common;

/** Turns a domain ApiError into a gRPC error whose ErrorDetail carries the API reason and param. */
export function toConnectError(err: ApiError): ConnectError {
  const detail = create(ErrorDetailSchema, {
    reason: err.code,
    param: err.param ?? '',
    details: (err.details ?? []).map((d) => create(FieldProblemSchema, d)),
    retryAfterSeconds: err.retryAfter ?? 0,
  });
  return new ConnectError(err.message, err.grpcCode as Code, undefined, [{ desc: ErrorDetailSchema, value: detail }]);
}

/**
 * Default reason for a gRPC status without an ErrorDetail (e.g. a deadline or an unreachable
 * peer). Every error our services answer carries an ErrorDetail, their own failures included, so
 * an Internal or Unknown status without one was made by the transport: the callee was lost mid-call
 * (killed, its connection reset with an HTTP/2 INTERNAL_ERROR) and never answered. That is the
 * callee being unavailable, not a bug in this request: 503, and the client may retry.
 */
function reasonForCode(code: Code): ErrorCode {
  switch (code) {
    case Code.NotFound:
      return 'not_found';
    case Code.InvalidArgument:
      return 'validation_error';
    case Code.Unavailable:
    case Code.DeadlineExceeded:
    case Code.Canceled:
    case Code.Internal:
    case Code.Unknown:
    case Code.Aborted:
      return 'service_unavailable';
    default:
      return 'internal_error';
  }
}

/**
 * Turns any error from a remote call back into an ApiError, so a reason survives every hop:
 * the ErrorDetail's reason when present, otherwise a reason derived from the gRPC code.
 */
export function fromRemoteError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  const connectErr = ConnectError.from(err);
  const [detail] = connectErr.findDetails(ErrorDetailSchema);
  const reason = detail && isErrorCode(detail.reason) ? detail.reason : reasonForCode(connectErr.code);
  const message = reason === 'internal_error' || !detail ? defaultMessage(reason, connectErr) : connectErr.rawMessage;
  return new ApiError(reason, message, {
    ...(detail?.param ? { param: detail.param } : {}),
    ...(detail?.details.length ? { details: detail.details.map((d) => ({ param: d.param, message: d.message })) } : {}),
    ...(detail?.retryAfterSeconds ? { retryAfter: detail.retryAfterSeconds } : {}),
    cause: err,
  });
}

function defaultMessage(reason: ErrorCode, err: ConnectError): string {
  if (reason === 'service_unavailable') return 'A dependency is unavailable; retry shortly.';
  if (reason === 'internal_error') return 'An internal error occurred.';
  return err.rawMessage || reason;
}

/** True when the error is the callee's verdict on the request (4xx-like), not a sign the callee is unhealthy. */
export function isClientFault(err: unknown): boolean {
  return err instanceof ApiError && ERROR_CODES[err.code].http < 500;
}

/**
 * True when the callee answered, in its own words, that something behind it is unavailable (a
 * service_unavailable reason in the error detail). The callee itself is up and answering, so
 * this is no reason to stop calling it: a payment service whose mandate service is down still
 * serves reads. A deadline or an unreachable callee carries no detail and does count.
 */
export function isDependencyUnavailable(err: unknown): boolean {
  if (!(err instanceof ApiError) || err.code !== 'service_unavailable' || !(err.cause instanceof ConnectError)) return false;
  return err.cause.findDetails(ErrorDetailSchema).length > 0;
}
