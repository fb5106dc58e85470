import { ApiError, notFound, validationError } from '@vrp/errors';
import { checkPaymentNow, latestAttempt } from '../db/payments.js';
import { REJECTION_REASONS, rejectionReason } from '../domain/reason-codes.js';
import type { Deps } from '../deps.js';
import { sandboxBackOffice } from './sandbox-back-office.js';
import { readPayment } from './track-payment.js';

/**
 * Sandbox: the model bank settles (no failure code) or rejects the payment's current attempt now,
 * with the status reason that reads back as `failureCode`; the attempt is read back at once so the
 * outcome reaches the payment service promptly. not_found while the attempt is still on its way to
 * the bank; invalid_state_transition when the bank decided it already.
 */
export async function decidePayment(deps: Deps, input: { merchantId: string; paymentId: string; failureCode: string }): Promise<void> {
  const backOffice = sandboxBackOffice(deps);
  const reason = input.failureCode ? rejectionReason(input.failureCode) : undefined;
  if (input.failureCode && !reason) throw validationError('failure_code', `must be one of ${Object.keys(REJECTION_REASONS).join(', ')}`);
  const payment = await latestAttempt(deps.sql, input.merchantId, input.paymentId);
  // Not handed to the bank yet (the payment service submits after its create answered): unknown here, as a payment never submitted.
  if (!payment || payment.stage === 'submitting') throw notFound('payment', input.paymentId);
  if (!payment.bankPaymentId || payment.stage !== 'pending')
    throw new ApiError(
      'invalid_state_transition',
      payment.bankPaymentId ? 'The bank has decided this payment already.' : 'The bank has not taken this payment.',
    );
  const result = await backOffice.decidePayment(payment.bankPaymentId, reason ? { settle: false, reasonCode: reason } : { settle: true });
  if (result === 'already_decided') throw new ApiError('invalid_state_transition', 'The bank has decided this payment already.');
  await readPayment(deps, payment);
  await checkPaymentNow(deps.sql, payment.paymentId, payment.attempt);
  deps.afterCommit();
}
