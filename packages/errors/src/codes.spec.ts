import { describe, expect, it } from 'vitest';
import { ApiError, ERROR_CODES, isErrorCode, validationError } from './index.js';

describe('error codes', () => {
  it('maps every documented code to its documented status, and has no code the table does not name', () => {
    // The API's error table (docs/api.md "Errors"), written out: this package must match it both ways.
    const apiMd: Record<string, number> = {
      validation_error: 400,
      invalid_cursor: 400,
      page_size_too_large: 400,
      invalid_order: 400,
      invalid_expand: 400,
      authentication_required: 401,
      invalid_token: 401,
      merchant_mismatch: 403,
      not_found: 404,
      open_payment_exists: 409,
      idempotency_key_in_use: 409,
      customer_not_found: 422,
      customer_sca_incomplete: 422,
      currency_mismatch: 422,
      mandate_not_found: 422,
      mandate_not_active: 422,
      mandate_not_cancellable: 422,
      amount_exceeds_mandate_limit: 422,
      frequency_limit_reached: 422,
      mandate_not_yet_valid: 422,
      mandate_expired: 422,
      periodic_limit_exceeded: 422,
      payment_not_failed: 422,
      retry_limit_reached: 422,
      retry_window_expired: 422,
      payment_not_settled: 422,
      refund_amount_too_small: 422,
      refund_exceeds_payment: 422,
      idempotency_key_reused: 422,
      invalid_webhook_url: 422,
      too_many_endpoints: 422,
      rate_limited: 429,
      internal_error: 500,
      service_unavailable: 503,
      // The sandbox simulators' answer, documented in docs/api.md and OpenAPI.
      invalid_state_transition: 422,
      // The Merchant Console's sign-in and its CSRF check, documented in docs/developer-tools.md.
      invalid_credentials: 401,
      csrf_token_invalid: 403,
      // Customers as a public resource: erasing one that still has live mandates, and changing or
      // mandating one that was erased. Documented in docs/api.md and OpenAPI.
      customer_has_active_mandates: 409,
      customer_erased: 422,
      // The Merchant Console's caps on a merchant's live API tokens and open invitations, documented in docs/developer-tools.md.
      token_limit_reached: 422,
      invitation_limit_reached: 422,
      invalid_date_range: 422,
      // Console teams (docs/developer-tools.md): a role that does not allow the action. The rest are the console's two-factor
      // sign-in and its team's last owner, documented in docs/security.md.
      forbidden: 403,
      two_factor_required: 401,
      two_factor_setup_required: 403,
      last_owner: 409,
    };
    const actual = Object.fromEntries(Object.entries(ERROR_CODES).map(([code, c]) => [code, c.http]));
    expect(actual).toEqual(apiMd);
  });

  it('sends each code over gRPC with the status its meaning calls for', () => {
    const grpcByHttp: Record<number, number[]> = {
      400: [3],
      401: [16],
      403: [7],
      404: [5],
      409: [6, 9, 10],
      422: [9],
      429: [8],
      500: [13],
      503: [14],
    };
    for (const [code, c] of Object.entries(ERROR_CODES)) expect(grpcByHttp[c.http], code).toContain(c.grpc);
  });

  it('recognises codes and rejects strangers', () => {
    expect(isErrorCode('invalid_cursor')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
  });

  it('carries param and details for validation errors', () => {
    const err = validationError('amount', 'must be a decimal string');
    expect(err).toBeInstanceOf(ApiError);
    expect(err.httpStatus).toBe(400);
    expect(err.details).toEqual([{ param: 'amount', message: 'must be a decimal string' }]);
  });
});
