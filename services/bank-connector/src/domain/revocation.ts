import { REVOCATION_REASONS } from '@vrp/open-banking';

/**
 * Who revoked a consent, from the reason the bank gave: the reason of a consent-authorization-revoked
 * event, or the StatusReasonCode of a cancelled consent. OB defines no codes for a revocation's
 * reason (OBExternalEventConsentAuthorizationRevokedReason1Code is left to each bank), so:
 * - the model bank's codes (REVOCATION_REASONS) say it;
 * - ISO 20022's MS02 (reason not specified, customer generated) is the customer's, MS03 (not
 *   specified, agent generated) the bank's;
 * - otherwise the reason's words decide: one naming the bank (ASPSP, bank, fraud, risk) and not the
 *   customer was the bank's doing;
 * - anything else, or no reason, was the customer, as a customer revokes in their bank's online channel.
 */
export function revokedBy(reason: string | null | undefined): 'customer' | 'bank' {
  if (reason === REVOCATION_REASONS.bank || reason === 'MS03') return 'bank';
  if (reason === REVOCATION_REASONS.customer || reason === 'MS02') return 'customer';
  if (reason && /aspsp|bank|fraud|risk/i.test(reason) && !/customer|psu|user/i.test(reason)) return 'bank';
  return 'customer';
}

/**
 * The platform's suspension reason for a linked-account update, from OB's codes
 * (UK.OBIE.AccountClosure, UK.OBIE.CASS) or a bank's own words; an account the bank blocked, or an
 * update it does not explain, suspends as account_blocked.
 */
export function suspensionReason(reason: string | null | undefined): 'account_closed' | 'account_switched' | 'account_blocked' {
  if (reason === 'UK.OBIE.AccountClosure' || reason === 'account_closed') return 'account_closed';
  if (reason === 'UK.OBIE.CASS' || reason === 'account_switched') return 'account_switched';
  return 'account_blocked';
}

/**
 * The platform's revocation reason for a report, from what told of it: a payment the bank refused
 * for the consent (cause `payment:<id>`), or the consent itself found revoked (a notification or a read).
 */
export function revocationReasonOf(cause: string): 'consent_revoked_at_bank' | 'payment_refused_consent_revoked' {
  return cause.startsWith('payment:') ? 'payment_refused_consent_revoked' : 'consent_revoked_at_bank';
}
