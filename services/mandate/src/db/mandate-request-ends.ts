/**
 * The ends of mandate requests that write more than the request: each in one transaction with
 * the events it announces (the sweep's expiries, the bank's verdict on a journey and, for an
 * authorised one, the mandate it creates).
 */
import type { Metadata } from '@vrp/public-api';
import { transaction, type SqlPool } from '@vrp/sql';
import type { PlannedMove } from '../domain/mandate-lifecycle.js';
import type { StoredControls } from '../domain/mandate-controls.js';
import type { MandateRequestEnd } from '../domain/mandate-request-lifecycle.js';
import type { Frequency, VrpType } from '../domain/mandate-terms.js';
import { setScaCompleted } from './customers.js';
import { recordMandateEvent, recordMandateRequestEvent } from './events.js';
import { endMandateRequest, expireDueMandateRequests, type MandateRequestRow } from './mandate-requests.js';
import { applyMandateChange, insertMandate } from './mandate-sql.js';
import type { MandateRow } from './mandates.js';

/**
 * Expires up to `limit` requests whose time ran out on their merchant's clock (see
 * expireDueMandateRequests), each with its mandate_request.expired event dated when it expired,
 * in one transaction; returns them.
 */
export function expireDueMandateRequestsWithEvents(
  pool: SqlPool,
  subjectPrefix: string,
  now: Date,
  limit: number,
): Promise<MandateRequestRow[]> {
  return transaction(pool, async (tx) => {
    const expired = await expireDueMandateRequests(tx, now, limit);
    for (const row of expired) await recordMandateRequestEvent(tx, subjectPrefix, row, row.endedAt!);
    return expired;
  });
}

/**
 * Ends request `id` as `end` at `at` while it awaits authorisation, with its event, in one
 * transaction; null when it does not await authorisation (nothing is written). Ending it
 * authorised also records its customer's SCA, creates its mandate under the reserved id with
 * `mandate_request_id` (mandate.created) and moves the mandate as `activation` says, with its
 * event; if the customer was erased meanwhile, it throws what `refuse` makes and nothing is
 * written.
 */
export function endMandateRequestWithEvents(
  pool: SqlPool,
  subjectPrefix: string,
  merchantId: string,
  id: string,
  end: MandateRequestEnd,
  at: Date,
  activation: PlannedMove,
  refuse: () => Error,
): Promise<{ request: MandateRequestRow; mandate: MandateRow | null } | null> {
  return transaction(pool, async (tx) => {
    const ended = await endMandateRequest(tx, merchantId, id, end, at);
    if (!ended) return null;
    let mandate: MandateRow | null = null;
    if (end === 'authorised') {
      if (!(await setScaCompleted(tx, ended.merchantId, ended.customerId))) throw refuse();
      const created = await insertMandate(tx, subjectPrefix, {
        merchantId: ended.merchantId,
        customerId: ended.customerId,
        terms: termsOf(ended),
        id: ended.mandateId,
        createdAt: at,
        mandateRequestId: ended.id,
      });
      if (typeof created === 'string') throw refuse();
      mandate = (await applyMandateChange(tx, ended.merchantId, created.id, activation.from, activation.change))!;
      await recordMandateEvent(tx, subjectPrefix, activation.event, mandate, at);
    }
    await recordMandateRequestEvent(tx, subjectPrefix, ended, at);
    return { request: ended, mandate };
  });
}

/** The terms a request asked for, as its mandate stores them. */
function termsOf(request: MandateRequestRow) {
  return {
    maximumAmountMinor: request.maximumAmountMinor,
    currency: request.currency,
    frequency: request.frequency as Frequency,
    description: request.description,
    metadata: request.metadata as Metadata,
    vrpType: request.vrpType as VrpType,
    controls: request.controls as unknown as StoredControls | null,
  };
}
