import { rows, type Queryable } from '@vrp/sql';

/**
 * Locks the event row for the rest of the transaction. Every change to an event's deliveries
 * takes this lock first (an attempt's recording too, inside its one statement), so the counts
 * taken afterwards see all committed siblings and no attempt is half-way.
 */
export async function lockEvent(db: Queryable, eventId: string, merchantId?: string): Promise<boolean> {
  const locked = merchantId
    ? await rows(db, 'SELECT id FROM webhook.events WHERE id = $1 AND merchant_id = $2 FOR UPDATE', [eventId, merchantId])
    : await rows(db, 'SELECT id FROM webhook.events WHERE id = $1 FOR UPDATE', [eventId]);
  return locked.length === 1;
}

/**
 * The statement that recounts the deliveries of the events whose id matches `idCondition`
 * (`= $1`, `= ANY($1)`) by state and stores the counts with the status they give (webhook.event_delivery_status,
 * the domain's eventDeliveryStatus in SQL; a CHECK keeps the two together). Run with the events
 * locked, by a statement after the lock, so the counts see every committed sibling.
 */
export const recountStatement = (idCondition: string): string => `
  UPDATE webhook.events ev
     SET deliveries_pending = s.p, deliveries_retrying = s.r, deliveries_delivered = s.d, deliveries_failed = s.f,
         delivery_status = webhook.event_delivery_status(s.p, s.r, s.d, s.f)
    FROM (SELECT e.id,
                 count(*) FILTER (WHERE d.status = 'pending')::int AS p,
                 count(*) FILTER (WHERE d.status = 'retrying')::int AS r,
                 count(*) FILTER (WHERE d.status = 'delivered')::int AS d,
                 count(*) FILTER (WHERE d.status = 'failed')::int AS f
            FROM webhook.events e LEFT JOIN webhook.deliveries d ON d.event_id = e.id
           WHERE e.id ${idCondition} GROUP BY e.id) s
   WHERE ev.id = s.id`;

/** Recounts the event's deliveries and stores its status (call with the event locked). */
export async function refreshEventStatus(db: Queryable, eventId: string): Promise<void> {
  await db.query(recountStatement('= $1'), [eventId]);
}
