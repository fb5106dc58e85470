import { notFound } from '@vrp/errors';
import { bankFailureAsApiError } from '../clients/bank/bank-errors.js';
import { findConsent, setDeleted } from '../db/consents.js';
import type { Deps } from '../deps.js';

/**
 * Withdraws the mandate's consent: deleted at the bank (a consent the bank no longer has counts as
 * deleted) and its open journey ended, so the link answers `expired`. Idempotent: a consent deleted
 * before is not deleted again. not_found when the mandate has no consent here.
 */
export async function cancelConsent(deps: Deps, merchantId: string, mandateId: string): Promise<void> {
  const consent = await findConsent(deps.sql, merchantId, mandateId);
  if (!consent) throw notFound('consent of mandate', mandateId);
  if (consent.deletedAtBank) return;
  let result;
  try {
    result = await deps.bank.deleteConsent(consent.bankConsentId);
  } catch (err) {
    throw bankFailureAsApiError(err, 'delete the consent');
  }
  await setDeleted(deps.sql, consent.id);
  deps.logger.info('consent deleted at the bank', {
    merchant_id: merchantId,
    mandate_id: mandateId,
    consent_id: consent.bankConsentId,
    result,
  });
}
