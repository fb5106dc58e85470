import { notFound } from '@vrp/errors';
import { bankFailureAsApiError } from '../clients/bank/bank-errors.js';
import { findConsent } from '../db/consents.js';
import type { Deps } from '../deps.js';
import { consentRevoked } from './receive-event-notification.js';
import { sandboxBackOffice } from './sandbox-back-office.js';

/**
 * Sandbox: the customer (or the bank) revokes the mandate's consent at the model bank. The consent
 * is read back at once, so the revocation reaches the mandate service without waiting for a
 * notification or the watcher (whichever comes, the mandate is reported revoked once). Answers
 * whether the bank holds the consent revoked afterwards (false for a consent that was not
 * authorised: the back office leaves it as it is).
 */
export async function revokeConsentAtBank(deps: Deps, input: { merchantId: string; mandateId: string; byBank: boolean }): Promise<boolean> {
  const backOffice = sandboxBackOffice(deps);
  const consent = await findConsent(deps.sql, input.merchantId, input.mandateId);
  if (!consent) throw notFound('consent of mandate', input.mandateId);
  await backOffice.revokeConsent(consent.bankConsentId, input.byBank ? 'bank' : 'customer');
  let data;
  try {
    data = (await deps.bank.getConsent(consent.bankConsentId)).body.Data;
  } catch (err) {
    throw bankFailureAsApiError(err, 'read the revoked consent');
  }
  if (data.Status !== 'CANC') return false;
  await consentRevoked(deps, consent, data.StatusReason?.[0]?.StatusReasonCode ?? null);
  return true;
}
