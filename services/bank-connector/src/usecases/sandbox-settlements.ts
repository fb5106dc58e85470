import { isApiError } from '@vrp/errors';
import { clocksBehind, recordClockPushed } from '../db/back-office-clocks.js';
import { creditorAccountsOf } from '../db/consents.js';
import { checkPaymentNow, clearSettlement, findDueSettlements } from '../db/payments.js';
import { checkRefundNow, clearRefundSettlement, findDueRefundSettlements } from '../db/refunds.js';
import type { Deps } from '../deps.js';

const BATCH = 32;

/**
 * Sandbox auto-settlement: SANDBOX_SETTLEMENT_DELAY_MS after the bank took a payment or refund, on
 * the merchant's clock, the model bank's back office is told to settle it, unless it was decided
 * already (a simulator's decision, a rejection). What is due is found in the database (due times
 * survive restarts); several replicas may ask for the same settlement, which the back office takes
 * once. The outcome then comes back as any other: a notification, or the tracker's read, which is
 * asked for at once. Answers how many it handled.
 */
export async function settleDue(deps: Deps): Promise<number> {
  const backOffice = deps.backOffice;
  if (!backOffice) return 0;
  const horizon = deps.clocks.maxOffsetMs();
  let handled = 0;
  for (const p of await findDueSettlements(deps.sql, horizon, BATCH)) {
    if (p.settleDueAt! > deps.clocks.now(p.merchantId)) continue;
    if (p.stage === 'pending' && p.bankPaymentId) {
      await backOffice.decidePayment(p.bankPaymentId, { settle: true });
      await checkPaymentNow(deps.sql, p.paymentId, p.attempt);
    }
    if (await clearSettlement(deps.sql, p.paymentId, p.attempt)) handled++;
  }
  for (const r of await findDueRefundSettlements(deps.sql, horizon, BATCH)) {
    if (r.settleDueAt! > deps.clocks.now(r.merchantId)) continue;
    if (r.stage === 'pending' && r.bankPayoutId) {
      await backOffice.decidePayout(r.bankPayoutId, { settle: true });
      await checkRefundNow(deps.sql, r.refundId);
    }
    await clearRefundSettlement(deps.sql, r.refundId);
    handled++;
  }
  if (handled > 0) deps.afterCommit();
  return handled;
}

/**
 * Sandbox: pushes each merchant's clock offset to the model bank's back office for every creditor
 * account of the merchant's consents, where the bank's clock is behind (so the bank's time rules,
 * such as periodic limits, run on the merchant's time). Answers how many it pushed.
 */
export async function pushClocks(deps: Deps): Promise<number> {
  const backOffice = deps.backOffice;
  if (!backOffice) return 0;
  const behind = await clocksBehind(deps.sql, BATCH);
  for (const b of behind) {
    const account = (await creditorAccountsOf(deps.sql, b.merchantId)).find((a) => a.Identification === b.accountId);
    if (!account) continue;
    try {
      await backOffice.setClock({ scheme: account.SchemeName, identification: account.Identification }, b.offsetMs);
    } catch (err) {
      if (isApiError(err) && err.code === 'not_found') {
        // An account the model bank does not hold: nothing to move there.
        deps.logger.warn('the model bank does not hold a creditor account; its clock is not pushed', { merchant_id: b.merchantId });
      } else throw err;
    }
    await recordClockPushed(deps.sql, b.merchantId, b.accountId, b.offsetMs);
  }
  return behind.length;
}
