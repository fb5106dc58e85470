import { randomUUID } from 'node:crypto';
import { ApiError, validationError } from '@vrp/errors';
import { bankFailureAsApiError } from '../clients/bank/bank-errors.js';
import { findConsent, type ConsentRow } from '../db/consents.js';
import { fundsKey } from '../domain/request-keys.js';
import { unseal } from '../domain/sealing.js';
import type { Deps } from '../deps.js';

/**
 * Asks the bank whether the customer's account covers `amountMinor` now, under the mandate's
 * authorised consent (its own token). mandate_not_active when the consent is not authorised.
 */
export async function confirmFunds(
  deps: Deps,
  input: { merchantId: string; mandateId: string; amountMinor: bigint; currency: string },
): Promise<{ fundsAvailable: boolean; checkedAt: Date }> {
  if (input.amountMinor <= 0n) throw validationError('amount_minor', 'must be positive');
  const consent = await authorisedConsent(deps, input.merchantId, input.mandateId);
  if (input.currency !== consent.currency) throw new ApiError('currency_mismatch', `The mandate's consent is in ${consent.currency}.`);
  let answer;
  try {
    answer = await deps.bank.confirmFunds(
      consent.bankConsentId,
      unseal(deps.settings.secretKeys, consent.accessTokenSealed!),
      { minor: input.amountMinor, currency: input.currency },
      fundsKey(consent.bankConsentId, randomUUID()),
    );
  } catch (err) {
    throw bankFailureAsApiError(err, 'confirm funds');
  }
  const result = answer.body.Data.FundsAvailableResult;
  return { fundsAvailable: result.FundsAvailable === 'Available', checkedAt: new Date(result.FundsAvailableDateTime) };
}

/** The mandate's consent, which must be authorised (with its token) for payments and funds checks. */
export async function authorisedConsent(deps: Deps, merchantId: string, mandateId: string): Promise<ConsentRow> {
  const consent = await findConsent(deps.sql, merchantId, mandateId);
  if (!consent || consent.bankStatus !== 'AUTH' || !consent.accessTokenSealed || consent.deletedAtBank)
    throw new ApiError('mandate_not_active', 'The mandate has no consent the customer authorised at their bank.');
  return consent;
}
