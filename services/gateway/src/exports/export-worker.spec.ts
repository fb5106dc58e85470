import { ApiError } from '@vrp/errors';
import { fromRemoteError } from '@vrp/grpc';
import { describe, expect, it } from 'vitest';
import { isUnavailable } from './export-worker.js';

describe('an export page read that failed', () => {
  it('is unavailable (tried again, the export kept) when the service client answers service_unavailable', () => {
    // What the service clients throw: every remote failure as an ApiError.
    // A transport failure (a missed deadline, a lost connection) as the client maps it.
    expect(isUnavailable(fromRemoteError(new Error('the operation timed out')))).toBe(true);
    expect(isUnavailable(new ApiError('service_unavailable', 'A dependency is unavailable; retry shortly.'))).toBe(true);
    // A bare gRPC error: DeadlineExceeded (4).
    expect(isUnavailable(Object.assign(new Error('timed out'), { code: 4 }))).toBe(true);
  });

  it('fails the export when the service refuses the request itself', () => {
    expect(isUnavailable(new ApiError('validation_error', 'bad filter'))).toBe(false);
    expect(isUnavailable(new Error('a bug'))).toBe(false);
  });
});
