import { STATUS_REASONS } from '@vrp/open-banking';
import type { FailureCode } from './failure-codes.js';

/**
 * Sandbox: the status reason the model bank rejects a payment with so that the platform reads back
 * `code` (the reverse of failureCodeOf). refer_to_payer, which no OB reason expresses, reads back as
 * bank_rejected.
 */
export const REJECTION_REASONS: Record<FailureCode | 'refer_to_payer', string> = {
  insufficient_funds: STATUS_REASONS.insufficientFunds,
  account_closed: STATUS_REASONS.accountClosed,
  account_blocked: STATUS_REASONS.accountBlocked,
  mandate_revoked_at_bank: STATUS_REASONS.invalidConsentStatus,
  violates_consent_parameters: STATUS_REASONS.failsControlParameters,
  payment_stopped: STATUS_REASONS.stoppedByCustomer,
  technical_error: STATUS_REASONS.technical,
  bank_rejected: STATUS_REASONS.notSpecifiedAgent,
  refer_to_payer: STATUS_REASONS.notSpecifiedAgent,
};

/** The reason to reject with for a platform failure code; undefined for a code the platform does not have. */
export function rejectionReason(code: string): string | undefined {
  return Object.hasOwn(REJECTION_REASONS, code) ? REJECTION_REASONS[code as keyof typeof REJECTION_REASONS] : undefined;
}
