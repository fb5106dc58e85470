import { toObAmount, type ObCashAccount, type PayoutResponse } from '@vrp/open-banking';
import { isCurrency } from '@vrp/money';
import { ApiError, notFound, validationError } from '@vrp/errors';
import { BankRefusal, BankUnavailable } from '../clients/bank/bank-errors.js';
import { findConsentById } from '../db/consents.js';
import { latestAttempt } from '../db/payments.js';
import { claimRefundSubmission, findRefund, insertRefund, postponeRefund, recordRefund, type RefundRow } from '../db/refunds.js';
import { nextCheckDelay, stageOf } from '../domain/payment-stage.js';
import { identification, refundKey } from '../domain/request-keys.js';
import type { Deps } from '../deps.js';
import { SUBMISSION_LEASE_MS } from './submit-payments.js';

/** A refund of (part of) a payment. */
export interface RefundSubmission {
  refundId: string;
  paymentId: string;
  merchantId: string;
  amountMinor: bigint;
  currency: string;
}

/**
 * Pays a refund back to the customer through the bank's payout extension (OB VRP has no refunds),
 * once per refund id (its row, x-idempotency-key and InstructionIdentification derive from it).
 * The money goes back to the account the bank named for refunds of the payment (Data.Refund) or
 * else the consent's DebtorAccount, from the merchant's creditor account. The outcome is reported
 * to the refund service later. Answers the bank's payout id (empty until the bank took it).
 */
export async function submitRefund(deps: Deps, input: RefundSubmission): Promise<RefundRow> {
  if (!input.refundId) throw validationError('refund_id', 'is required');
  if (!input.paymentId) throw validationError('payment_id', 'is required');
  if (input.amountMinor <= 0n) throw validationError('amount_minor', 'must be positive');
  if (!isCurrency(input.currency)) throw validationError('currency', 'must be an ISO 4217 currency');
  const known = await findRefund(deps.sql, input.merchantId, input.refundId);
  if (known) {
    if (known.stage === 'submitting' && (await claimRefundSubmission(deps.sql, known.refundId, SUBMISSION_LEASE_MS)))
      return sendRefund(deps, known);
    return known;
  }
  const creditor = await refundAccount(deps, input.merchantId, input.paymentId);
  const inserted = await insertRefund(
    deps.sql,
    { ...input, idempotencyKey: refundKey(input.refundId), creditor: creditor.customer },
    SUBMISSION_LEASE_MS,
  );
  const refund = (await findRefund(deps.sql, input.merchantId, input.refundId))!;
  // Only the call whose row it is sends it (the row's lease is its own): a racing twin answers the
  // refund as it stands, and never POSTs the same payout at the same moment.
  return inserted && refund.stage === 'submitting' ? sendRefund(deps, refund) : refund;
}

/** POSTs the payout (again: the same key answers the same payout) and records the answer. */
export async function sendRefund(deps: Deps, refund: RefundRow): Promise<RefundRow> {
  const { merchant } = await refundAccount(deps, refund.merchantId, refund.paymentId);
  try {
    const answer = await deps.bank.createPayout(
      {
        Data: {
          InstructionIdentification: identification(refund.refundId),
          EndToEndIdentification: identification(refund.refundId),
          InstructedAmount: toObAmount(refund.amountMinor, refund.currency),
          DebtorAccount: merchant,
          CreditorAccount: refund.creditor,
          RemittanceInformation: { Structured: [{ CreditorReferenceInformation: { Reference: identification(refund.paymentId) } }] },
        },
      },
      refund.idempotencyKey,
    );
    return await applyPayout(deps, refund, answer.body.Data, false);
  } catch (err) {
    if (err instanceof BankRefusal && err.status !== 401 && err.status !== 403 && err.status !== 409 && err.status !== 429) {
      return record(deps, refund, 'failed', null, null);
    }
    if (err instanceof BankRefusal || err instanceof BankUnavailable) return postpone(deps, refund, err, true);
    throw err;
  }
}

/** Reads a taken payout back and records what the bank says. */
export async function readRefund(deps: Deps, refund: RefundRow): Promise<RefundRow> {
  try {
    return await applyPayout(deps, refund, (await deps.bank.getPayout(refund.bankPayoutId!)).body.Data, true);
  } catch (err) {
    if (err instanceof BankRefusal || err instanceof BankUnavailable) return postpone(deps, refund, err, false);
    throw err;
  }
}

/** Records a payout as the bank keeps it (final: for the reporter; pending: read again later). */
export function applyPayout(deps: Deps, refund: RefundRow, data: PayoutResponse['Data'], counted: boolean): Promise<RefundRow> {
  return record(deps, refund, stageOf(data.Status), data.PayoutId, data.Status, counted);
}

async function record(
  deps: Deps,
  refund: RefundRow,
  stage: RefundRow['stage'],
  payoutId: string | null,
  status: string | null,
  counted = false,
): Promise<RefundRow> {
  const pending = stage === 'pending';
  const recorded = await recordRefund(deps.sql, refund.refundId, {
    stage,
    bankPayoutId: payoutId,
    bankStatus: status,
    nextCheckAt: pending
      ? new Date(Date.now() + nextCheckDelay(counted ? refund.checks : 0, deps.settings.pollInitialMs, deps.settings.pollMaxMs))
      : null,
    settleDueAt:
      pending && deps.backOffice ? new Date(deps.clocks.now(refund.merchantId).getTime() + deps.settings.settlementDelayMs) : null,
    counted,
  });
  if (recorded && !pending) {
    deps.logger.info('the bank decided a refund', { refund_id: refund.refundId, status, stage });
    deps.afterCommit();
  }
  return recorded ?? refund;
}

async function postpone(deps: Deps, refund: RefundRow, err: Error, submitting: boolean): Promise<RefundRow> {
  const next = new Date(Date.now() + nextCheckDelay(refund.checks, deps.settings.pollInitialMs, deps.settings.pollMaxMs));
  const serverErrors = await postponeRefund(deps.sql, refund.refundId, next, err instanceof BankUnavailable && err.status >= 500);
  if (submitting && serverErrors >= deps.settings.maxServerErrors) return record(deps, refund, 'failed', null, null);
  deps.logger.info('refund not settled with the bank yet; will try again', { refund_id: refund.refundId, reason: err.message });
  return { ...refund, checks: refund.checks + 1, serverErrors };
}

/** The customer's account a refund of the payment goes to, and the merchant's account it comes from. */
async function refundAccount(
  deps: Deps,
  merchantId: string,
  paymentId: string,
): Promise<{ customer: ObCashAccount; merchant: ObCashAccount }> {
  const payment = await latestAttempt(deps.sql, merchantId, paymentId);
  if (!payment) throw notFound('payment', paymentId);
  const consent = payment.consentId ? await findConsentById(deps.sql, payment.consentId) : undefined;
  const merchant = consent?.initiation.CreditorAccount ?? consent?.request.Data.Initiation.CreditorAccount;
  const customer = payment.refundAccount ?? consent?.debtorAccount ?? consent?.initiation.DebtorAccount;
  if (!merchant || !customer)
    throw new ApiError(
      'payment_not_settled',
      'The bank has not said which account the payment came from; it cannot be refunded through the bank.',
    );
  return { customer, merchant };
}
