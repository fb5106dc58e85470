import { STATUS_REASONS } from '@vrp/open-banking';
import { dueExpiries, withConsent } from '../db/consents.js';
import { dueSettlements as duePayments } from '../db/payments.js';
import { dueSettlements as duePayouts } from '../db/payouts.js';
import { BankError } from '../domain/errors.js';
import type { Deps } from '../deps.js';
import { decidePayment } from './decide-payment.js';
import { decidePayout } from './decide-payout.js';
import { expireIfDue } from './load-consent.js';

const BATCH = 50;

/** A decision another pass (or the back office) made first is not a failure of this one. */
async function unlessDecided(work: () => Promise<unknown>): Promise<void> {
  try {
    await work();
  } catch (err) {
    if (!(err instanceof BankError && (err.refusal === 'conflict' || err.refusal === 'not_found'))) throw err;
  }
}

/**
 * One pass of the bank's own work that falls due on payees' clocks: consents whose validity has
 * ended expire (EXPD), and, when the bank settles by itself, taken payments and payouts whose time
 * has come settle (a payment the account no longer covers is rejected AM04). Resolves how many
 * were handled, so a full batch is followed at once by another pass.
 */
export async function sweepDue(deps: Deps): Promise<number> {
  let handled = 0;
  for (const id of await dueExpiries(deps.db, BATCH)) {
    // Counted only when it moved: a replica whose copy of the clock lags finds it due but leaves it.
    const moved = await withConsent(
      deps.db,
      id,
      true,
      async (tx, consent) => !!consent && (await expireIfDue(deps, tx, consent)).status !== consent.status,
    );
    if (moved) handled++;
  }
  if (handled) deps.afterCommit();
  for (const paymentId of await duePayments(deps.db, BATCH)) {
    await unlessDecided(async () => {
      try {
        await decidePayment(deps, { paymentId, decision: { settle: true } });
      } catch (err) {
        if (!(err instanceof BankError && err.refusal === 'conflict' && /no longer covers/.test(err.message))) throw err;
        await decidePayment(deps, {
          paymentId,
          decision: { reject: { code: STATUS_REASONS.insufficientFunds, description: 'The account cannot cover the amount' } },
        });
      }
    });
    handled++;
  }
  for (const payoutId of await duePayouts(deps.db, BATCH)) {
    await unlessDecided(() => decidePayout(deps, { payoutId, decision: { settle: true } }));
    handled++;
  }
  return handled;
}
