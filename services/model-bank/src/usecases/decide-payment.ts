import { debitReserved, release } from '../db/accounts.js';
import { movePayment, withLockedPayment } from '../db/payments.js';
import { reason } from '../domain/account.js';
import { conflict, notFound } from '../domain/errors.js';
import { paymentResource } from '../domain/links.js';
import type { Deps } from '../deps.js';
import { notify } from './notify.js';
import { paymentView, type PaymentView } from './payment-view.js';

/** Settle a taken payment, or reject it with an ISO (or U) status reason. */
export type Decision = { settle: true } | { reject: { code: string; description?: string } };

/**
 * The back office (or automatic settlement) decides a taken payment: settled (ACSC, the PSU's
 * account debited by the reserved amount) or rejected (RJCT with the reason, the reservation given
 * back). 409 when it is no longer ACTC, or when the account no longer covers it (reject it instead).
 */
export async function decidePayment(deps: Deps, input: { paymentId: string; decision: Decision }): Promise<PaymentView> {
  const view = await withLockedPayment(deps.db, input.paymentId, async (tx, payment) => {
    if (!payment) throw notFound(`Domestic VRP ${input.paymentId}`);
    if (payment.status !== 'ACTC') throw conflict(`the payment is ${payment.status}, not ACTC`);
    const now = deps.clocks.now(payment.clockKey);
    const { decision } = input;
    if ('settle' in decision) {
      if (!(await debitReserved(tx, payment.accountId!, payment.amountMinor)))
        throw conflict('the account no longer covers the payment; reject it instead');
    } else {
      await release(tx, payment.accountId!, payment.amountMinor);
    }
    const moved = (await movePayment(tx, payment.id, 'settle' in decision ? 'ACSC' : 'RJCT', ['ACTC'], {
      at: now,
      reasons: 'reject' in decision ? [reason(decision.reject.code, decision.reject.description ?? 'Rejected by the bank')] : undefined,
    }))!;
    await notify(deps, tx, { clientId: moved.clientId, resource: paymentResource(deps.issuer, moved.id), toe: now });
    return paymentView(tx, moved);
  });
  deps.afterCommit();
  return view;
}
