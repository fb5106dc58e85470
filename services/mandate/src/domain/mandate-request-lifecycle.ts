import { ApiError, validationError } from '@vrp/errors';

/** Where a customer's consent journey stands (docs/api.md, "Mandate requests"). */
export const MANDATE_REQUEST_STATUSES = ['awaiting_authorisation', 'authorised', 'declined', 'expired', 'cancelled'] as const;
export type MandateRequestStatus = (typeof MANDATE_REQUEST_STATUSES)[number];

/** How a journey can end; each is a move out of awaiting_authorisation, made once. */
export type MandateRequestEnd = Exclude<MandateRequestStatus, 'awaiting_authorisation'>;

/** The event each end announces; a merchant's cancel announces none (the merchant made it). */
export const END_EVENTS = {
  authorised: 'mandate_request.authorised',
  declined: 'mandate_request.declined',
  expired: 'mandate_request.expired',
  cancelled: undefined,
} as const satisfies Record<MandateRequestEnd, string | undefined>;

/** Default and bounds of `expires_in`, in seconds. */
export const DEFAULT_EXPIRES_IN_S = 30 * 60;
export const MIN_EXPIRES_IN_S = 60;
export const MAX_EXPIRES_IN_S = 86_400;

/** When a journey created at `now` expires: `expiresInSeconds` later (0: the default). Errors: validation_error on expires_in. */
export function expiryOf(now: Date, expiresInSeconds: number): Date {
  const seconds = expiresInSeconds === 0 ? DEFAULT_EXPIRES_IN_S : expiresInSeconds;
  if (!Number.isInteger(seconds) || seconds < MIN_EXPIRES_IN_S || seconds > MAX_EXPIRES_IN_S) {
    throw validationError('expires_in', `must be between ${MIN_EXPIRES_IN_S} and ${MAX_EXPIRES_IN_S} seconds`);
  }
  return new Date(now.getTime() + seconds * 1000);
}

/**
 * Why a request in `current` cannot end as `end`: ending it the same way again is not asked here
 * (callers answer the request as it is), anything else is 422 invalid_state_transition.
 */
export function refusedEnd(id: string, current: MandateRequestStatus, end: MandateRequestEnd): ApiError {
  const verb = end === 'cancelled' ? 'cancelled' : `marked ${end}`;
  return new ApiError('invalid_state_transition', `Mandate request '${id}' is ${current}: it cannot be ${verb}.`);
}
