/** The fixed sets of strings the events' resources use, written once (the API re-exports them). */

/** The public status strings of a mandate, in lifecycle order. */
export const MANDATE_STATUSES = ['pending_sca', 'active', 'revoked', 'suspended', 'expired'] as const;
/** The kind of payments a mandate's consent allows (Open Banking VRPType): commercial (to a third party) or sweeping (between the customer's own accounts). */
export const VRP_TYPES = ['commercial', 'sweeping'] as const;
/** Why a mandate was revoked: the merchant cancelled it, its consent was revoked at the bank, or the bank refused a payment for that reason. */
export const REVOCATION_REASONS = ['merchant_cancelled', 'consent_revoked_at_bank', 'payment_refused_consent_revoked'] as const;
/** Why a mandate is suspended: the bank reported the linked account closed, switched or blocked, or a risk review. */
export const SUSPENSION_REASONS = ['account_closed', 'account_switched', 'account_blocked', 'risk_review'] as const;
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
export type PaymentFailureCode = (typeof PAYMENT_FAILURE_CODES)[number];
/** Who a payment's failure came from: the customer's bank, or the platform before the bank answered. */
export const FAILURE_ORIGINS = ['bank', 'platform'] as const;
/**
 * What each failure code means for the merchant: whether retrying the payment can succeed, where
 * the failure came from, and one sentence to show. The payment's `failure` object is this entry.
 */
export const PAYMENT_FAILURES: Record<
  PaymentFailureCode,
  { retryable: boolean; origin: (typeof FAILURE_ORIGINS)[number]; description: string }
> = {
  insufficient_funds: {
    retryable: true,
    origin: 'bank',
    description: 'The customer’s account did not hold enough money; a retry after payday may succeed.',
  },
  mandate_revoked_at_bank: {
    retryable: false,
    origin: 'bank',
    description: 'The customer’s bank no longer holds the consent (revoked by the customer or the bank); the mandate is revoked.',
  },
  account_closed: { retryable: false, origin: 'bank', description: 'The customer’s account is closed.' },
  account_blocked: { retryable: false, origin: 'bank', description: 'The customer’s bank blocked the account.' },
  violates_consent_parameters: {
    retryable: false,
    origin: 'bank',
    description: 'The payment is outside the limits the customer authorised at their bank.',
  },
  payment_stopped: { retryable: false, origin: 'bank', description: 'The customer stopped this payment at their bank.' },
  bank_rejected: { retryable: false, origin: 'bank', description: 'The bank declined the payment without a more specific reason.' },
  refer_to_payer: { retryable: false, origin: 'bank', description: 'The bank asks you to contact the customer before trying again.' },
  technical_error: { retryable: true, origin: 'bank', description: 'The bank failed for a technical reason; a retry may succeed.' },
};
/**
 * What happened when the platform itself failed a payment (origin `platform`), by code: the bank
 * was never asked, or could not be reached after the retries. The bank's own failures read as
 * PAYMENT_FAILURES says.
 */
export const PLATFORM_FAILURE_DESCRIPTIONS: Partial<Record<PaymentFailureCode, string>> = {
  technical_error: 'The platform could not reach the customer’s bank after repeated attempts; a retry may succeed.',
  bank_rejected: 'The platform did not send the payment: the mandate has no authorised consent at the customer’s bank.',
  mandate_revoked_at_bank:
    'The platform did not send the payment: the customer’s bank had already ended the consent; the mandate is revoked.',
};
/** What the platform says of a failure of its own with a code PLATFORM_FAILURE_DESCRIPTIONS has no sentence for. */
export const PLATFORM_FAILURE_FALLBACK = 'The platform failed the payment before the customer’s bank answered.';
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
