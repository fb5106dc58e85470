/**
 * Every API error code of the platform, with its HTTP status, its gRPC status code and its
 * error `type`. This table is the only place that knows how a reason travels across hops:
 * domain code throws `ApiError(reason)`, the gRPC layer sends `grpc` + the reason as detail,
 * and the gateway answers `http` with the reason as `code`.
 */
export const ERROR_CODES = {
  validation_error: { http: 400, grpc: 3, type: 'invalid_request_error' },
  invalid_cursor: { http: 400, grpc: 3, type: 'invalid_request_error' },
  page_size_too_large: { http: 400, grpc: 3, type: 'invalid_request_error' },
  invalid_order: { http: 400, grpc: 3, type: 'invalid_request_error' },
  invalid_expand: { http: 400, grpc: 3, type: 'invalid_request_error' },
  authentication_required: { http: 401, grpc: 16, type: 'authentication_error' },
  invalid_token: { http: 401, grpc: 16, type: 'authentication_error' },
  invalid_credentials: { http: 401, grpc: 16, type: 'authentication_error' },
  merchant_mismatch: { http: 403, grpc: 7, type: 'permission_error' },
  csrf_token_invalid: { http: 403, grpc: 7, type: 'permission_error' },
  // The console user's role does not allow the action (viewer changing anything, developer managing the team).
  forbidden: { http: 403, grpc: 7, type: 'permission_error' },
  // The password was right; the account has two-factor sign-in, so a code (or a recovery code) must come with it.
  two_factor_required: { http: 401, grpc: 16, type: 'authentication_error' },
  // The action needs two-factor sign-in set up first (owners in production, creating a live token).
  two_factor_setup_required: { http: 403, grpc: 7, type: 'permission_error' },
  not_found: { http: 404, grpc: 5, type: 'invalid_request_error' },
  open_payment_exists: { http: 409, grpc: 6, type: 'conflict_error' },
  idempotency_key_in_use: { http: 409, grpc: 10, type: 'idempotency_error' },
  // FAILED_PRECONDITION, as for a directory that is not empty: the customer must first lose its live mandates.
  customer_has_active_mandates: { http: 409, grpc: 9, type: 'conflict_error' },
  // A merchant keeps at least one console owner: the last one cannot be removed or demoted.
  last_owner: { http: 409, grpc: 9, type: 'conflict_error' },
  customer_not_found: { http: 422, grpc: 9, type: 'unprocessable_error' },
  customer_sca_incomplete: { http: 422, grpc: 9, type: 'unprocessable_error' },
  customer_erased: { http: 422, grpc: 9, type: 'unprocessable_error' },
  currency_mismatch: { http: 422, grpc: 9, type: 'unprocessable_error' },
  mandate_not_found: { http: 422, grpc: 9, type: 'unprocessable_error' },
  mandate_not_active: { http: 422, grpc: 9, type: 'unprocessable_error' },
  mandate_not_cancellable: { http: 422, grpc: 9, type: 'unprocessable_error' },
  amount_exceeds_mandate_limit: { http: 422, grpc: 9, type: 'unprocessable_error' },
  frequency_limit_reached: { http: 422, grpc: 9, type: 'unprocessable_error' },
  mandate_not_yet_valid: { http: 422, grpc: 9, type: 'unprocessable_error' },
  mandate_expired: { http: 422, grpc: 9, type: 'unprocessable_error' },
  periodic_limit_exceeded: { http: 422, grpc: 9, type: 'unprocessable_error' },
  payment_not_failed: { http: 422, grpc: 9, type: 'unprocessable_error' },
  retry_limit_reached: { http: 422, grpc: 9, type: 'unprocessable_error' },
  retry_window_expired: { http: 422, grpc: 9, type: 'unprocessable_error' },
  payment_not_settled: { http: 422, grpc: 9, type: 'unprocessable_error' },
  refund_amount_too_small: { http: 422, grpc: 9, type: 'unprocessable_error' },
  refund_exceeds_payment: { http: 422, grpc: 9, type: 'unprocessable_error' },
  idempotency_key_reused: { http: 422, grpc: 9, type: 'idempotency_error' },
  invalid_webhook_url: { http: 422, grpc: 9, type: 'unprocessable_error' },
  too_many_endpoints: { http: 422, grpc: 9, type: 'unprocessable_error' },
  invalid_state_transition: { http: 422, grpc: 9, type: 'unprocessable_error' },
  token_limit_reached: { http: 422, grpc: 9, type: 'unprocessable_error' },
  invitation_limit_reached: { http: 422, grpc: 9, type: 'unprocessable_error' },
  // A report's from/to: the end not after the start, or a range longer than reports cover.
  invalid_date_range: { http: 422, grpc: 9, type: 'unprocessable_error' },
  rate_limited: { http: 429, grpc: 8, type: 'rate_limit_error' },
  internal_error: { http: 500, grpc: 13, type: 'api_error' },
  service_unavailable: { http: 503, grpc: 14, type: 'api_error' },
} as const satisfies Record<string, { http: number; grpc: number; type: string }>;

/** An API error code, e.g. `open_payment_exists`. */
export type ErrorCode = keyof typeof ERROR_CODES;

/** True when `value` is one of the platform's error codes. */
export function isErrorCode(value: string): value is ErrorCode {
  return Object.prototype.hasOwnProperty.call(ERROR_CODES, value);
}
