import { ERROR_CODES, fromObAmount, type ObFundsConfirmationRequest } from '@vrp/open-banking';
import { accountById } from '../db/accounts.js';
import { debitRefusal } from '../domain/account.js';
import { invalid } from '../domain/errors.js';
import type { Deps } from '../deps.js';
import { withClientConsent } from './load-consent.js';
import type { FundsConfirmation } from '../domain/views.js';

export type { FundsConfirmation };

/**
 * POST /domestic-vrp-consents/{ConsentId}/funds-confirmation, with the authorization-code token
 * of that consent: whether the PSU's account can pay the amount now (open, in that currency, enough
 * available). 400 U009 unless the consent is AUTH and the token is its own.
 */
export async function confirmFunds(
  deps: Deps,
  input: { clientId: string; tokenConsentId: string; consentId: string; request: ObFundsConfirmationRequest },
): Promise<FundsConfirmation> {
  const { request } = input;
  if (request.Data.ConsentId !== input.consentId) {
    throw invalid(ERROR_CODES.invalidField, 'must be the ConsentId of the URL', 'Data.ConsentId');
  }
  if (input.tokenConsentId !== input.consentId) {
    throw invalid(ERROR_CODES.invalidConsentStatus, 'the access token was not issued for this consent', 'ConsentId');
  }
  const amountMinor = fromObAmount(request.Data.InstructedAmount);
  if (amountMinor === null)
    throw invalid(ERROR_CODES.invalidField, 'must be a positive amount in its currency', 'Data.InstructedAmount.Amount');
  const result = await withClientConsent(deps, input, async (tx, consent) => {
    if (consent.status !== 'AUTH') return { consent, available: undefined };
    const account = (await accountById(tx, consent.accountId!))!;
    return { consent, available: !debitRefusal(account, request.Data.InstructedAmount.Currency, amountMinor) };
  });
  deps.afterCommit();
  if (result.available === undefined) {
    throw invalid(ERROR_CODES.invalidConsentStatus, `the consent is ${result.consent.status}, not AUTH`, 'ConsentId');
  }
  return { consentId: input.consentId, available: result.available, at: deps.clocks.now(result.consent.clockKey) };
}
