import { STATUS_REASONS } from '@vrp/open-banking';

/** The platform's payment failure codes the connector reports (a payment's failure_code). */
export type FailureCode =
  | 'insufficient_funds'
  | 'account_closed'
  | 'account_blocked'
  | 'mandate_revoked_at_bank'
  | 'violates_consent_parameters'
  | 'payment_stopped'
  | 'technical_error'
  | 'bank_rejected';

const BY_REASON: Record<string, FailureCode> = {
  [STATUS_REASONS.insufficientFunds]: 'insufficient_funds',
  [STATUS_REASONS.accountClosed]: 'account_closed',
  [STATUS_REASONS.accountBlocked]: 'account_blocked',
  [STATUS_REASONS.invalidConsentStatus]: 'mandate_revoked_at_bank',
  [STATUS_REASONS.failsControlParameters]: 'violates_consent_parameters',
  // The v3 name of U014, still sent by banks on the older profile.
  'UK.OBIE.Rules.FailsControlParameters': 'violates_consent_parameters',
  [STATUS_REASONS.stoppedByCustomer]: 'payment_stopped',
  [STATUS_REASONS.technical]: 'technical_error',
};

/**
 * Why a payment failed, in the platform's words, from what the bank said: the status reason codes
 * of a rejected payment (or the error codes of a refused POST), first known one wins; a payment the
 * bank cancelled without a known reason failed because its consent no longer stands (CANC); any
 * other refusal is bank_rejected.
 */
export function failureCodeOf(reasons: readonly (string | undefined)[], status?: string): FailureCode {
  for (const reason of reasons) {
    const known = reason ? BY_REASON[reason] : undefined;
    if (known) return known;
  }
  if (status === 'CANC') return 'mandate_revoked_at_bank';
  return 'bank_rejected';
}
