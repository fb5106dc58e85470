import { transaction, type SqlPool } from '@vrp/sql';
import { insertDueDeliveries, rearmDeliveries } from './deliveries.js';
import { subscribedEndpoints, type EndpointRow } from './endpoints.js';
import { lockEvent, refreshEventStatus } from './event-status.js';
import { eventById } from './events.js';
import { spendManualRetry } from './retry-budget.js';

/** What a manual retry did: re-armed the event's deliveries, found no such event, or was refused until the budget's window ends. */
export type ManualRetryOutcome = { outcome: 'rearmed' } | { outcome: 'not_found' } | { outcome: 'refused'; until: Date };

/**
 * A merchant's manual retry of an event, in one transaction: the event locked, one retry of the
 * merchant's hourly budget spent, a due delivery added for each endpoint subscribed since (those
 * `deliverable` keeps), every delivery to an enabled endpoint made due at `at`, the event's status
 * recounted. An unknown event spends nothing, and a refused retry changes nothing.
 */
export async function rearmEventForRetry(
  pool: SqlPool,
  r: { merchantId: string; eventId: string; at: Date; perHour: number; deliverable: (endpoint: EndpointRow) => boolean },
): Promise<ManualRetryOutcome> {
  return transaction(pool, async (tx): Promise<ManualRetryOutcome> => {
    if (!(await lockEvent(tx, r.eventId, r.merchantId))) return { outcome: 'not_found' };
    const refusedUntil = await spendManualRetry(tx, r.merchantId, r.perHour);
    if (refusedUntil) return { outcome: 'refused', until: refusedUntil };
    const event = await eventById(tx, r.eventId);
    const endpoints = (await subscribedEndpoints(tx, r.merchantId, event.eventType)).filter(r.deliverable);
    await insertDueDeliveries(tx, {
      merchantId: r.merchantId,
      eventId: r.eventId,
      endpointIds: endpoints.map((e) => e.id),
      at: r.at,
      manual: true,
    });
    await rearmDeliveries(tx, r.eventId, r.at);
    await refreshEventStatus(tx, r.eventId);
    return { outcome: 'rearmed' };
  });
}
