/**
 * Why the bank may fail a payment; the code reaches the merchant as the payment's failure_code.
 * - insufficient_funds: the payer's account could not cover the amount.
 * - mandate_revoked_at_bank: the payer revoked the mandate directly with their bank.
 * - account_closed: the payer's account no longer exists.
 * - bank_rejected: the payer's bank declined without a more specific reason.
 * - refer_to_payer: the bank asks the merchant to contact the payer before trying again.
 * - account_blocked, violates_consent_parameters, payment_stopped, technical_error: what an Open
 *   Banking bank reports besides (see the bank connector), accepted here so every code the API
 *   documents can be simulated.
 */
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

/** True when `code` is a failure code the bank uses. */
export function isPaymentFailureCode(code: string): code is PaymentFailureCode {
  return (PAYMENT_FAILURE_CODES as readonly string[]).includes(code);
}
