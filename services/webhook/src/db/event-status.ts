import type { Queryable } from '@vrp/sql';
import { lockEvent as lockEventQuery, lockMerchantEvent, recountEvent, recountEvents } from '../generated/sql/event-status.queries.js';

/**
 * Locks the event row for the rest of the transaction. Every change to an event's deliveries
 * takes this lock first (an attempt's recording too, inside its one statement), so the counts
 * taken afterwards see all committed siblings and no attempt is half-way.
 */
export async function lockEvent(db: Queryable, eventId: string, merchantId?: string): Promise<boolean> {
  const locked = merchantId ? await lockMerchantEvent.run({ eventId, merchantId }, db) : await lockEventQuery.run({ eventId }, db);
  return locked.length === 1;
}

/**
 * Recounts the event's deliveries by state and stores the counts with the status they give
 * (webhook.event_delivery_status, the domain's eventDeliveryStatus in SQL; a CHECK keeps the two
 * together). Call with the event locked, by a statement after the lock, so the counts see every
 * committed sibling.
 */
export async function refreshEventStatus(db: Queryable, eventId: string): Promise<void> {
  await recountEvent.run({ eventId }, db);
}

/** Recounts the deliveries of each of the events as refreshEventStatus does, in one statement (call with the events locked). */
export async function refreshEventStatuses(db: Queryable, eventIds: string[]): Promise<void> {
  await recountEvents.run({ eventIds }, db);
}
