import { describe, expect, it } from 'vitest';
import { ApiError, ERROR_CODES, isErrorCode, validationError } from './index.js';

describe('error codes', () => {
  it('maps every API.md code to the status API.md gives it', () => {
    expect(ERROR_CODES.open_payment_exists.http).toBe(409);
    expect(ERROR_CODES.idempotency_key_reused.http).toBe(422);
    expect(ERROR_CODES.rate_limited.http).toBe(429);
    expect(ERROR_CODES.service_unavailable.http).toBe(503);
    expect(ERROR_CODES.not_found.grpc).toBe(5);
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
