import type { JsonObject } from '@bufbuild/protobuf';
import { isClientFault } from '@vrp/grpc';
import { validateMetadata } from '@vrp/public-api';
import { newId } from '@vrp/ids';
import { ApiError, validationError } from '@vrp/errors';
import { KeyTaken, type IdempotencyClaim } from '@vrp/idempotency';
import { insertRefund, insertRequest, readRefund } from '../db/refund-sql.js';
import { findRequest, forgetRequest } from '../db/refund-requests.js';
import { refundIdOfKey } from '../db/idempotency.js';
import { assertValidReason } from '../domain/refund-reason.js';
import { expectedSettlementDate } from '../domain/settlement-date.js';
import type { RefundRow } from '../db/refunds.js';
import type { Deps } from '../deps.js';
import { abandonRequest, type RequestRef } from './give-back-booking.js';
import { askPaymentToConfirm } from './confirm-booking.js';
import { handOverLater } from './submit-refund-to-bank.js';

export interface CreateRefundInput {
  merchantId: string;
  paymentId: string;
  /** 0 means everything still refundable (or that `amount` says how much). */
  amountMinor: bigint;
  /**
   * The merchant's decimal amount string, when the caller has not parsed it: the payment service
   * parses it in the payment's currency as it books the refund (and refuses it beside a non-zero
   * `amountMinor`). Empty or absent: `amountMinor`.
   */
  amount?: string | undefined;
  reason: string;
  metadata: JsonObject;
  /** The merchant's Idempotency-Key with the request's fingerprint, when one was sent. */
  idempotency?: IdempotencyClaim | undefined;
}

/**
 * Refunds all or part of a settled payment. The payment service holds the amount first
 * (atomically, idempotent per refund id: the authority on every amount rule,
 * payment_not_settled, refund_exceeds_payment and refund_amount_too_small, so the payment is not
 * read beforehand; a hold is not public and writes no event), then the request, the refund and
 * refund.created commit together, then the payment service confirms the hold, which writes
 * payment.refunded. With an Idempotency-Key the request (binding the key) is made durable
 * before the hold instead, so a concurrent create with the same key waits for this one. If
 * recording fails the hold is given back without a trace; if this process dies midway, the
 * recovery sweeper gives back a hold nobody recorded (the payment service lists them) or the
 * hold of a request left open, and confirms the hold of a refund that was recorded. Which of
 * the two a hold gets, the request's primary key decides: the sweeper's abandoned row and the
 * create's completed one cannot both be written. Finally the refund goes to the bank in the
 * background (the answer does not wait for it); if the bank is slow or unreachable the
 * resubmission sweeper retries, so the merchant still gets the refund.
 */
export async function createRefund(deps: Deps, input: CreateRefundInput): Promise<RefundRow> {
  if (input.amountMinor < 0n) throw validationError('amount', 'must be greater than zero');
  assertValidReason(input.reason);
  validateMetadata(input.metadata);
  const replay = await replayed(deps, input);
  if (replay) return replay;

  const ref: RequestRef = { merchantId: input.merchantId, paymentId: input.paymentId, id: newId('refund') };
  if (input.idempotency) {
    try {
      await insertRequest(
        deps.sql,
        input.merchantId,
        { id: ref.id, paymentId: ref.paymentId, amountMinor: input.amountMinor },
        input.idempotency,
      );
    } catch (err) {
      // A concurrent create with the same key opened its request first.
      if (!(err instanceof KeyTaken)) throw err;
      const first = await replayed(deps, input);
      if (first) return first;
      throw keyInUse();
    }
  }
  const booked = await book(deps, ref, input);

  let row: RefundRow;
  try {
    const currency = booked.payment?.currency;
    if (!currency) throw new ApiError('internal_error', 'The payment service booked a refund without its payment.');
    const at = deps.clocks.now(input.merchantId);
    row = await insertRefund(
      deps.sql,
      deps.subjectPrefix,
      {
        ...ref,
        amountMinor: booked.amountMinor,
        currency,
        reason: input.reason,
        metadata: input.metadata,
        expectedSettlementDate: expectedSettlementDate(at, deps.settlementBusinessDays),
      },
      at,
    );
  } catch (err) {
    await abandonRequest(deps, ref);
    throw err;
  }
  deps.afterCommit();
  // The refund exists now: its booking becomes public (payment.refunded) before the answer, so
  // the payment read next counts it. If the payment service cannot be reached the sweeper
  // confirms it later; the answer does not wait for that. Noting the confirmation and the
  // hand-over to the bank happen after the answer (a slow bank must not make the caller time
  // out and retry it as a new refund); if this process dies first, the sweepers do both.
  if (await askPaymentToConfirm(deps, row)) handOverLater(deps, row);
  return row;
}

/**
 * The refund an earlier create with the same Idempotency-Key made. While that create is still
 * booking it is 409 idempotency_key_in_use (retry shortly); when it ended without a refund the
 * key was freed and the create goes ahead.
 */
async function replayed(deps: Deps, input: CreateRefundInput): Promise<RefundRow | undefined> {
  if (!input.idempotency) return undefined;
  const id = await refundIdOfKey(deps.sql, input.merchantId, input.idempotency, new Date());
  if (!id) return undefined;
  const refund = await readRefund(deps.sql, input.merchantId, id);
  if (refund) return refund;
  const request = await findRequest(deps.sql, id);
  if (request && request.state !== 'released') throw keyInUse();
  return undefined;
}

function keyInUse(): ApiError {
  return new ApiError('idempotency_key_in_use', 'A refund with this Idempotency-Key is still being made; retry shortly.', {
    param: 'Idempotency-Key',
    retryAfter: 1,
  });
}

/**
 * Books the amount against the payment (which also finds out whether the payment exists and, for
 * a decimal amount, parses it in its currency); on failure leaves the request in a state that is
 * safe.
 */
async function book(deps: Deps, ref: RequestRef, input: Pick<CreateRefundInput, 'amountMinor' | 'amount' | 'idempotency'>) {
  try {
    return await deps.payments.allocateRefund({ ...ref, refundId: ref.id, amountMinor: input.amountMinor, amount: input.amount ?? '' });
  } catch (err) {
    // A verdict (not_found, validation_error, refund_exceeds_payment...) means nothing was
    // booked: the request (if one was made) goes, with its Idempotency-Key, and a refused create
    // leaves nothing behind. Any other failure (a timeout) leaves the booking uncertain, so it
    // is given back to be sure.
    if (!isClientFault(err)) await abandonRequest(deps, ref);
    else if (input.idempotency) {
      // The verdict is the answer even if the request cannot be forgotten now: left open, it is
      // abandoned (booking nothing) by the sweeper once stale, and its key freed then.
      await forgetRequest(deps.sql, ref.merchantId, ref.id).catch((forget: unknown) =>
        deps.logger.warn('could not forget a refused refund request; the sweeper will', { refund_id: ref.id, err: forget }),
      );
    }
    throw err;
  }
}
