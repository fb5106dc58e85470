import { ApiError, notFound } from '@vrp/errors';
import { checkRefundNow, findRefund } from '../db/refunds.js';
import type { Deps } from '../deps.js';
import { sandboxBackOffice } from './sandbox-back-office.js';
import { readRefund } from './submit-refund.js';

/** Sandbox: the model bank settles or rejects a refund now; read back at once. not_found while it is still on its way to the bank;
 * invalid_state_transition when decided already. */
export async function decideRefund(deps: Deps, input: { merchantId: string; refundId: string; reject: boolean }): Promise<void> {
  const backOffice = sandboxBackOffice(deps);
  const refund = await findRefund(deps.sql, input.merchantId, input.refundId);
  // Not handed to the bank yet (the refund service submits after its create answered): unknown here.
  if (!refund || refund.stage === 'submitting') throw notFound('refund', input.refundId);
  if (!refund.bankPayoutId || refund.stage !== 'pending')
    throw new ApiError(
      'invalid_state_transition',
      refund.bankPayoutId ? 'The bank has decided this refund already.' : 'The bank has not taken this refund.',
    );
  if (
    (await backOffice.decidePayout(refund.bankPayoutId, input.reject ? { settle: false, reasonCode: 'MS03' } : { settle: true })) ===
    'already_decided'
  )
    throw new ApiError('invalid_state_transition', 'The bank has decided this refund already.');
  await readRefund(deps, refund);
  await checkRefundNow(deps.sql, refund.refundId);
  deps.afterCommit();
}
