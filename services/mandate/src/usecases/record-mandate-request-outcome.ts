import { ApiError, notFound, required } from '@vrp/errors';
import { ERASURE_CONSTRAINTS, erasureViolation } from '../db/customers.js';
import { endMandateRequestWithEvents } from '../db/mandate-request-ends.js';
import { readMandateRequest, type MandateRequestRow } from '../db/mandate-requests.js';
import { readMandate } from '../db/mandate-sql.js';
import type { MandateRow } from '../db/mandates.js';
import { planMove } from '../domain/mandate-lifecycle.js';
import { refusedEnd, type MandateRequestStatus } from '../domain/mandate-request-lifecycle.js';
import type { Deps } from '../deps.js';

/** How the bank says a journey ended. */
export type MandateRequestOutcome = 'authorised' | 'declined' | 'expired';

/**
 * Records the bank's verdict on the journey of request `id`, once, in one transaction with its
 * events. Authorised: the customer's SCA is complete, the mandate is created under the reserved id
 * with `mandate_request_id` (mandate.created) and activated, since the bank confirmed the consent
 * authorised (mandate.activated), and the request is authorised (mandate_request.authorised).
 * Declined or expired: the request ends so, with its event. Recording the outcome the request
 * already has answers it as it is; any other end is 422 invalid_state_transition. Errors: not_found,
 * customer_erased (the customer was erased during the journey: nothing is recorded).
 */
export async function recordMandateRequestOutcome(
  deps: Deps,
  merchantId: string,
  id: string,
  outcome: MandateRequestOutcome,
): Promise<{ request: MandateRequestRow; mandate: MandateRow | null }> {
  required('merchant_id', merchantId);
  const now = deps.clocks.now(merchantId);
  try {
    const ended = await endMandateRequestWithEvents(
      deps.sql,
      deps.subjectPrefix,
      merchantId,
      id,
      outcome,
      now,
      planMove('activate', now),
      () => customerErased(id),
    );
    if (ended) {
      deps.afterCommit();
      if (ended.mandate) await deps.replica?.replicate(ended.mandate);
      return ended;
    }
  } catch (err) {
    if (erasureViolation(err) === ERASURE_CONSTRAINTS.mandateOfErased) throw customerErased(id);
    throw err;
  }
  const current = await readMandateRequest(deps.sql, merchantId, id);
  if (!current) throw notFound('mandate request', id);
  if (current.status !== outcome) throw refusedEnd(id, current.status as MandateRequestStatus, outcome);
  return { request: current, mandate: current.status === 'authorised' ? await readMandate(deps.sql, merchantId, current.mandateId) : null };
}

function customerErased(id: string): ApiError {
  return new ApiError('customer_erased', `The customer of mandate request '${id}' was erased: no mandate can be created.`);
}
