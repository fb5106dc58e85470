import { accountById, credit } from '../db/accounts.js';
import { movePayout, withLockedPayout } from '../db/payouts.js';
import { creditRefusal, reason } from '../domain/account.js';
import { conflict, notFound } from '../domain/errors.js';
import { payoutResource } from '../domain/links.js';
import type { Payout } from '../domain/payment.js';
import type { Deps } from '../deps.js';
import type { Decision } from './decide-payment.js';
import { forwardedAccount } from './forwarded-account.js';
import { notify } from './notify.js';

/**
 * The back office (or automatic settlement) decides a taken payout: settled (ACSC, the payer's
 * account credited) or rejected (RJCT with the reason). An account closed or blocked since the
 * payout was taken cannot be credited: settling then rejects it with AC04 / AC06 (the money goes
 * back); a switched one forwards to its successor. 409 when it is no longer ACTC.
 */
export async function decidePayout(deps: Deps, input: { payoutId: string; decision: Decision }): Promise<Payout> {
  const payout = await withLockedPayout(deps.db, input.payoutId, async (tx, found) => {
    if (!found) throw notFound(`Payout ${input.payoutId}`);
    if (found.status !== 'ACTC') throw conflict(`the payout is ${found.status}, not ACTC`);
    const now = deps.clocks.now(found.clockKey);
    let rejection =
      'reject' in input.decision
        ? reason(input.decision.reject.code, input.decision.reject.description ?? 'Rejected by the bank')
        : undefined;
    if (!rejection) {
      // The payer may have switched accounts since the payout was taken: the money follows.
      const account = await forwardedAccount(tx, await accountById(tx, found.creditorAccountId!, true), true);
      rejection = creditRefusal(account, found.currency);
      if (!rejection) await credit(tx, account!.id, found.amountMinor);
    }
    const moved = (await movePayout(tx, found.id, rejection ? 'RJCT' : 'ACSC', ['ACTC'], {
      at: now,
      reasons: rejection ? [rejection] : undefined,
    }))!;
    await notify(deps, tx, { clientId: moved.clientId, resource: payoutResource(deps.issuer, moved.id), toe: now });
    return moved;
  });
  deps.afterCommit();
  return payout;
}
