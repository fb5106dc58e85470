import { ApiError } from '@vrp/errors';

/**
 * The bank answered and refused the request (4xx): its verdict on this request, with the OB error
 * codes it gave (Errors[].ErrorCode). Repeating the same request gets the same answer.
 */
export class BankRefusal extends Error {
  override readonly name = 'BankRefusal';
  constructor(
    readonly status: number,
    readonly errorCodes: string[],
    message: string,
    readonly interactionId: string,
  ) {
    super(message);
  }

  /** True when one of the bank's error codes is `code`. */
  has(code: string): boolean {
    return this.errorCodes.includes(code);
  }
}

/**
 * No answer the platform can trust: the bank is unreachable, slow, failing (5xx), refused the
 * connection's certificate, its answer's signature or body did not check out, or the circuit is
 * open. The request may be tried again later.
 */
export class BankUnavailable extends Error {
  override readonly name = 'BankUnavailable';
  constructor(
    message: string,
    /** The bank's HTTP status when it answered 5xx; 0 when it did not answer usably. */
    readonly status = 0,
    options: { cause?: unknown } = {},
  ) {
    super(message, options);
  }
}

/**
 * A bank failure as the answer to the connector's caller: no trusted answer is
 * service_unavailable (retry later); the bank's refusal of a request it found malformed is
 * validation_error; a refusal of the platform's credentials (401/403) or any other is
 * service_unavailable too, since the caller can do nothing but retry once an operator fixed it.
 */
export function bankFailureAsApiError(err: unknown, what: string): unknown {
  if (err instanceof BankUnavailable) {
    return new ApiError('service_unavailable', `The bank could not ${what}: ${err.message}`, { retryAfter: 5, cause: err });
  }
  if (err instanceof BankRefusal) {
    if (err.status === 400) return new ApiError('validation_error', `The bank refused to ${what}: ${err.message}`, { cause: err });
    return new ApiError('service_unavailable', `The bank refused to ${what} (${err.status}): ${err.message}`, {
      retryAfter: 5,
      cause: err,
    });
  }
  return err;
}
