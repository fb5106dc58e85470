/** The fixed sets of strings the events' resources use, written once (the API re-exports them). */

/** The public status strings of a mandate, in lifecycle order. */
export const MANDATE_STATUSES = ['pending_sca', 'active', 'revoked', 'suspended'] as const;
/** The frequencies a mandate may have. */
export const MANDATE_FREQUENCIES = ['daily', 'weekly', 'monthly', 'adhoc'] as const;
/** Where a mandate request's consent journey stands. */
export const MANDATE_REQUEST_STATUSES = ['awaiting_authorisation', 'authorised', 'declined', 'expired', 'cancelled'] as const;
/** Periods and alignments of a mandate's periodic limits. */
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
/** The public status strings of a schedule, in lifecycle order. */
export const SCHEDULE_STATUSES = ['active', 'paused', 'cancelled', 'completed'] as const;
/** What an interval schedule counts its interval in. */
export const SCHEDULE_INTERVAL_UNITS = ['day', 'week', 'month', 'year'] as const;
/** What happens to a cycle a mandate limit blocks: moved to the earliest allowed time, or dropped. */
export const SCHEDULE_ON_LIMIT = ['defer', 'skip'] as const;
/** Why a schedule was cancelled. */
export const SCHEDULE_CANCEL_CAUSES = ['merchant', 'mandate_revoked', 'mandate_expired'] as const;
/** The public status strings of a refund, in lifecycle order. */
export const REFUND_STATUSES = ['pending_settlement', 'settled', 'failed'] as const;
/** Limits of merchant metadata, the one place they are written. */
export const METADATA_LIMITS = { maxKeys: 20, maxKeyLength: 40, maxValueLength: 200 } as const;
/** An endpoint's status; a disabled one says why in `disabled_reason`. */
export const WEBHOOK_ENDPOINT_STATUSES = ['enabled', 'disabled'] as const;
/** Why an endpoint is disabled. */
export const DISABLED_REASONS = ['gone', 'failing', 'merchant'] as const;
/** How an endpoint's deliveries are signed: `vrp` (X-SVC-Signature) or `standard_webhooks`. */
export const SIGNATURE_SCHEMES = ['vrp', 'standard_webhooks'] as const;
