import { isCurrency } from '@vrp/money';
import { validationError } from '@vrp/errors';
import { findConsent } from '../db/consents.js';
import { claimSubmission, findPayment, insertPayment, type PaymentRow } from '../db/payments.js';
import { isClearing } from '../domain/payment-stage.js';
import { identification, instructionId, paymentKey } from '../domain/request-keys.js';
import type { PaymentStatus } from '@vrp/open-banking';
import type { Deps } from '../deps.js';
import { fail, sendPayment } from './track-payment.js';

/** One attempt to collect a payment. */
export interface PaymentSubmission {
  paymentId: string;
  attempt: number;
  merchantId: string;
  mandateId: string;
  amountMinor: bigint;
  currency: string;
  reference: string;
  endToEndId: string;
}

/** The bank's receipt: its DomesticVRPId once it took the attempt, and whether it took it into clearing. */
export interface Receipt {
  bankReference: string;
  clearing: boolean;
}

/** How long a submitter holds an attempt it is handing to the bank (longer than a call with its retries). */
export const SUBMISSION_LEASE_MS = 60_000;
/** Attempts of one batch handed to the bank at the same time. */
const CONCURRENCY = 8;

/**
 * Hands a batch of attempts to the bank, each idempotent per (payment_id, attempt): the row's
 * unique key, its x-idempotency-key and its InstructionIdentification all derive from it, so a
 * resubmission (or a racing one) never makes a second payment at the bank. A new attempt is
 * recorded and sent; a known one answers what the bank said, or is sent again when nobody holds it
 * and the bank has not taken it. Once recorded, an attempt is the connector's to finish: one the
 * bank could not take now is sent again by the tracker, and every outcome reaches the payment
 * service. Receipts come in the batch's order.
 */
export async function submitPayments(deps: Deps, submissions: PaymentSubmission[]): Promise<Receipt[]> {
  submissions.forEach(check);
  const receipts: Receipt[] = new Array(submissions.length);
  let next = 0;
  const worker = async () => {
    while (next < submissions.length) {
      const i = next++;
      receipts[i] = await submitOne(deps, submissions[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, submissions.length) }, worker));
  return receipts;
}

async function submitOne(deps: Deps, s: PaymentSubmission): Promise<Receipt> {
  const consent = await findConsent(deps.sql, s.merchantId, s.mandateId);
  const created = await insertPayment(
    deps.sql,
    {
      paymentId: s.paymentId,
      attempt: s.attempt,
      merchantId: s.merchantId,
      mandateId: s.mandateId,
      consentId: consent?.id ?? null,
      amountMinor: s.amountMinor,
      currency: s.currency,
      reference: s.reference || identification(s.paymentId),
      endToEndId: s.endToEndId || identification(s.paymentId),
      idempotencyKey: paymentKey(s.paymentId, s.attempt),
      instructionId: instructionId(s.paymentId, s.attempt),
    },
    SUBMISSION_LEASE_MS,
  );
  if (created) {
    if (!consent || consent.bankStatus !== 'AUTH' || !consent.accessTokenSealed || consent.deletedAtBank) {
      const revoked = consent && ['CANC', 'EXPD', 'RJCT'].includes(consent.bankStatus);
      return receiptOf(
        await fail(
          deps,
          created,
          revoked ? 'mandate_revoked_at_bank' : 'bank_rejected',
          'the mandate has no authorised consent',
          'platform',
        ),
      );
    }
    // The consent just read is the attempt's own: sent without reading it again.
    return receiptOf(await sendPayment(deps, created, consent));
  }
  let payment = (await findPayment(deps.sql, s.paymentId, s.attempt))!;
  if (payment.stage === 'submitting' && (await claimSubmission(deps.sql, s.paymentId, s.attempt, SUBMISSION_LEASE_MS))) {
    payment = await sendPayment(deps, payment);
  }
  return receiptOf(payment);
}

function receiptOf(payment: PaymentRow): Receipt {
  return {
    bankReference: payment.bankPaymentId ?? '',
    clearing: payment.bankStatus !== null && payment.stage !== 'failed' && isClearing(payment.bankStatus as PaymentStatus),
  };
}

function check(s: PaymentSubmission, i: number): void {
  const at = (field: string) => `submissions[${i}].${field}`;
  if (!s.paymentId) throw validationError(at('payment_id'), 'is required');
  if (!s.merchantId) throw validationError(at('merchant_id'), 'is required');
  if (!s.mandateId) throw validationError(at('mandate_id'), 'is required');
  if (s.attempt < 0) throw validationError(at('attempt'), 'must be 0 or more');
  if (s.amountMinor <= 0n) throw validationError(at('amount_minor'), 'must be positive');
  if (!isCurrency(s.currency)) throw validationError(at('currency'), 'must be an ISO 4217 currency');
  if (s.reference.length > 35) throw validationError(at('reference'), 'must be at most 35 characters');
  if (s.endToEndId.length > 35) throw validationError(at('end_to_end_id'), 'must be at most 35 characters');
}
