/**
 * Endpoint circuits shared by every webhook replica: a row per endpoint whose circuit some
 * replica opened, until when it stays open. Written only when a circuit opens or closes, read by
 * each replica once a second (see EndpointBreakers), so an endpoint found down by one replica is
 * left alone by all within about a second. Times are the database's, so replicas' clocks never
 * disagree about them.
 */
import { rows, type Queryable } from '@vrp/sql';

/** Marks the endpoint's circuit open for `forMs` from now (a later opening extends it). */
export async function publishCircuitOpen(db: Queryable, endpointId: string, forMs: number): Promise<void> {
  await db.query(
    `INSERT INTO webhook.endpoint_circuits (endpoint_id, open_until)
     VALUES ($1, now() + $2 * interval '1 millisecond')
     ON CONFLICT (endpoint_id) DO UPDATE SET open_until = GREATEST(endpoint_circuits.open_until, EXCLUDED.open_until)`,
    [endpointId, forMs],
  );
}

/** A trial delivery succeeded somewhere: the circuit is closed for every replica. */
export async function publishCircuitClosed(db: Queryable, endpointId: string): Promise<void> {
  await db.query(`DELETE FROM webhook.endpoint_circuits WHERE endpoint_id = $1`, [endpointId]);
}

/**
 * Closes, for every replica, the circuits of the merchant's endpoints (its sandbox clock jumped
 * past their reset period); answers the merchant's endpoint ids, so callers close their own too.
 */
export async function closeCircuitsOfMerchant(db: Queryable, merchantId: string): Promise<string[]> {
  const found = await rows<{ id: string }>(
    db,
    `WITH endpoints AS (SELECT id FROM webhook.endpoints WHERE merchant_id = $1),
     closed AS (DELETE FROM webhook.endpoint_circuits c USING endpoints e WHERE c.endpoint_id = e.id)
     SELECT id FROM endpoints`,
    [merchantId],
  );
  return found.map((r) => r.id);
}

/** The circuits open now, with how long each stays open (ms); rows long past are swept on the way. */
export async function openCircuits(db: Queryable): Promise<Map<string, number>> {
  const found = await rows<{ endpoint_id: string; remaining_ms: number }>(
    db,
    `WITH swept AS (DELETE FROM webhook.endpoint_circuits WHERE open_until < now() - interval '1 hour')
     SELECT endpoint_id, (extract(epoch FROM open_until - now()) * 1000)::float8 AS remaining_ms
       FROM webhook.endpoint_circuits WHERE open_until > now()`,
  );
  return new Map(found.map((r) => [r.endpoint_id, r.remaining_ms]));
}
