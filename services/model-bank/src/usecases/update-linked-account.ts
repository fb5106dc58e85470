import type { LinkedAccountReason } from '@vrp/open-banking';
import { accountById, setAccountStatus, switchAccount } from '../db/accounts.js';
import { consentById, liveConsentsOnAccount, relinkConsents, withConsent } from '../db/consents.js';
import { relinkTakenPayments } from '../db/payments.js';
import { BANK_SORT_CODE } from '../domain/account.js';
import { conflict, notFound } from '../domain/errors.js';
import { consentResource } from '../domain/links.js';
import type { Deps } from '../deps.js';
import { consentView, type ConsentView } from './load-consent.js';
import { notify } from './notify.js';

/**
 * The account linked to a consent changes (the back office): closed or blocked (its payments are
 * rejected AC04 / AC06 from now on), or switched to a new account of the same customer, which takes
 * over the balance, the reservations and every consent and taken payment (payments keep working).
 * Every live consent on the account is notified with an account-access-consent-linked-account-update
 * event carrying the reason, beside the resource update. 409 when the consent has no account or
 * its account has already moved on.
 */
export async function updateLinkedAccount(deps: Deps, input: { consentId: string; reason: LinkedAccountReason }): Promise<ConsentView> {
  const view = await withConsent(deps.db, input.consentId, true, async (tx, consent) => {
    if (!consent) throw notFound(`Consent ${input.consentId}`);
    if (!consent.accountId) throw conflict(`the consent is ${consent.status} and has no linked account`);
    const account = (await accountById(tx, consent.accountId, true))!;
    if (account.status === 'switched') throw conflict('the linked account has already been switched');
    let linked = account.id;
    if (input.reason === 'account_switched') {
      linked = (await switchAccount(tx, account, BANK_SORT_CODE)).id;
      await relinkConsents(tx, account.id, linked);
      await relinkTakenPayments(tx, account.id, linked);
    } else {
      await setAccountStatus(tx, account.id, input.reason === 'account_closed' ? 'closed' : 'blocked');
    }
    for (const live of await liveConsentsOnAccount(tx, linked)) {
      await notify(deps, tx, {
        clientId: live.clientId,
        resource: consentResource(deps.issuer, live.id),
        toe: deps.clocks.now(live.clockKey),
        extra: { kind: 'linked-account', reason: input.reason },
      });
    }
    return consentView(tx, (await consentById(tx, consent.id))!);
  });
  deps.afterCommit();
  return view;
}
