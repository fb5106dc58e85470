import { notFound, required } from '@vrp/errors';
import { endMandateRequest, readMandateRequest, type MandateRequestRow } from '../db/mandate-requests.js';
import { refusedEnd, type MandateRequestStatus } from '../domain/mandate-request-lifecycle.js';
import type { Deps } from '../deps.js';

/**
 * The merchant's cancel of request `id`: a journey still awaiting authorisation ends cancelled, then
 * its consent is deleted at the bank (the customer's link then answers expired). Cancelling a
 * cancelled request deletes the consent again (a failed delete is retried so) and answers it as it
 * is. Errors: not_found, invalid_state_transition (it ended otherwise), service_unavailable when the
 * bank could not be told (the request stays cancelled).
 */
export async function withdrawMandateRequest(deps: Deps, merchantId: string, id: string): Promise<MandateRequestRow> {
  required('merchant_id', merchantId);
  let row = await endMandateRequest(deps.sql, merchantId, id, 'cancelled', deps.clocks.now(merchantId));
  if (!row) {
    row = await readMandateRequest(deps.sql, merchantId, id);
    if (!row) throw notFound('mandate request', id);
    if (row.status !== 'cancelled') throw refusedEnd(id, row.status as MandateRequestStatus, 'cancelled');
  }
  await deps.connector.cancelConsent({ merchantId, mandateId: row.mandateId });
  return row;
}
