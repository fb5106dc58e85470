import { notFound } from '@vrp/errors';
import { bankFailureAsApiError } from '../clients/bank/bank-errors.js';
import { findConsent, setBankStatus, type ConsentRow } from '../db/consents.js';
import type { Deps } from '../deps.js';

/** The mandate's consent with its status as the bank reports it now (kept too). not_found without one. */
export async function getConsent(deps: Deps, merchantId: string, mandateId: string): Promise<ConsentRow> {
  const consent = await findConsent(deps.sql, merchantId, mandateId);
  if (!consent) throw notFound('consent of mandate', mandateId);
  let data;
  try {
    data = (await deps.bank.getConsent(consent.bankConsentId)).body.Data;
  } catch (err) {
    throw bankFailureAsApiError(err, 'read the consent');
  }
  const reason = data.StatusReason?.[0]?.StatusReasonCode ?? null;
  if (data.Status !== consent.bankStatus) await setBankStatus(deps.sql, consent.id, data.Status, reason);
  return { ...consent, bankStatus: data.Status, statusReason: reason ?? consent.statusReason };
}
