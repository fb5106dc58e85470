import type { ObVrpResponse } from '@vrp/open-banking';
import { BankRefusal, BankUnavailable } from '../clients/bank/bank-errors.js';
import { findConsentById, setBankStatus, type ConsentRow } from '../db/consents.js';
import { postponePayment, recordPayment, type PaymentRow } from '../db/payments.js';
import { failureCodeOf, type FailureCode } from '../domain/failure-codes.js';
import { paymentRequest } from '../domain/payment-request.js';
import { dateOn, nextCheckDelay, stageOf } from '../domain/payment-stage.js';
import { unseal } from '../domain/sealing.js';
import type { Deps } from '../deps.js';

/**
 * Hands an attempt to the bank (POST /domestic-vrps with the consent's token and the attempt's
 * idempotency key, so sending it again never makes a second payment) and records the answer. A
 * refusal is the attempt's failure (its OB error codes mapped); a refusal of the consent's token
 * fails it as mandate_revoked_at_bank when the bank no longer has the consent authorised; no
 * usable answer leaves it to the tracker, until repeated 5xx answers fail it as technical_error.
 * Answers the attempt as recorded. `knownConsent`: the attempt's consent when the caller has just
 * read it.
 */
export async function sendPayment(deps: Deps, payment: PaymentRow, knownConsent?: ConsentRow): Promise<PaymentRow> {
  const consent =
    knownConsent?.id === payment.consentId
      ? knownConsent
      : payment.consentId
        ? await findConsentById(deps.sql, payment.consentId)
        : undefined;
  if (!consent?.accessTokenSealed) return fail(deps, payment, 'bank_rejected', 'no authorised consent', 'platform');
  try {
    const answer = await deps.bank.createPayment(
      paymentRequest(consent, payment),
      unseal(deps.settings.secretKeys, consent.accessTokenSealed),
      payment.idempotencyKey,
    );
    return await applyBankPayment(deps, payment, answer.body.Data, false);
  } catch (err) {
    if (err instanceof BankRefusal) {
      if (err.status === 401 || err.status === 403) return refusedToken(deps, payment, consent.id, consent.bankConsentId, err);
      if (err.status === 409 || err.status === 429) return postpone(deps, payment, err);
      return fail(deps, payment, failureCodeOf(err.errorCodes), err.message, 'bank');
    }
    if (err instanceof BankUnavailable) return postpone(deps, payment, err);
    throw err;
  }
}

/** Reads a taken attempt back from the bank (GET /domestic-vrps/{id}) and records what it says. */
export async function readPayment(deps: Deps, payment: PaymentRow): Promise<PaymentRow> {
  try {
    const answer = await deps.bank.getPayment(payment.bankPaymentId!);
    return await applyBankPayment(deps, payment, answer.body.Data, true);
  } catch (err) {
    if (err instanceof BankRefusal || err instanceof BankUnavailable) return postpone(deps, payment, err, false);
    throw err;
  }
}

/**
 * Records the bank's payment resource for an attempt: its DomesticVRPId and status, the refund
 * account it tells, and when final the outcome (settled on the merchant's date, or failed with the
 * platform's code for its status reasons). While pending, the next read backs off; in sandbox the
 * model bank is told to settle it SANDBOX_SETTLEMENT_DELAY_MS after it was first taken.
 */
export async function applyBankPayment(
  deps: Deps,
  payment: PaymentRow,
  data: ObVrpResponse['Data'],
  counted: boolean,
): Promise<PaymentRow> {
  const stage = stageOf(data.Status);
  const merchantNow = deps.clocks.now(payment.merchantId);
  const reasons = (data.StatusReason ?? []).map((r) => r.StatusReasonCode);
  const recorded = await recordPayment(deps.sql, payment.paymentId, payment.attempt, {
    stage,
    bankPaymentId: data.DomesticVRPId,
    bankStatus: data.Status,
    statusReason: reasons.find(Boolean) ?? null,
    failureCode: stage === 'failed' ? failureCodeOf(reasons, data.Status) : null,
    settlementDate: stage === 'settled' ? dateOn(merchantNow) : null,
    refundAccount: data.Refund ?? data.DebtorAccount ?? null,
    nextCheckAt:
      stage === 'pending'
        ? new Date(Date.now() + nextCheckDelay(counted ? payment.checks : 0, deps.settings.pollInitialMs, deps.settings.pollMaxMs))
        : null,
    settleDueAt: stage === 'pending' && deps.backOffice ? new Date(merchantNow.getTime() + deps.settings.settlementDelayMs) : null,
    counted,
  });
  if (!recorded) return payment;
  if (recorded.stage !== 'pending') {
    deps.logger.info('the bank decided a payment', {
      payment_id: payment.paymentId,
      attempt: payment.attempt,
      status: data.Status,
      failure_code: recorded.failureCode,
    });
    deps.afterCommit();
  }
  return recorded;
}

/**
 * The attempt failed: recorded with the platform's code and who failed it, for the reporter: the
 * bank when its answer refused it, the platform when it failed without one (the bank unreachable
 * after the retries, or no authorised consent to pay under).
 */
export async function fail(
  deps: Deps,
  payment: PaymentRow,
  code: FailureCode,
  why: string,
  origin: 'bank' | 'platform',
): Promise<PaymentRow> {
  const recorded = await recordPayment(deps.sql, payment.paymentId, payment.attempt, {
    stage: 'failed',
    bankPaymentId: null,
    bankStatus: null,
    statusReason: null,
    failureCode: code,
    failureOrigin: origin,
    settlementDate: null,
    refundAccount: null,
    nextCheckAt: null,
    settleDueAt: null,
    counted: false,
  });
  deps.logger.info('payment failed at submission', {
    payment_id: payment.paymentId,
    attempt: payment.attempt,
    failure_code: code,
    failure_origin: origin,
    reason: why,
  });
  deps.afterCommit();
  return recorded ?? payment;
}

/** The bank refused the consent's token: the consent is revoked at the bank, or the refusal passes. */
async function refusedToken(
  deps: Deps,
  payment: PaymentRow,
  consentId: string,
  bankConsentId: string,
  err: BankRefusal,
): Promise<PaymentRow> {
  let status;
  try {
    status = (await deps.bank.getConsent(bankConsentId)).body.Data;
  } catch {
    return postpone(deps, payment, err);
  }
  if (status.Status === 'AUTH') return postpone(deps, payment, err);
  await setBankStatus(deps.sql, consentId, status.Status, status.StatusReason?.[0]?.StatusReasonCode ?? null);
  return fail(deps, payment, 'mandate_revoked_at_bank', `the bank reports the consent ${status.Status}`, 'bank');
}

/** No usable answer: the tracker tries again after the backoff; repeated 5xx answers to a submission fail it. */
async function postpone(deps: Deps, payment: PaymentRow, err: Error, submitting = true): Promise<PaymentRow> {
  const serverError = err instanceof BankUnavailable && err.status >= 500;
  const next = new Date(Date.now() + nextCheckDelay(payment.checks, deps.settings.pollInitialMs, deps.settings.pollMaxMs));
  const serverErrors = await postponePayment(deps.sql, payment.paymentId, payment.attempt, next, serverError);
  if (submitting && serverErrors >= deps.settings.maxServerErrors)
    return fail(deps, payment, 'technical_error', `${serverErrors} server errors in a row`, 'platform');
  deps.logger.info('payment not settled with the bank yet; will try again', {
    payment_id: payment.paymentId,
    attempt: payment.attempt,
    reason: err.message,
    next_check_at: next.toISOString(),
  });
  return { ...payment, checks: payment.checks + 1, serverErrors };
}
