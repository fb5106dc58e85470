import type { refund } from '@vrp/contracts';
import type { RefundStatus } from './domain/refund-status.js';
import { STATUS_TO_PROTO } from './db/events.js';

// The refund message is also what refund events carry, so it is rendered beside them (db/events.ts).

/** The stored status for a contract status; undefined for UNSPECIFIED or unknown values. */
export function statusFromProto(status: refund.RefundStatus): RefundStatus | undefined {
  return (Object.keys(STATUS_TO_PROTO) as RefundStatus[]).find((s) => STATUS_TO_PROTO[s] === status);
}
