/**
 * Endpoint circuits shared by every webhook replica: a row per endpoint whose circuit some
 * replica opened, until when it stays open. Written only when a circuit opens or closes, read by
 * each replica once a second (see EndpointBreakers), so an endpoint found down by one replica is
 * left alone by all within about a second. Times are the database's, so replicas' clocks never
 * disagree about them.
 */
import type { Queryable } from '@vrp/sql';
import {
  closeCircuitsOfMerchant as closeCircuitsOfMerchantQuery,
  openCircuits as openCircuitsQuery,
  publishCircuitClosed as publishCircuitClosedQuery,
  publishCircuitOpen as publishCircuitOpenQuery,
} from '../generated/sql/endpoint-circuits.queries.js';

/** Marks the endpoint's circuit open for `forMs` from now (a later opening extends it). */
export async function publishCircuitOpen(db: Queryable, endpointId: string, forMs: number): Promise<void> {
  await publishCircuitOpenQuery.run({ endpointId, forMs }, db);
}

/** A trial delivery succeeded somewhere: the circuit is closed for every replica. */
export async function publishCircuitClosed(db: Queryable, endpointId: string): Promise<void> {
  await publishCircuitClosedQuery.run({ endpointId }, db);
}

/**
 * Closes, for every replica, the circuits of the merchant's endpoints (its sandbox clock jumped
 * past their reset period); answers the merchant's endpoint ids, so callers close their own too.
 */
export async function closeCircuitsOfMerchant(db: Queryable, merchantId: string): Promise<string[]> {
  const found = await closeCircuitsOfMerchantQuery.run({ merchantId }, db);
  return found.map((r) => r.id);
}

/** The circuits open now, with how long each stays open (ms); rows long past are swept on the way. */
export async function openCircuits(db: Queryable): Promise<Map<string, number>> {
  const found = await openCircuitsQuery.run(undefined, db);
  return new Map(found.map((r) => [r.endpointId, r.remainingMs]));
}
