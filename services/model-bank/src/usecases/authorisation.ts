import { oneMajorUnit } from '@vrp/money';
import { ERROR_CODES } from '@vrp/open-banking';
import { openAccount } from '../db/accounts.js';
import { moveConsent } from '../db/consents.js';
import type { Tx } from '../db/tx.js';
import { BANK_SORT_CODE, accountName, reason, type Account } from '../domain/account.js';
import { CONSENT_MOVES, type Consent } from '../domain/consent.js';
import { invalid } from '../domain/errors.js';
import { consentResource } from '../domain/links.js';
import type { Deps } from '../deps.js';
import { consentView, withClientConsent, type ConsentView } from './load-consent.js';
import { notify } from './notify.js';

/** The customer's account, opened with the default balance the first time the bank sees them. */
function customerAccount(deps: Deps, tx: Tx, consent: Consent): Promise<Account> {
  return openAccount(tx, {
    clientId: consent.clientId,
    customerRef: consent.customerRef,
    name: accountName(consent.customerRef),
    currency: consent.currency,
    balanceMinor: BigInt(deps.newAccounts.balanceMajor) * oneMajorUnit(consent.currency),
    sortCode: BANK_SORT_CODE,
  });
}

/** Runs `work` in one transaction on the client's consent, locked, once it is sure to be awaiting authorisation. */
function withAwaitingConsent<T>(
  deps: Deps,
  input: { clientId: string; consentId: string },
  work: (tx: Tx, consent: Consent) => Promise<T>,
): Promise<T> {
  return withClientConsent(deps, { ...input, forUpdate: true }, (tx, consent) => {
    if (consent.status !== 'AWAU') {
      throw invalid(
        ERROR_CODES.invalidConsentStatus,
        `consent ${input.consentId} is ${consent.status}, not awaiting authorisation`,
        'ConsentId',
      );
    }
    return work(tx, consent);
  });
}

/**
 * What the consent page shows: the consent (it must be awaiting authorisation) and the account
 * the PSU would pay from, opened now if this is the first time the bank sees the PSU.
 */
export async function prepareAuthorisation(
  deps: Deps,
  input: { clientId: string; consentId: string },
): Promise<{ consent: Consent; account: Account }> {
  return withAwaitingConsent(deps, input, async (tx, consent) => ({ consent, account: await customerAccount(deps, tx, consent) }));
}

/**
 * The PSU approved: the consent becomes AUTH with the PSU's account as its DebtorAccount and the
 * authorisation grant `grantId` (whose tokens live as long as the consent), and its client is notified.
 */
export async function authoriseConsent(deps: Deps, input: { clientId: string; consentId: string; grantId: string }): Promise<ConsentView> {
  const view = await withAwaitingConsent(deps, input, async (tx, consent) => {
    const account = await customerAccount(deps, tx, consent);
    const now = deps.clocks.now(consent.clockKey);
    const authorised = (await moveConsent(tx, consent.id, 'AUTH', CONSENT_MOVES.AUTH, {
      at: now,
      accountId: account.id,
      grantId: input.grantId,
    }))!;
    await notify(deps, tx, { clientId: authorised.clientId, resource: consentResource(deps.issuer, authorised.id), toe: now });
    return consentView(tx, authorised);
  });
  deps.afterCommit();
  return view;
}

/** The PSU declined: the consent becomes RJCT and its client is notified. */
export async function rejectConsent(deps: Deps, input: { clientId: string; consentId: string }): Promise<Consent> {
  const rejected = await withAwaitingConsent(deps, input, async (tx, consent) => {
    const now = deps.clocks.now(consent.clockKey);
    const moved = (await moveConsent(tx, consent.id, 'RJCT', CONSENT_MOVES.RJCT, {
      at: now,
      reasons: [reason('CUST', 'The customer declined the consent')],
    }))!;
    await notify(deps, tx, { clientId: moved.clientId, resource: consentResource(deps.issuer, moved.id), toe: now });
    return moved;
  });
  deps.afterCommit();
  return rejected;
}
