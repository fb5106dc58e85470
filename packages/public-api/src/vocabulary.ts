/** The public vocabulary: every fixed set of strings the API uses, written once. */
import { EVENT_TYPES } from '@vrp/contracts';

/** The public status strings of a mandate, in lifecycle order. */
export const MANDATE_STATUSES = ['pending_sca', 'active', 'revoked', 'suspended'] as const;
/** The frequencies a mandate may have. */
export const MANDATE_FREQUENCIES = ['daily', 'weekly', 'monthly', 'adhoc'] as const;
/** Where a mandate request's consent journey stands. */
export const MANDATE_REQUEST_STATUSES = ['awaiting_authorisation', 'authorised', 'declined', 'expired', 'cancelled'] as const;
/** Periods and alignments of a mandate's periodic limits (API.md "Mandate controls"). */
export const LIMIT_PERIODS = ['day', 'week', 'fortnight', 'month', 'half_year', 'year'] as const;
export const LIMIT_ALIGNMENTS = ['calendar', 'consent'] as const;
/** The public status strings of a payment, in lifecycle order; "open" means submitted. */
export const PAYMENT_STATUSES = ['submitted', 'settled', 'failed', 'refunded'] as const;
/** Where the bank is with the current attempt of a payment. */
export const CLEARING_STATUSES = ['pending', 'clearing', 'cleared', 'rejected'] as const;
/** Why the bank may fail a payment (the payment's failure_code). */
export const PAYMENT_FAILURE_CODES = [
  'insufficient_funds',
  'mandate_revoked_at_bank',
  'account_closed',
  'bank_rejected',
  'refer_to_payer',
  'account_blocked',
  'violates_consent_parameters',
  'payment_stopped',
  'technical_error',
] as const;
/** The public status strings of a refund, in lifecycle order. */
export const REFUND_STATUSES = ['pending_settlement', 'settled', 'failed'] as const;
/** The ten public event types (SPEC.md "Event types"). */
export const WEBHOOK_EVENT_TYPES = EVENT_TYPES;
/** An endpoint's status; a disabled one says why in `disabled_reason`. */
export const WEBHOOK_ENDPOINT_STATUSES = ['enabled', 'disabled'] as const;
/** The delivery statuses of an event (API.md). */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'retrying', 'delivery_failed'] as const;
/** Why an endpoint is disabled. */
export const DISABLED_REASONS = ['gone', 'failing', 'merchant'] as const;
