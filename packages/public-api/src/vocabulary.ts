/** The public vocabulary: every fixed set of strings the API uses, written once. */
import { EVENT_TYPES } from '@vrp/contracts';

// The vocabulary of the resources events carry, written once beside their schemas.
export {
  CLEARING_STATUSES,
  LIMIT_ALIGNMENTS,
  LIMIT_PERIODS,
  MANDATE_FREQUENCIES,
  MANDATE_STATUSES,
  PAYMENT_FAILURE_CODES,
  PAYMENT_STATUSES,
  REFUND_STATUSES,
} from '@vrp/webhook-verify';
/** The ten public event types (SPEC.md "Event types"). */
export const WEBHOOK_EVENT_TYPES = EVENT_TYPES;
/** The wildcards enabled_events accepts: `*` and one `<resource>.*` per resource with events. */
export const WEBHOOK_EVENT_WILDCARDS = ['*', ...new Set(WEBHOOK_EVENT_TYPES.map((t) => `${t.split('.')[0]}.*`))] as [string, ...string[]];
/** An endpoint's status; a disabled one says why in `disabled_reason`. */
export const WEBHOOK_ENDPOINT_STATUSES = ['enabled', 'disabled'] as const;
/** The delivery statuses of an event (API.md). */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'retrying', 'delivery_failed'] as const;
/** How an endpoint's deliveries are signed: `vrp` (X-SVC-Signature) or `standard_webhooks`. */
export const SIGNATURE_SCHEMES = ['vrp', 'standard_webhooks'] as const;
/** Why an endpoint is disabled. */
export const DISABLED_REASONS = ['gone', 'failing', 'merchant'] as const;
