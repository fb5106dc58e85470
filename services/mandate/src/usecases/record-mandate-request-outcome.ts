import { ApiError, notFound, required } from '@vrp/errors';
import { transaction, type Queryable } from '@vrp/sql';
import { ERASURE_CONSTRAINTS, erasureViolation, setScaCompleted } from '../db/customers.js';
import { endMandateRequest, readMandateRequest, type MandateRequestRow } from '../db/mandate-requests.js';
import { recordMandateEvent, recordMandateRequestEvent } from '../db/events.js';
import { applyMandateChange, insertMandate, readMandate } from '../db/mandate-sql.js';
import type { MandateRow } from '../db/mandates.js';
import { planMove } from '../domain/mandate-lifecycle.js';
import { refusedEnd, type MandateRequestStatus } from '../domain/mandate-request-lifecycle.js';
import type { StoredControls } from '../domain/mandate-controls.js';
import type { Frequency, VrpType } from '../domain/mandate-terms.js';
import type { Metadata } from '@vrp/public-api';
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
  let activated: MandateRow | null = null;
  try {
    const request = await transaction(deps.sql, async (tx) => {
      const ended = await endMandateRequest(tx, merchantId, id, outcome, now);
      if (!ended) return null;
      if (outcome === 'authorised') activated = await createAuthorisedMandate(deps, tx, ended, now);
      await recordMandateRequestEvent(tx, deps.subjectPrefix, ended, now);
      return ended;
    });
    if (request) {
      deps.afterCommit();
      if (activated) await deps.replica?.replicate(activated);
      return { request, mandate: activated };
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

/** The mandate an authorised request creates: SCA recorded, mandate created and activated, each with its event. */
async function createAuthorisedMandate(deps: Deps, tx: Queryable, request: MandateRequestRow, now: Date): Promise<MandateRow> {
  if (!(await setScaCompleted(tx, request.merchantId, request.customerId))) throw customerErased(request.id);
  const terms = {
    maximumAmountMinor: request.maximumAmountMinor,
    currency: request.currency,
    frequency: request.frequency as Frequency,
    description: request.description,
    metadata: request.metadata as Metadata,
    vrpType: request.vrpType as VrpType,
    controls: request.controls as unknown as StoredControls | null,
  };
  const created = await insertMandate(
    tx,
    deps.subjectPrefix,
    request.merchantId,
    request.customerId,
    terms,
    request.mandateId,
    now,
    request.id,
  );
  if (typeof created === 'string') throw customerErased(request.id);
  const plan = planMove('activate', now);
  const active = await applyMandateChange(tx, request.merchantId, created.id, plan.from, plan.change);
  await recordMandateEvent(tx, deps.subjectPrefix, plan.event, active!, now);
  return active!;
}

function customerErased(id: string): ApiError {
  return new ApiError('customer_erased', `The customer of mandate request '${id}' was erased: no mandate can be created.`);
}
