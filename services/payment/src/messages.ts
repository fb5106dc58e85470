import { validationError } from '@vrp/errors';
import { STATUS_TO_PROTO } from './db/events.js';
import type { PaymentStatus } from './domain/payment-status.js';

// Contract values read into the service's own. The payment message itself is also what payment
// events carry, so it is rendered beside the events (db/events.ts), below this layer.

/** The stored status for a contract status (list filters). */
export const STATUS_FROM_PROTO = new Map(Object.entries(STATUS_TO_PROTO).map(([k, v]) => [v, k as PaymentStatus]));

/** A report's failure origin: the bank's unless it says the platform failed it. */
export function failureOriginOf(origin: string): 'bank' | 'platform' {
  if (origin === '' || origin === 'bank') return 'bank';
  if (origin === 'platform') return 'platform';
  throw validationError('failure_origin', 'must be bank or platform');
}
