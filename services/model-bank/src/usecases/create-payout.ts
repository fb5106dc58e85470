import { ERROR_CODES, fromObAmount, type PayoutRequest } from '@vrp/open-banking';
import { accountByNumber } from '../db/accounts.js';
import { insertPayout, payoutById } from '../db/payouts.js';
import { creditRefusal, ownAccountNumber } from '../domain/account.js';
import { clockKeyOf } from '../domain/consent.js';
import { accountProblems } from '../domain/consent-terms.js';
import { invalid, notFound, throwProblems } from '../domain/errors.js';
import { newPayoutId } from '../domain/ids.js';
import { payoutResource } from '../domain/links.js';
import type { Payout } from '../domain/payment.js';
import type { Deps } from '../deps.js';
import { forwardedAccount } from './forwarded-account.js';
import { idempotently, type IdempotentRequest } from './idempotently.js';
import { notify } from './notify.js';

/**
 * POST /model-bank/v1/payouts (the model bank's refund extension): pays money from the merchant's
 * account back to a payer's account at this bank. Taken (ACTC) when the creditor is an open account
 * of this bank in the payout's currency (a switched account's successor takes it); otherwise
 * rejected at once (RJCT with AC01, AC04, AC06 or AM03). Runs on the merchant's (the debtor's) clock;
 * idempotent per x-idempotency-key.
 */
export async function createPayout(
  deps: Deps,
  input: IdempotentRequest & { request: PayoutRequest; interactionId: string },
): Promise<Payout> {
  const data = input.request.Data;
  throwProblems([
    ...accountProblems(data.DebtorAccount, 'Data.DebtorAccount'),
    ...accountProblems(data.CreditorAccount, 'Data.CreditorAccount'),
  ]);
  const amountMinor = fromObAmount(data.InstructedAmount);
  if (amountMinor === null)
    throw invalid(ERROR_CODES.invalidField, 'must be a positive amount in its currency', 'Data.InstructedAmount.Amount');
  const clockKey = clockKeyOf(data.DebtorAccount);
  const id = newPayoutId();
  let notified = false;
  const payout = await idempotently(
    deps.db,
    input,
    'payouts',
    id,
    async (tx) => {
      const now = deps.clocks.now(clockKey);
      const number = ownAccountNumber(data.CreditorAccount);
      const creditor = await forwardedAccount(tx, number ? await accountByNumber(tx, number.sortCode, number.accountNumber) : undefined);
      const refusal = creditRefusal(creditor, data.InstructedAmount.Currency);
      const payout: Payout = {
        id,
        clientId: input.clientId,
        status: refusal ? 'RJCT' : 'ACTC',
        statusReasons: refusal ? [refusal] : null,
        amountMinor,
        currency: data.InstructedAmount.Currency,
        data,
        creditorAccountId: refusal ? null : creditor!.id,
        clockKey,
        creationDateTime: now,
        statusUpdateDateTime: now,
        settleDueAt: !refusal && deps.autoSettleMs !== undefined ? new Date(now.getTime() + deps.autoSettleMs) : null,
      };
      await insertPayout(tx, payout);
      notified = await notify(deps, tx, {
        clientId: payout.clientId,
        resource: payoutResource(deps.issuer, id),
        toe: now,
        txn: input.interactionId,
      });
      return payout;
    },
    async (tx, existing) => {
      const payout = await payoutById(tx, existing);
      if (!payout) throw notFound(`Payout ${existing}`);
      return payout;
    },
  );
  if (notified) deps.afterCommit();
  return payout;
}
