import { ApiError, notFound, originalFault, validationError } from '@vrp/errors';
import { minorUnits } from '@vrp/public-api';
import { readPayment } from '../db/payment-sql.js';
import type { PaymentRecord } from '../db/payments.js';
import { findAllocation, holdAsAsked, uncertainHeldAmount, type AskedAmount } from '../db/refund-allocations.js';
import type { PaymentStatus } from '../domain/payment-status.js';
import { refundableAmount } from '../domain/refund-allocation.js';
import type { Deps } from '../deps.js';

export interface AllocateRefundInput {
  merchantId: string;
  paymentId: string;
  refundId: string;
  /** 0 means everything still refundable (or that `amount` says how much). */
  amountMinor: bigint;
  /** The merchant's decimal amount string, parsed here in the payment's currency; empty: `amountMinor`. */
  amount?: string | undefined;
}

export interface Allocation {
  amountMinor: bigint;
  /** The payment as merchants see it: a hold changes neither amount_refunded nor the status. */
  payment: PaymentRecord;
  /** Refundable after this allocation and every other open hold. */
  remainingAfterMinor: bigint;
}

/**
 * Holds a refund's amount against a settled payment, idempotently per refund id (a decimal
 * amount is parsed in the payment's currency: the refund service never reads the payment). This is the
 * first of two phases: the hold counts against what is refundable, so refunds can never pass
 * the payment amount (a conditional UPDATE on `amount_refunded + amount_held + a <= amount`,
 * backed by a CHECK, serialises concurrent allocations on the row), but nothing public changes
 * and no event is written. ConfirmRefund makes it a refund once the refund service committed
 * it; ReleaseRefund gives a hold back without a trace.
 *
 * One round trip when the hold goes through: the statement decides the amount from the payment
 * as it locks it (holdAsAsked). When it holds nothing, the payment is read and judged (its
 * currency, what is refundable, the rules' verdicts), which says why, and if the rules allow the
 * refund after all (a concurrent hold moved the payment between the two), it is held as judged,
 * the statement checking again what it relies on. If the payment moved once more so that the
 * hold no longer fits, it is judged again as it now is.
 *
 * A verdict that uncertain holds alone cause (holds of creates that failed midway, or older
 * than any create takes: without them the amount would fit) is not given: nothing was refunded
 * by them yet, and they are given back once the refund service finds out. It is 503
 * service_unavailable with Retry-After instead, so the merchant retries rather than gives up.
 */
export async function allocateRefund(deps: Deps, input: AllocateRefundInput): Promise<Allocation> {
  if (input.amount && input.amountMinor !== 0n)
    throw validationError('amount', 'give the amount once: as a decimal string or in minor units');
  const at = deps.clocks.now(input.merchantId);
  const { refundId, merchantId, paymentId } = input;
  const hold = async (asked: AskedAmount): Promise<Allocation | undefined> => {
    const held = await holdAsAsked(deps.sql, { refundId, merchantId, paymentId, asked, at });
    if (!held) return undefined;
    deps.holds.add(refundId, { merchantId, paymentId, amountMinor: held.amountMinor, before: held.payment });
    return { ...held, remainingAfterMinor: refundable(held.payment) - held.amountMinor };
  };
  try {
    const held = await hold(input.amount ? { decimal: input.amount } : { minor: input.amountMinor });
    if (held) return held;
    // Nothing held: the payment as it is says why, or (a concurrent hold moved it meanwhile) allows the refund after all.
    const payment = await readPayment(deps.sql, merchantId, paymentId);
    if (!payment) throw notFound('payment', paymentId);
    const requested = input.amount ? minorUnits('amount', input.amount, payment.currency) : input.amountMinor;
    const allowed = await hold({ minor: await judge(deps, payment, requested, at) });
    if (allowed) return allowed;
    // It moved once more since it was read: the verdict on it as it is now.
    const now = await readPayment(deps.sql, merchantId, paymentId);
    if (!now) throw notFound('payment', paymentId);
    await judge(deps, now, requested, at);
    throw new ApiError('refund_exceeds_payment', 'The refunds would exceed the amount of the payment.', { param: 'amount' });
  } catch (err) {
    // A repeat, or a concurrent call with the same refund id that won the primary key (whatever
    // the payment allows by now): answer as the first did. Repeats are rare, so they are not
    // looked for before the attempt. If looking fails too, the answer is still the first fault.
    const raced = await existingAllocation(deps, input).catch((lookup: unknown) => Promise.reject(originalFault(err, lookup)));
    if (raced) return raced;
    throw err;
  }
}

/** A hold unresolved this long is uncertain even unmarked: no create takes that long (their calls time out first). */
export const HOLD_UNCERTAIN_AFTER_MS = 10_000;
/** Seconds a refund refused by uncertain holds is told to wait: a failed create's hold is given back within a sweep or two. */
const UNCERTAIN_RETRY_AFTER_S = 2;

/**
 * The amount the payment allows for `requestedMinor` (refundableAmount), or its verdict; but
 * when an amount verdict is caused by uncertain holds alone (without them it would fit), 503
 * service_unavailable with Retry-After.
 */
async function judge(deps: Deps, payment: PaymentRecord, requestedMinor: bigint, at: Date): Promise<bigint> {
  try {
    return refundableAmount(asRefundable(payment), requestedMinor);
  } catch (verdict) {
    if (!(verdict instanceof ApiError) || payment.amountHeldMinor <= 0n) throw verdict;
    if (verdict.code !== 'refund_exceeds_payment' && verdict.code !== 'refund_amount_too_small') throw verdict;
    const uncertain = await uncertainHeldAmount(deps.sql, payment.merchantId, payment.id, new Date(at.getTime() - HOLD_UNCERTAIN_AFTER_MS));
    if (uncertain <= 0n || !fits({ ...payment, amountHeldMinor: payment.amountHeldMinor - uncertain }, requestedMinor)) throw verdict;
    throw new ApiError(
      'service_unavailable',
      'Another refund of this payment failed midway and is still being undone; until it is, this one cannot be judged. Nothing was refunded: retry shortly.',
      { retryAfter: UNCERTAIN_RETRY_AFTER_S, cause: verdict },
    );
  }
}

/** True when the payment, as given, allows the amount. */
function fits(payment: PaymentRecord, requestedMinor: bigint): boolean {
  try {
    refundableAmount(asRefundable(payment), requestedMinor);
    return true;
  } catch {
    return false;
  }
}

/** What is left to refund: neither refunded nor held. */
const refundable = (payment: PaymentRecord) => payment.amountMinor - payment.amountRefundedMinor - payment.amountHeldMinor;

const asRefundable = (payment: PaymentRecord) => ({ ...payment, status: payment.status as PaymentStatus });

async function existingAllocation(deps: Deps, input: AllocateRefundInput): Promise<Allocation | undefined> {
  const existing = await findAllocation(deps.sql, input.refundId);
  if (!existing) return undefined;
  if (existing.merchantId !== input.merchantId || existing.paymentId !== input.paymentId) {
    throw new ApiError('invalid_state_transition', `Refund ${input.refundId} is already booked against another payment.`);
  }
  if (existing.releasedAt)
    throw new ApiError('invalid_state_transition', `Refund ${input.refundId} was released and cannot be booked again.`);
  const payment = await readPayment(deps.sql, input.merchantId, input.paymentId);
  if (!payment) throw notFound('payment', input.paymentId);
  return { amountMinor: existing.amountMinor, payment, remainingAfterMinor: refundable(payment) };
}
