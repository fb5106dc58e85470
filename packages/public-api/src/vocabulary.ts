/** The public vocabulary: every fixed set of strings the API uses, written once. */
import { EVENT_TYPES } from '@vrp/contracts';
import { EVENT_TYPES as ALL_EVENT_TYPES } from '@vrp/webhook-verify';

// The vocabulary of the resources events carry, written once beside their schemas.
export {
  CLEARING_STATUSES,
  LIMIT_ALIGNMENTS,
  LIMIT_PERIODS,
  MANDATE_FREQUENCIES,
  MANDATE_REQUEST_STATUSES,
  MANDATE_STATUSES,
  PAYMENT_FAILURE_CODES,
  PAYMENT_FAILURES,
  PLATFORM_FAILURE_DESCRIPTIONS,
  PLATFORM_FAILURE_FALLBACK,
  PAYMENT_STATUSES,
  REFUND_STATUSES,
  REVOCATION_REASONS,
  SUSPENSION_REASONS,
  VRP_TYPES,
  SCHEDULE_CANCEL_CAUSES,
  SCHEDULE_INTERVAL_UNITS,
  SCHEDULE_ON_LIMIT,
  SCHEDULE_STATUSES,
} from '@vrp/webhook-verify';
/** Every event type a webhook can carry: the resource events, then the operational ones (the event catalogue's). */
export const WEBHOOK_EVENT_TYPES = ALL_EVENT_TYPES;
/** The event types a sandbox test event can be: the resource events (the event catalogue, docs/webhooks.md). */
export const TESTABLE_EVENT_TYPES = EVENT_TYPES;
/** The wildcards enabled_events accepts: `*` and one `<resource>.*` per resource with events. */
export const WEBHOOK_EVENT_WILDCARDS = ['*', ...new Set(WEBHOOK_EVENT_TYPES.map((t) => `${t.split('.')[0]}.*`))] as [string, ...string[]];
/** The delivery statuses of an event (docs/webhooks.md). */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'retrying', 'delivery_failed'] as const;
// An endpoint's statuses, why it is disabled, and how it signs: written beside its schema.
export { DISABLED_REASONS, SIGNATURE_SCHEMES, WEBHOOK_ENDPOINT_STATUSES } from '@vrp/webhook-verify';
